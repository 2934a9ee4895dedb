// Quotes (decision 064), on PGlite and PostgreSQL: drafts validated like invoices; sending numbers
// them in their own gapless series (concurrent sends too), freezes them and mails them through the
// outbox with the PDF (and a client link when the settings ask); the client accepts or declines
// through the link (name, time and address recorded, the sender told by mail); expired quotes
// refuse an answer; "Convert to invoice" makes a draft invoice with exactly the quote's lines and
// totals, linked both ways; a new version supersedes the quote it replaces; staff have no access.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getSharedEinvoice } from "../../src/app/d/[token]/einvoice/route";
import { GET as getSharedPdf } from "../../src/app/d/[token]/pdf/route";
import { auditEvent, client, email, invoice, invoiceLine, quote, shareLink } from "../../src/db/schema";
import { addDaysToDate, todayInZone } from "../../src/lib/dates";
import { ConflictError, ForbiddenError, InvalidError } from "../../src/lib/errors";
import { clientAddressHeader } from "../../src/lib/request";
import type { Actor } from "../../src/modules/audit/audit-log";
import { getInvoice } from "../../src/modules/invoices/invoice-detail-queries";
import { storedLinesTotals } from "../../src/modules/invoices/stored-lines";
import { getEmail } from "../../src/modules/mail/mail-queries";
import {
  answerSharedQuote,
  convertQuote,
  createQuote,
  decideQuote,
  deleteQuote,
  reviseQuote,
  sendQuote,
  updateQuote,
} from "../../src/modules/quotes/quote-mutations";
import { findQuotes, findQuotesOfInvoices, getQuote } from "../../src/modules/quotes/quote-queries";
import { updateShareLinkSettings } from "../../src/modules/settings/settings-section-mutations";
import { createShareLink } from "../../src/modules/share-links/share-link-mutations";
import { createNamedUser, nextTestIp, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { insertClient, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let manager: Actor & { email: string };
let staff: Actor;

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  manager = await createNamedUser(database.db, admin, "manager", "Quinn Quoter");
  staff = await createNamedUser(database.db, admin, "staff", "Stan Staff");
});
afterAll(() => tearDownDatabase(database));

const today = () => todayInZone("Europe/Paris");

/** Lines whose totals round: half cents, a discount, three rates, a zero-rated line. */
const TRICKY_LINES = [
  line({ description: "Workshop", quantity: "1.5", unit: "day", unitPrice: "833.33", discount: "7.5" }),
  line({ description: "Travel", quantity: "3", unit: "item", unitPrice: "0.15", taxRateBp: 1000 }),
  line({ description: "Books", quantity: "0.333", unit: "item", unitPrice: "19.99", taxRateBp: 550 }),
  line({ description: "Exported licence", quantity: "1", unit: "item", unitPrice: "100.01", taxRateBp: 0 }),
];

function quoteInput(clientId: string, overrides: Record<string, unknown> = {}) {
  return {
    clientId,
    currency: "EUR",
    validUntil: addDaysToDate(today(), 30),
    notes: "Thank you for your interest.",
    footer: "",
    lines: TRICKY_LINES,
    ...overrides,
  };
}

async function sentQuote(overrides: Record<string, unknown> = {}, email = false) {
  const customer = await insertClient(database.db, { billingEmail: "buyer@client.example" });
  const draft = await createQuote(database.db, manager, quoteInput(customer.id, overrides));
  const { quote: sent } = await sendQuote(database.db, manager, { id: draft.id, version: draft.version, email });
  return sent;
}

async function historyOf(quoteId: string) {
  return database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, "quote"), eq(auditEvent.entityId, quoteId)))
    .orderBy(asc(auditEvent.createdAt));
}

async function linkTo(quoteId: string) {
  const made = await createShareLink(database.db, manager, { quoteId, expiresOn: "" });
  return made.token;
}

const sequenceOf = (number: string | null) => Number(number?.split("-").pop());

describe(`quotes on ${process.env.TEST_DB}`, () => {
  it("saves a draft with the one totals function, edits it, and refuses what an invoice draft refuses", async () => {
    const customer = await insertClient(database.db);
    const draft = await createQuote(database.db, manager, quoteInput(customer.id));
    expect(draft).toMatchObject({ status: "draft", number: null, currency: "EUR", language: "en" });
    const expected = storedLinesTotals(draft.lines);
    expect([draft.netTotal, draft.taxTotal, draft.total]).toEqual([expected.net, expected.tax, expected.total]);
    expect(draft.lines[0]).toMatchObject({ quantityMilli: 1500, unitPrice: 83333, discountBp: 750, taxRateBp: 2000 });

    const edited = await updateQuote(database.db, manager, {
      ...quoteInput(customer.id, { lines: [line({ unitPrice: "1000" })] }),
      id: draft.id,
      version: draft.version,
    });
    expect(edited).toMatchObject({ version: draft.version + 1, total: 120_000 });
    // A second save of the version already replaced is refused, never silently applied.
    await expect(
      updateQuote(database.db, manager, { ...quoteInput(customer.id), id: draft.id, version: draft.version }),
    ).rejects.toBeInstanceOf(ConflictError);

    await expect(
      createQuote(database.db, manager, quoteInput(customer.id, { lines: [line({ taxRateBp: 1234 })] })),
    ).rejects.toMatchObject({ code: "invoice.tax_rate_not_configured" });
    await expect(
      createQuote(database.db, manager, quoteInput(customer.id, { validUntil: addDaysToDate(today(), -1) })),
    ).rejects.toMatchObject({ code: "quote.validity_past", fieldErrors: { validUntil: expect.any(String) } });
    await expect(createQuote(database.db, manager, quoteInput(customer.id, { lines: [] }))).rejects.toBeInstanceOf(
      InvalidError,
    );

    await deleteQuote(database.db, manager, { id: edited.id, version: edited.version });
    expect(await database.db.select().from(quote).where(eq(quote.id, draft.id))).toEqual([]);
  });

  it("numbers quotes in their own gapless series when sent, concurrent sends included, and freezes them", async () => {
    const first = await sentQuote();
    expect(first.number).toMatch(new RegExp(`^Q-${today().slice(0, 4)}-\\d{4}$`));
    expect(first).toMatchObject({ status: "sent", issueDate: today() });
    expect(first.clientSnapshot?.name).toBeTruthy();
    expect(first.firmSnapshot).not.toBeNull();

    const customer = await insertClient(database.db);
    const drafts = await Promise.all([1, 2, 3].map(() => createQuote(database.db, manager, quoteInput(customer.id))));
    const sent = await Promise.all(
      drafts.map((draft) => sendQuote(database.db, manager, { id: draft.id, version: draft.version, email: false })),
    );
    const sequences = sent.map(({ quote: row }) => sequenceOf(row.number)).sort((a, b) => a - b);
    expect(sequences).toEqual([1, 2, 3].map((step) => sequenceOf(first.number) + step));

    // Sent: no edit, no delete, no second send.
    const [again] = sent;
    await expect(
      updateQuote(database.db, manager, {
        ...quoteInput(customer.id),
        id: again!.quote.id,
        version: again!.quote.version,
      }),
    ).rejects.toMatchObject({ code: "quote.not_draft" });
    await expect(
      deleteQuote(database.db, manager, { id: again!.quote.id, version: again!.quote.version }),
    ).rejects.toMatchObject({ code: "quote.not_draft" });
    await expect(
      sendQuote(database.db, manager, { id: again!.quote.id, version: again!.quote.version, email: false }),
    ).rejects.toMatchObject({ code: "quote.already_sent" });
  });

  it("mails a sent quote through the outbox with its PDF, and a client link when the settings ask", async () => {
    await updateShareLinkSettings(database.db, admin, { shareLinkInMails: true, shareLinkMailDays: "" });
    try {
      const sent = await sentQuote({}, true);
      const [row] = await database.db
        .select()
        .from(email)
        .where(and(eq(email.aboutType, "quote"), eq(email.aboutId, sent.id)));
      expect(row).toMatchObject({ to: ["buyer@client.example"] });
      const mailed = await getEmail(database.db, row!.id);
      expect(mailed.subject).toBe(`Quote ${sent.number} from ${mailed.subject.split(" from ")[1]}`);
      expect(mailed.attachments.map((part) => [part.filename, part.contentType])).toContainEqual([
        `quote-${sent.number}.pdf`,
        "application/pdf",
      ]);
      expect(mailed.text).toMatch(/View and answer the quote online: https?:\/\/\S+\/d\/[A-Za-z0-9_-]{43}/);
      const links = await database.db.select().from(shareLink).where(eq(shareLink.quoteId, sent.id));
      expect(links).toMatchObject([{ source: "mail", sentTo: "buyer@client.example", invoiceId: null }]);
      expect((await historyOf(sent.id)).map((event) => event.action)).toEqual([
        "create",
        "send",
        "share_link_created",
        "email_sent",
      ]);
    } finally {
      await updateShareLinkSettings(database.db, admin, { shareLinkInMails: false, shareLinkMailDays: "" });
    }
    // A client without a billing email: marked as sent only.
    const customer = await insertClient(database.db, { billingEmail: null });
    const draft = await createQuote(database.db, manager, quoteInput(customer.id));
    await expect(
      sendQuote(database.db, manager, { id: draft.id, version: draft.version, email: true }),
    ).rejects.toMatchObject({ code: "quote.no_billing_email" });
    expect((await getQuote(database.db, draft.id)).status).toBe("draft");
  });

  it("takes the client's acceptance through the link with their name, time and address, and tells the sender", async () => {
    const sent = await sentQuote();
    const token = await linkTo(sent.id);
    const address = nextTestIp();
    const pdf = await getSharedPdf(
      new Request(`http://localhost:3000/d/${token}/pdf`, { headers: { [clientAddressHeader()]: address } }),
      { params: Promise.resolve({ token }) },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // A quote is no e-invoice.
    const einvoice = await getSharedEinvoice(
      new Request(`http://localhost:3000/d/${token}/einvoice?format=peppol`, {
        headers: { [clientAddressHeader()]: address },
      }),
      { params: Promise.resolve({ token }) },
    );
    expect(einvoice.status).toBe(404);

    const answered = await answerSharedQuote(database.db, {
      input: { token, decision: "accept", name: "  Ada Buyer " },
      address,
    });
    expect(answered.kind).toBe("answered");
    const accepted = await getQuote(database.db, sent.id);
    expect(accepted).toMatchObject({
      status: "accepted",
      decidedByName: "Ada Buyer",
      decidedFromAddress: address,
      decisionSource: "link",
    });
    expect(accepted.decidedAt).toBeInstanceOf(Date);
    const [event] = (await historyOf(sent.id)).filter((row) => row.action === "accepted");
    expect(event).toMatchObject({ actorId: null, actorName: "Ada Buyer (client link)" });
    expect(event!.summary).toMatchObject({ name: "Ada Buyer", address, source: "link" });
    const [told] = await database.db
      .select()
      .from(email)
      .where(and(eq(email.aboutType, "quote"), eq(email.aboutId, sent.id)));
    expect(told).toMatchObject({
      to: [manager.email],
      subject: `Quote ${sent.number} accepted by ${accepted.client.name}`,
    });

    // The answer is final: a second one is refused and changes nothing.
    await expect(
      answerSharedQuote(database.db, { input: { token, decision: "decline", name: "Ada" }, address }),
    ).rejects.toMatchObject({ code: "quote.already_decided" });
    // A bad token is "not found", whatever it is.
    expect(
      await answerSharedQuote(database.db, {
        input: { token: "x".repeat(43), decision: "accept", name: "Eve" },
        address: nextTestIp(),
      }),
    ).toEqual({ kind: "not_found" });
    // An empty name is a field error.
    await expect(
      answerSharedQuote(database.db, { input: { token, decision: "accept", name: " " }, address }),
    ).rejects.toMatchObject({ fieldErrors: { name: "Enter your name." } });
  });

  it("refuses an answer once the quote has expired, and shows it expired", async () => {
    const sent = await sentQuote({ validUntil: addDaysToDate(today(), 2) });
    const token = await linkTo(sent.id);
    const later = new Date(Date.now() + 4 * 86_400_000);
    await expect(
      answerSharedQuote(database.db, {
        input: { token, decision: "accept", name: "Late Larry" },
        address: nextTestIp(),
        now: later,
      }),
    ).rejects.toMatchObject({ code: "quote.expired" });
    await expect(
      decideQuote(database.db, manager, { id: sent.id, version: sent.version, decision: "accept" }, later),
    ).rejects.toMatchObject({ code: "quote.expired" });
    const listed = (await findQuotes(database.db, { timezone: "Europe/Paris", now: later })).rows;
    expect(listed.find((row) => row.id === sent.id)?.displayStatus).toBe("expired");
    expect((await getQuote(database.db, sent.id)).status).toBe("sent");

    // The list's filters: "expired" and "sent" as the list shows them (derived from the date), and a
    // search by number or client name, typed wildcards matched literally.
    const ids = async (filter: Partial<Parameters<typeof findQuotes>[1]>) =>
      (await findQuotes(database.db, { timezone: "Europe/Paris", now: later, pageSize: 200, ...filter })).rows.map(
        (row) => row.id,
      );
    expect(await ids({ status: "expired" })).toContain(sent.id);
    expect(await ids({ status: "sent" })).not.toContain(sent.id);
    expect(await ids({ status: "sent", now: new Date() })).toContain(sent.id);
    expect(await ids({ q: sent.number! })).toEqual([sent.id]);
    const [clientRow] = await database.db
      .select({ name: client.name })
      .from(client)
      .where(eq(client.id, sent.clientId));
    expect(await ids({ q: clientRow!.name.toUpperCase() })).toContain(sent.id);
    expect(await ids({ q: "%" })).toEqual([]);
    const paged = await findQuotes(database.db, { timezone: "Europe/Paris", q: sent.number!, page: 2, pageSize: 1 });
    expect(paged).toMatchObject({ rows: [], total: 1 });
  });

  it("converts an accepted quote into a draft invoice with exactly its lines and totals, linked both ways", async () => {
    const sent = await sentQuote();
    await expect(convertQuote(database.db, manager, { id: sent.id, version: sent.version })).rejects.toMatchObject({
      code: "quote.not_accepted",
    });
    const accepted = await decideQuote(database.db, manager, {
      id: sent.id,
      version: sent.version,
      decision: "accept",
    });
    expect(accepted).toMatchObject({ status: "accepted", decisionSource: "manager", decidedByName: manager.name });

    const { quote: converted, invoice: made } = await convertQuote(database.db, manager, {
      id: accepted.id,
      version: accepted.version,
    });
    expect(converted.invoiceId).toBe(made.id);
    expect(made).toMatchObject({ status: "draft", kind: "invoice", clientId: sent.clientId, currency: "EUR" });
    // Exactly the quote's totals, to the cent, by the same function.
    expect([made.netTotal, made.taxTotal, made.total]).toEqual([sent.netTotal, sent.taxTotal, sent.total]);
    expect(made.taxBreakdown).toEqual(sent.taxBreakdown);
    const lines = await database.db
      .select()
      .from(invoiceLine)
      .where(eq(invoiceLine.invoiceId, made.id))
      .orderBy(asc(invoiceLine.position));
    expect(
      lines.map((row) => [row.description, row.quantityMilli, row.unitPrice, row.discountBp, row.taxRateBp]),
    ).toEqual(
      sent.lines.map((row) => [row.description, row.quantityMilli, row.unitPrice, row.discountBp, row.taxRateBp]),
    );
    expect((await getInvoice(database.db, made.id)).purchaseOrderReference).toBe(sent.number);
    expect(await findQuotesOfInvoices(database.db, [made.id])).toEqual([
      { invoiceId: made.id, quoteId: sent.id, number: sent.number },
    ]);
    expect((await getQuote(database.db, sent.id)).invoice).toMatchObject({ id: made.id, status: "draft" });
    // Once.
    await expect(
      convertQuote(database.db, manager, { id: converted.id, version: converted.version }),
    ).rejects.toMatchObject({ code: "quote.already_converted" });
    expect(await database.db.select().from(invoice).where(eq(invoice.clientId, sent.clientId))).toHaveLength(1);
  });

  it("makes a new version that supersedes the quote when it is sent; the old link then takes no answer", async () => {
    const sent = await sentQuote();
    const token = await linkTo(sent.id);
    const draft = await reviseQuote(database.db, manager, { id: sent.id, version: sent.version });
    expect(draft).toMatchObject({ status: "draft", supersedesId: sent.id, number: null, total: sent.total });
    await expect(reviseQuote(database.db, manager, { id: sent.id, version: sent.version })).rejects.toMatchObject({
      code: "quote.has_new_version",
    });
    const edited = await updateQuote(database.db, manager, {
      ...quoteInput(sent.clientId, { lines: [line({ unitPrice: "700" })] }),
      id: draft.id,
      version: draft.version,
    });
    const { quote: second } = await sendQuote(database.db, manager, {
      id: edited.id,
      version: edited.version,
      email: false,
    });
    expect(sequenceOf(second.number)).toBeGreaterThan(sequenceOf(sent.number));
    const old = await getQuote(database.db, sent.id);
    expect(old.status).toBe("superseded");
    expect(old.newerVersion).toMatchObject({ id: second.id, number: second.number });
    await expect(
      answerSharedQuote(database.db, { input: { token, decision: "accept", name: "Ada" }, address: nextTestIp() }),
    ).rejects.toMatchObject({ code: "quote.superseded" });
  });

  it("gives staff no access, and shares no draft", async () => {
    const customer = await insertClient(database.db);
    await expect(createQuote(database.db, staff, quoteInput(customer.id))).rejects.toBeInstanceOf(ForbiddenError);
    const draft = await createQuote(database.db, admin, quoteInput(customer.id));
    for (const attempt of [
      () => sendQuote(database.db, staff, { id: draft.id, version: draft.version, email: false }),
      () => deleteQuote(database.db, staff, { id: draft.id, version: draft.version }),
      () => decideQuote(database.db, staff, { id: draft.id, version: draft.version, decision: "accept" }),
      () => convertQuote(database.db, staff, { id: draft.id, version: draft.version }),
      () => reviseQuote(database.db, staff, { id: draft.id, version: draft.version }),
      () => createShareLink(database.db, staff, { quoteId: draft.id, expiresOn: "" }),
    ])
      await expect(attempt()).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createShareLink(database.db, manager, { quoteId: draft.id, expiresOn: "" })).rejects.toMatchObject({
      code: "share_link.draft",
    });
  });
});
