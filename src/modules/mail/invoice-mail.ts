import "server-only";
// Sending an invoice by mail: the PDF the invoice page serves, attached; the mail
// written to the outbox, invoices.sent_at set and the history recorded, all in one transaction.
import { eq, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { invoice } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { formatDate } from "@/lib/dates";
import { InvalidError, NotFoundError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { type ActingParty, type Actor, recordAudit } from "@/modules/audit/audit-log";
import { pdfBrandingOf, renderInvoicePdf } from "@/modules/invoices/invoice-pdf";
import { requirePermission } from "@/modules/users/permissions";
import { getInvoiceDocument } from "@/modules/invoices/invoice-detail-queries";
import { messageText, REFERENCE_LANGUAGE } from "@/i18n/catalogs";
import type { Settings } from "@/modules/settings/settings-queries";
import { invoiceMail } from "./mail-templates";
import { fillInvoiceTemplate, sendInvoiceEmailInput } from "./mail-schemas";
import { currentMailIdentity, enqueueEmail } from "./outbox";
import { getConfig } from "@/lib/env";
import { issueShareLink } from "@/modules/share-links/share-link-mutations";
import { mailedLinkExpiryOf, shareLinkUrl } from "@/modules/share-links/share-link-rules";

/** The PDF's file name, as the invoice's PDF route names it. */
export function invoicePdfFilename(kind: "invoice" | "credit_note", number: string | null, id: string): string {
  const name = number ? `${kind === "credit_note" ? "credit-note" : "invoice"}-${number}` : `draft-${id.slice(0, 8)}`;
  return `${name.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;
}

/** The PDF bytes of an invoice: the same function and inputs as /bo/invoices/{id}/pdf. */
export async function invoicePdfBytes(db: Executor, invoiceId: string): Promise<{ bytes: Buffer; filename: string }> {
  const { detail, document, brand } = await getInvoiceDocument(db, invoiceId);
  const bytes = await renderInvoicePdf(document, detail.issuedAt ?? detail.updatedAt, {
    branding: pdfBrandingOf(brand),
  });
  return { bytes, filename: invoicePdfFilename(detail.kind, detail.number, detail.id) };
}

export type SendInvoiceDefaults = {
  to: string;
  cc: string;
  subject: string;
  message: string;
  canSend: boolean;
  reason: string | null;
  /** Who the mail comes from and where a reply goes (Settings → Mail). */
  from: string;
  replyTo: string | null;
  /** The mail will carry a new client link to view the document online (Settings → Client links). */
  includesLink: boolean;
};

/**
 * The invoice mail's subject and message templates in a document language: English's are the two
 * settings fields, another language's the firm's own (Settings → Mail) or its catalog's default.
 */
export function invoiceEmailTemplateIn(settings: Settings, language: string): { subject: string; message: string } {
  if (language === REFERENCE_LANGUAGE)
    return { subject: settings.invoiceEmailSubject, message: settings.invoiceEmailMessage };
  return (
    settings.invoiceEmailTemplates[language] ?? {
      subject: messageText(language, "email.invoiceSubject"),
      message: messageText(language, "email.invoiceMessage"),
    }
  );
}

type LoadedInvoiceDocument = Awaited<ReturnType<typeof getInvoiceDocument>>;

/** What the send dialog starts with: the client's billing email, and the settings' subject and message filled in. */
export async function getSendInvoiceDefaults(
  db: Executor,
  invoiceId: string,
  senderId: string | null = null,
  /** The invoice's document when the caller has it already (the invoice page): not read twice. */
  loaded?: Pick<LoadedInvoiceDocument, "detail" | "settings" | "language">,
): Promise<SendInvoiceDefaults> {
  const [{ detail, settings, language }, identity] = await Promise.all([
    loaded ?? getInvoiceDocument(db, invoiceId),
    currentMailIdentity(db, { senderId }),
  ]);
  const values = {
    number: detail.number ?? "",
    firm: settings.firmName,
    dueDate: formatDate(detail.dueDate, language.locale, settings.timezone, "long"),
    client: detail.clientSnapshot?.name ?? detail.client.name,
  };
  // In the invoice's language (decision 061).
  const template = invoiceEmailTemplateIn(settings, language.language);
  return {
    to: detail.client.billingEmail ?? "",
    cc: "",
    subject: fillInvoiceTemplate(template.subject, values),
    message: fillInvoiceTemplate(template.message, values),
    canSend: detail.status !== "draft",
    reason: detail.status === "draft" ? "Issue the invoice before sending it." : null,
    from: identity.from,
    replyTo: identity.replyTo,
    includesLink: settings.shareLinkInMails,
  };
}

export async function sendInvoiceEmail(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.send", "Only administrators and managers can send invoices.");
  const values = parseInput(sendInvoiceEmailInput, input);
  // Rendered before the transaction (CPU work); an issued invoice never changes, so its bytes are final.
  const prepared = await prepareInvoiceEmail(db, values.invoiceId);
  return db.transaction((tx) => writeInvoiceEmail(tx, actor, prepared, values, now));
}

type PreparedInvoiceEmail = LoadedInvoiceDocument & { bytes: Buffer; filename: string };

/** The invoice's document and PDF, for a mail about it; a draft is refused. */
export async function prepareInvoiceEmail(db: Executor, invoiceId: string): Promise<PreparedInvoiceEmail> {
  const document = await getInvoiceDocument(db, invoiceId);
  if (document.detail.status === "draft")
    throw new InvalidError("A draft cannot be sent: issue the invoice first.", {}, "mail.draft_invoice");
  const { bytes, filename } = await invoicePdfBytes(db, invoiceId);
  return { ...document, bytes, filename };
}

/**
 * Writes the mail to the outbox, sets sent_at and records the history, inside the caller's
 * transaction: the send dialog's, or the recurring invoices' worker's (issue and mail commit together).
 */
export async function writeInvoiceEmail(
  tx: Executor,
  actor: ActingParty,
  prepared: PreparedInvoiceEmail,
  values: { invoiceId: string; to: string[]; cc: string[]; subject: string; message: string },
  now: Date,
) {
  const { detail, settings, brand, language, bytes, filename } = prepared;
  const [current] = await tx.select().from(invoice).where(eq(invoice.id, values.invoiceId)).for("update");
  if (!current) throw new NotFoundError("This invoice does not exist.", "invoice.not_found");
  if (current.status === "draft")
    throw new InvalidError("A draft cannot be sent: issue the invoice first.", {}, "mail.draft_invoice");
  // The look the invoice was issued with (its PDF's), the logo as an inline part.
  const firm = {
    name: settings.firmName,
    brandColor: brand.brandColor,
    email: settings.email,
    logo: brand.logo && brand.logoMimeType ? { data: brand.logo, mimeType: brand.logoMimeType } : null,
  };
  const money = (minor: number) => formatMoney(minor, current.currency, language.locale);
  // Settings → Client links: each mail gets a link of its own, revocable apart (decision 059).
  const link = settings.shareLinkInMails
    ? await issueShareLink(tx, actor, {
        document: { entity: "invoice", id: current.id, number: current.number },
        source: "mail",
        sentTo: values.to.join(", "),
        expiresAt: mailedLinkExpiryOf(settings.shareLinkMailDays, settings.timezone, now),
      })
    : null;
  const { inline, ...rendered } = invoiceMail(
    firm,
    {
      subject: values.subject,
      message: values.message,
      number: current.number ?? "",
      total: money(current.total),
      // What is still to pay, after payments and credit notes (the total too when they differ).
      balance: current.kind === "invoice" ? money(current.balance) : null,
      dueDate: formatDate(current.dueDate, language.locale, settings.timezone, "long"),
      clientName: current.clientSnapshot?.name ?? detail.client.name,
      kind: current.kind,
      viewUrl: link ? shareLinkUrl(getConfig().appUrl, link.token) : null,
    },
    language.language,
  );
  const emailId = await enqueueEmail(tx, {
    to: values.to,
    cc: values.cc,
    ...rendered,
    attachments: [{ filename, contentType: "application/pdf", content: bytes }, ...(inline ?? [])],
    about: { type: "invoice", id: current.id },
    senderId: actor.id,
  });
  const [updated] = await tx
    .update(invoice)
    .set({ sentAt: current.sentAt ?? now, version: sql`${invoice.version} + 1` })
    .where(eq(invoice.id, current.id))
    .returning({ id: invoice.id, sentAt: invoice.sentAt, version: invoice.version });
  await recordAudit(tx, actor, {
    entity: "invoice",
    entityId: current.id,
    action: "email_sent",
    summary: {
      number: current.number,
      to: values.to,
      cc: values.cc,
      subject: values.subject,
      emailId,
      ...(link ? { shareLinkId: link.id } : {}),
    },
  });
  return { emailId, invoice: updated! };
}
