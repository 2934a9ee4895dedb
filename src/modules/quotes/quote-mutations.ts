// Writes of quotes (decision 064). Each takes the database first, checks the actor's role,
// validates with the shared schema and runs ONE transaction that also records the audit event.
// A sent quote is never edited: every mutation checks the stored status under a row lock.
import { and, eq } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { client, quote, user } from "@/db/schema";
import { addDaysToDate, formatDate, todayInZone } from "@/lib/dates";
import { ConflictError, CORRECT_THE_FIELDS, InvalidError, invalidFrom, NotFoundError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { parseInput } from "@/lib/parse-input";
import { refuse } from "@/lib/rule-result";
import { documentTranslator, clientDocumentLanguage } from "@/i18n/document-language";
import { getConfig } from "@/lib/env";
import { type ActingParty, type Actor, diffSummary, recordAudit } from "@/modules/audit/audit-log";
import { freezeBrand } from "@/modules/invoices/invoice-brand";
import { clientSnapshotOf, firmSnapshotOf } from "@/modules/invoices/invoice-document";
import {
  checkDraftValues,
  configuredRates,
  insertDraftInvoice,
  loadClientForDraft,
  takeNumber,
} from "@/modules/invoices/invoice-mutations";
import { draftLinesOf, storedLinesOf } from "@/modules/invoices/stored-lines";
import { firmOf } from "@/modules/mail/mail-notifications";
import { quoteAnsweredMail, quoteMail } from "@/modules/mail/mail-templates";
import { enqueueEmail } from "@/modules/mail/outbox";
import { getSettings, type Settings } from "@/modules/settings/settings-queries";
import { issueShareLink } from "@/modules/share-links/share-link-mutations";
import { openSharedDocument } from "@/modules/share-links/share-link-queries";
import { mailedLinkExpiryOf, shareLinkUrl } from "@/modules/share-links/share-link-rules";
import { requirePermission } from "@/modules/users/permissions";
import { quotePdfBytes } from "./quote-files";
import {
  canConvertQuote,
  canDecideQuote,
  canEditQuote,
  canReviseQuote,
  canSendQuote,
  type QuoteDecision,
  supersedes,
} from "./quote-rules";
import {
  answerSharedQuoteInput,
  createQuoteInput,
  decideQuoteInput,
  quoteRefInput,
  type QuoteValues,
  sendQuoteInput,
  updateQuoteInput,
} from "./quote-schemas";

type QuoteRow = typeof quote.$inferSelect;

const MANAGERS_ONLY = "Only administrators and managers can work on quotes.";
const stale = () =>
  new ConflictError("This quote was changed by someone else. Reload the page and try again.", "quote.stale");

async function lockQuote(tx: Executor, id: string): Promise<QuoteRow> {
  const [row] = await tx.select().from(quote).where(eq(quote.id, id)).for("update");
  if (!row) throw new NotFoundError("This quote does not exist.", "quote.not_found");
  return row;
}

/**
 * A quote's lines pass the very checks of an invoice draft (client open, its currency, tax rates
 * configured, amounts computable), so the invoice made from it later is a valid draft.
 */
async function checkQuote(tx: Executor, values: QuoteValues, keepArchivedClient: string | null, now: Date) {
  const settings = await getSettings(tx);
  const today = todayInZone(settings.timezone, now);
  if (values.validUntil < today)
    throw invalidFrom(
      refuse("quote.validity_past", "The quote must be valid until today or later.", "validUntil"),
      CORRECT_THE_FIELDS,
    );
  const clientRow = await loadClientForDraft(tx, values.clientId, keepArchivedClient);
  const totals = checkDraftValues(
    { ...values, issueDate: today, dueDate: today, servicePeriodStart: null, servicePeriodEnd: null },
    { kind: "invoice", allowedRates: configuredRates(settings), client: clientRow },
  );
  if (values.lines.some((line) => line.timeEntryIds.length > 0))
    throw new InvalidError("A quote has fixed lines; time is billed on invoices.", {}, "quote.bills_no_time");
  return { settings, today, clientRow, totals };
}

function storedFields(values: QuoteValues, checked: Awaited<ReturnType<typeof checkQuote>>) {
  const { settings, today, clientRow, totals } = checked;
  return {
    clientId: clientRow.id,
    currency: clientRow.currency,
    // Written in its client's language (decision 061), frozen when it is sent.
    language: clientDocumentLanguage(clientRow, settings.documentLanguage),
    lines: storedLinesOf(values.lines, totals.lineRates),
    notes: values.notes,
    footer: values.footer,
    buyerReference: values.buyerReference,
    purchaseOrderReference: values.purchaseOrderReference,
    paymentMeans: values.paymentMeans,
    // A draft is dated the day it was last saved; sending dates it again.
    issueDate: today,
    validUntil: values.validUntil,
    netTotal: totals.net,
    taxTotal: totals.tax,
    total: totals.total,
    taxBreakdown: totals.taxes,
  };
}

export async function createQuote(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(createQuoteInput, input);
  return db.transaction(async (tx) => {
    const checked = await checkQuote(tx, values, null, now);
    const [created] = await tx
      .insert(quote)
      .values({ ...storedFields(values, checked), createdById: actor.id })
      .returning();
    await recordAudit(tx, actor, {
      entity: "quote",
      entityId: created!.id,
      action: "create",
      summary: {
        client: checked.clientRow.name,
        lines: values.lines.length,
        total: created!.total,
        currency: created!.currency,
      },
    });
    return created!;
  });
}

export async function updateQuote(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(updateQuoteInput, input);
  return db.transaction(async (tx) => {
    const current = await lockQuote(tx, values.id);
    const editable = canEditQuote(current);
    if (!editable.ok) throw invalidFrom(editable);
    if (current.version !== values.version) throw stale();
    const fields = storedFields(values, await checkQuote(tx, values, current.clientId, now));
    const [updated] = await tx
      .update(quote)
      .set({ ...fields, version: current.version + 1 })
      .where(and(eq(quote.id, current.id), eq(quote.version, values.version), eq(quote.status, "draft")))
      .returning();
    if (!updated) throw stale();
    await recordAudit(tx, actor, {
      entity: "quote",
      entityId: current.id,
      action: "update",
      summary: diffSummary(current as Record<string, unknown>, fields as Record<string, unknown>, [
        "lines",
        "taxBreakdown",
      ]),
    });
    return updated;
  });
}

/** Deletes a draft (a sent quote is kept for ever, like an issued invoice). */
export async function deleteQuote(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "invoice.delete", MANAGERS_ONLY);
  const values = parseInput(quoteRefInput, input);
  return db.transaction(async (tx) => {
    const current = await lockQuote(tx, values.id);
    if (current.status !== "draft") throw new InvalidError("Only a draft quote can be deleted.", {}, "quote.not_draft");
    if (current.version !== values.version) throw stale();
    await tx.delete(quote).where(eq(quote.id, current.id));
    await recordAudit(tx, actor, {
      entity: "quote",
      entityId: current.id,
      action: "delete",
      summary: { total: current.total, currency: current.currency },
    });
    return current;
  });
}

/** The quote mail's subject and message in its language. */
function quoteMailTexts(language: string, values: { number: string; firm: string; validUntil: string }) {
  const t = documentTranslator(language);
  return {
    subject: t("email.quoteSubject", { number: values.number, firm: values.firm }),
    message: t("email.quoteMessage", { number: values.number, validUntil: values.validUntil }),
  };
}

/**
 * Mails a sent quote inside the caller's transaction: the PDF attached, and a new share link when
 * Settings → Client links asks for one in mails (decision 059), so the client can accept online.
 */
async function writeQuoteEmail(
  tx: Executor,
  actor: ActingParty,
  quoteId: string,
  to: string,
  settings: Settings,
  now: Date,
) {
  const { detail, brand, language, bytes, filename } = await quotePdfBytes(tx, quoteId);
  const number = detail.number ?? "";
  const validUntil = formatDate(detail.validUntil, language.locale, "UTC", "long");
  const link = settings.shareLinkInMails
    ? await issueShareLink(tx, actor, {
        document: { entity: "quote", id: detail.id, number: detail.number },
        source: "mail",
        sentTo: to,
        expiresAt: mailedLinkExpiryOf(settings.shareLinkMailDays, settings.timezone, now),
      })
    : null;
  const texts = quoteMailTexts(language.language, { number, firm: settings.firmName, validUntil });
  const { inline, ...rendered } = quoteMail(
    {
      name: settings.firmName,
      brandColor: brand.brandColor,
      email: settings.email,
      logo: brand.logo && brand.logoMimeType ? { data: brand.logo, mimeType: brand.logoMimeType } : null,
    },
    {
      ...texts,
      number,
      total: formatMoney(detail.total, detail.currency, language.locale),
      validUntil,
      viewUrl: link ? shareLinkUrl(getConfig().appUrl, link.token) : null,
    },
    language.language,
  );
  const emailId = await enqueueEmail(tx, {
    to: [to],
    ...rendered,
    attachments: [{ filename, contentType: "application/pdf", content: bytes }, ...(inline ?? [])],
    about: { type: "quote", id: detail.id },
    senderId: actor.id,
  });
  await recordAudit(tx, actor, {
    entity: "quote",
    entityId: detail.id,
    action: "email_sent",
    summary: { number, to: [to], subject: texts.subject, emailId, ...(link ? { shareLinkId: link.id } : {}) },
  });
  return emailId;
}

/**
 * Sends a draft: the next number of the quote series (gapless, taken under the counter's lock),
 * dated today, the client's and firm's details frozen; read-only from then on. With `email`, the
 * mail and its PDF go to the outbox in the same transaction. The version it replaces is superseded.
 */
export async function sendQuote(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.send", MANAGERS_ONLY);
  const values = parseInput(sendQuoteInput, input);
  return db.transaction(async (tx) => {
    const current = await lockQuote(tx, values.id);
    const settings = await getSettings(tx);
    const today = todayInZone(settings.timezone, now);
    const sendable = canSendQuote({ ...current, lineCount: current.lines.length }, today);
    if (!sendable.ok) throw invalidFrom(sendable);
    if (current.version !== values.version) throw stale();
    const [clientRow] = await tx.select().from(client).where(eq(client.id, current.clientId));
    if (!clientRow) throw new NotFoundError("The client of this quote no longer exists.", "quote.client_gone");
    if (values.email && !clientRow.billingEmail)
      throw new InvalidError(
        `${clientRow.name} has no billing email: add one to the client, or mark the quote as sent without mailing it.`,
        {},
        "quote.no_billing_email",
      );
    const number = await takeNumber(tx, {
      series: "quote",
      pattern: settings.quoteNumberPattern,
      issueDate: today,
      today,
      check: (latest) => {
        if (latest && latest > today)
          throw new InvalidError(
            `A quote was already sent dated ${latest}; quote numbers stay in date order.`,
            {},
            "quote.date_before_latest",
          );
      },
    });
    const [sent] = await tx
      .update(quote)
      .set({
        number,
        status: "sent",
        issueDate: today,
        clientSnapshot: clientSnapshotOf(clientRow),
        firmSnapshot: { ...firmSnapshotOf(settings), brand: await freezeBrand(tx, settings) },
        // The totals and breakdown (with each rate's mention) are the draft's last save's, frozen now.
        language: current.language ?? clientDocumentLanguage(clientRow, settings.documentLanguage),
        sentAt: now,
        sentById: actor.id,
        version: current.version + 1,
      })
      .where(and(eq(quote.id, current.id), eq(quote.status, "draft")))
      .returning();
    if (!sent) throw stale();
    await recordAudit(tx, actor, {
      entity: "quote",
      entityId: current.id,
      action: "send",
      summary: { number, validUntil: current.validUntil, total: current.total, currency: current.currency },
    });
    if (current.supersedesId) {
      const previous = await lockQuote(tx, current.supersedesId);
      if (supersedes(previous)) {
        await tx
          .update(quote)
          .set({ status: "superseded", version: previous.version + 1 })
          .where(eq(quote.id, previous.id));
        await recordAudit(tx, actor, {
          entity: "quote",
          entityId: previous.id,
          action: "superseded",
          summary: { number: previous.number, by: number, status: { from: previous.status, to: "superseded" } },
        });
      }
    }
    const emailId = values.email
      ? await writeQuoteEmail(tx, actor, sent.id, clientRow.billingEmail!, settings, now)
      : null;
    return { quote: sent, emailId };
  });
}

/**
 * Records the client's answer on a sent, unexpired quote: by a manager (`source: manager`), or by
 * the client on the shared page (`source: link`, with the name typed and the address it came from).
 */
export async function decideLocked(
  tx: Executor,
  actor: ActingParty,
  current: QuoteRow,
  answer: {
    decision: QuoteDecision;
    name: string;
    address: string | null;
    source: "link" | "manager";
    linkId?: string;
    /** The version the manager saw; a link answers whatever the version. */
    version?: number;
  },
  now: Date,
) {
  const settings = await getSettings(tx);
  const decidable = canDecideQuote(current, todayInZone(settings.timezone, now));
  if (!decidable.ok) throw invalidFrom(decidable);
  if (answer.version !== undefined && answer.version !== current.version) throw stale();
  const status = answer.decision === "accept" ? "accepted" : "declined";
  const [decided] = await tx
    .update(quote)
    .set({
      status,
      decidedAt: now,
      decidedByName: answer.name,
      decidedFromAddress: answer.address,
      decisionSource: answer.source,
      version: current.version + 1,
    })
    .where(and(eq(quote.id, current.id), eq(quote.status, "sent")))
    .returning();
  if (!decided) throw stale();
  await recordAudit(tx, actor, {
    entity: "quote",
    entityId: current.id,
    action: status,
    summary: {
      number: current.number,
      name: answer.name,
      source: answer.source,
      ...(answer.address ? { address: answer.address } : {}),
      ...(answer.linkId ? { linkId: answer.linkId } : {}),
      status: { from: current.status, to: status },
    },
  });
  return decided;
}

/** A manager records the client's answer (given by phone or mail). */
export async function decideQuote(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(decideQuoteInput, input);
  return db.transaction(async (tx) => {
    const current = await lockQuote(tx, values.id);
    return decideLocked(
      tx,
      actor,
      current,
      { decision: values.decision, name: actor.name, address: null, source: "manager", version: values.version },
      now,
    );
  });
}

/**
 * "Convert to invoice": a draft invoice with the quote's lines, made by the invoice form's own
 * insertDraftInvoice (same checks, the one totals function), dated today and due after the
 * client's terms; the quote keeps a link to it, and the invoice page links back.
 */
export async function convertQuote(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(quoteRefInput, input);
  return db.transaction(async (tx) => {
    const current = await lockQuote(tx, values.id);
    const convertible = canConvertQuote(current);
    if (!convertible.ok) throw invalidFrom(convertible);
    if (current.version !== values.version) throw stale();
    const settings = await getSettings(tx);
    const today = todayInZone(settings.timezone, now);
    const [clientRow] = await tx.select().from(client).where(eq(client.id, current.clientId));
    const draft = await insertDraftInvoice(tx, actor, {
      clientId: current.clientId,
      currency: current.currency,
      issueDate: today,
      dueDate: addDaysToDate(today, clientRow?.paymentTermsDays ?? settings.paymentTermsDays),
      servicePeriodStart: null,
      servicePeriodEnd: null,
      notes: current.notes,
      footer: current.footer,
      buyerReference: current.buyerReference,
      // The client's order is the quote they accepted, unless they gave their own number.
      purchaseOrderReference: current.purchaseOrderReference ?? current.number,
      paymentMeans: current.paymentMeans,
      lines: draftLinesOf(current.lines),
    });
    const [converted] = await tx
      .update(quote)
      .set({ invoiceId: draft.id, version: current.version + 1 })
      .where(eq(quote.id, current.id))
      .returning();
    await recordAudit(tx, actor, {
      entity: "quote",
      entityId: current.id,
      action: "convert",
      summary: { number: current.number, invoiceId: draft.id, total: draft.total, currency: draft.currency },
    });
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: draft.id,
      action: "from_quote",
      summary: { quote: current.number, quoteId: current.id },
    });
    return { quote: converted!, invoice: draft };
  });
}

/** A new version of a sent or declined quote: a draft with its content that supersedes it once sent. */
export async function reviseQuote(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(quoteRefInput, input);
  return db.transaction(async (tx) => {
    const current = await lockQuote(tx, values.id);
    const [newer] = await tx.select({ id: quote.id }).from(quote).where(eq(quote.supersedesId, current.id)).limit(1);
    const revisable = canReviseQuote({ status: current.status, hasNewerVersion: Boolean(newer) });
    if (!revisable.ok) throw invalidFrom(revisable);
    if (current.version !== values.version) throw stale();
    const settings = await getSettings(tx);
    const today = todayInZone(settings.timezone, now);
    // The same length of validity as the version it replaces, from today.
    const days = Math.max(1, Math.round((Date.parse(current.validUntil) - Date.parse(current.issueDate)) / 86_400_000));
    const [created] = await tx
      .insert(quote)
      .values({
        clientId: current.clientId,
        currency: current.currency,
        language: current.language,
        lines: current.lines,
        notes: current.notes,
        footer: current.footer,
        buyerReference: current.buyerReference,
        purchaseOrderReference: current.purchaseOrderReference,
        paymentMeans: current.paymentMeans,
        issueDate: today,
        validUntil: addDaysToDate(today, days),
        netTotal: current.netTotal,
        taxTotal: current.taxTotal,
        total: current.total,
        taxBreakdown: current.taxBreakdown,
        supersedesId: current.id,
        createdById: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: "quote",
      entityId: created!.id,
      action: "new_version",
      summary: { of: current.number, ofId: current.id },
    });
    await recordAudit(tx, actor, {
      entity: "quote",
      entityId: current.id,
      action: "new_version_started",
      summary: { number: current.number, draftId: created!.id },
    });
    return created!;
  });
}

export type SharedQuoteAnswer =
  { kind: "rate_limited"; retryAfterSeconds: number } | { kind: "not_found" } | { kind: "answered"; quote: QuoteRow };

/**
 * The client's Accept / Decline on the shared page (decision 064). The token is opened again (the
 * same rate limit and lookup as the page: an unknown, revoked or expired link is "not found"); the
 * answer is recorded with the name typed, the time and the address, in the quote's history, and
 * the person who sent the quote is told by mail (through the outbox), all in one transaction.
 */
export async function answerSharedQuote(
  db: Database,
  request: { input: unknown; address: string; now?: Date },
): Promise<SharedQuoteAnswer> {
  const now = request.now ?? new Date();
  const values = parseInput(answerSharedQuoteInput, request.input);
  const opening = await openSharedDocument(db, { token: values.token, address: request.address, now });
  if (opening.kind !== "found") return opening;
  if (opening.document.kind !== "quote") return { kind: "not_found" };
  const { quoteId, linkId } = opening.document;
  return db.transaction(async (tx) => {
    const current = await lockQuote(tx, quoteId);
    const answerer = { id: null, name: `${values.name} (client link)` } as const;
    const decided = await decideLocked(
      tx,
      answerer,
      current,
      { decision: values.decision, name: values.name, address: request.address, source: "link", linkId },
      now,
    );
    const [sender] = current.sentById
      ? await tx.select({ email: user.email, active: user.active }).from(user).where(eq(user.id, current.sentById))
      : [];
    if (sender?.active) {
      const [clientRow] = await tx.select({ name: client.name }).from(client).where(eq(client.id, current.clientId));
      const rendered = quoteAnsweredMail(await firmOf(tx, current.sentById), {
        number: current.number ?? "",
        clientName: clientRow?.name ?? "",
        accepted: decided.status === "accepted",
        name: values.name,
        url: `${getConfig().appUrl}/bo/quotes/${current.id}`,
      });
      await enqueueEmail(tx, { to: [sender.email], ...rendered, about: { type: "quote", id: current.id } });
    }
    return { kind: "answered" as const, quote: decided };
  });
}
