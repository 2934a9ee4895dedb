import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvent, brandLogo, email, emailAttachment, invoice, invoiceReminder, settings } from "../../src/db/schema";
import { addDaysToDate } from "../../src/lib/dates";
import type { Actor } from "../../src/modules/audit/audit-log";
import { pdfBrandingOf, renderInvoicePdf } from "../../src/modules/invoices/invoice-pdf";
import {
  createCreditNote,
  createDraftInvoice,
  issueInvoice,
  recordPayment,
  updateDraftInvoice,
} from "../../src/modules/invoices/invoice-mutations";
import { getInvoiceDocument } from "../../src/modules/invoices/invoice-detail-queries";
import { runDailyReminders, sendDueReminders } from "../../src/modules/mail/invoice-reminders";
import { getSendInvoiceDefaults, invoicePdfBytes, sendInvoiceEmail } from "../../src/modules/mail/invoice-mail";
import { getEmail } from "../../src/modules/mail/mail-queries";
import { updateLogo } from "../../src/modules/settings/settings-mutations";
import { drainOutbox } from "../../src/modules/mail/mail-worker";
import { createSmtpTransport, type MailTransport } from "../../src/modules/mail/smtp-transport";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { createUser } from "../../src/modules/users/user-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, line, today } from "../support/invoice-fixtures";
import { attachmentsOf, headerOf, startSmtpReceiver, type SmtpReceiver } from "../support/smtp-receiver";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let receiver: SmtpReceiver;
let transport: MailTransport;
const FROM = "Bureau Tests <bureau@example.test>";
// 1×1 PNGs, red and blue.
const RED_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);
const BLUE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC",
  "base64",
);

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  receiver = await startSmtpReceiver();
  transport = createSmtpTransport(receiver.url());
});
afterAll(async () => {
  transport?.close?.();
  await receiver?.stop();
  await tearDownDatabase(database);
});
beforeEach(() => receiver.reset());

async function issuedInvoice(
  billingEmail: string | null = "billing@client.example",
  overrides: Record<string, unknown> = {},
) {
  const created = await insertClient(database.db, { billingEmail });
  const draft = await createDraftInvoice(database.db, admin, draftInput(created.id, overrides));
  return issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
}

describe(`sending invoices on ${process.env.TEST_DB}`, () => {
  it("prefills the dialog from the client's billing email and the settings' templates", async () => {
    const issued = await issuedInvoice();
    const defaults = await getSendInvoiceDefaults(database.db, issued.id);
    expect(defaults.to).toBe("billing@client.example");
    expect(defaults.canSend).toBe(true);
    const firm = (await getSettings(database.db)).firmName;
    expect(defaults.subject).toBe(`Invoice ${issued.number} from ${firm}`);
    expect(defaults.message).toContain(`invoice ${issued.number}, due on`);
    expect(defaults.message).not.toMatch(/\{(number|firm|dueDate|client)\}/);
    // Who it comes from (Settings → Mail, MAIL_FROM's address by default): the firm's name.
    expect(defaults.from).toBe(`"${firm}" <bureau@localhost.localdomain>`);
  });

  it("an invoice mail arrives with the PDF byte-identical to /bo/invoices/{id}/pdf; sent_at set; audited", async () => {
    const issued = await issuedInvoice();
    const { emailId } = await sendInvoiceEmail(database.db, admin, {
      invoiceId: issued.id,
      to: "billing@client.example, boss@client.example",
      cc: "",
      subject: "Your invoice",
      message: "Hello,\n\nHere it is.",
    });
    const [after] = await database.db.select().from(invoice).where(eq(invoice.id, issued.id));
    expect(after?.sentAt).toBeInstanceOf(Date);
    const events = await database.db
      .select()
      .from(auditEvent)
      .where(
        and(eq(auditEvent.entity, "invoice"), eq(auditEvent.entityId, issued.id), eq(auditEvent.action, "email_sent")),
      );
    expect(events).toHaveLength(1);

    await drainOutbox(database.db, { transport, from: FROM });
    const [row] = await database.db.select().from(email).where(eq(email.id, emailId));
    expect(row?.status).toBe("sent");
    expect(row?.aboutType).toBe("invoice");
    expect(receiver.messages).toHaveLength(1);
    const received = receiver.messages[0]!;
    expect(headerOf(received.raw, "Subject")).toBe("Your invoice");
    expect(received.rcptTo.sort()).toEqual(["billing@client.example", "boss@client.example"]);
    // What the PDF route renders: the same function with the same inputs.
    const { detail, document, brand } = await getInvoiceDocument(database.db, issued.id);
    const expected = await renderInvoicePdf(document, detail.issuedAt ?? detail.updatedAt, {
      branding: pdfBrandingOf(brand),
    });
    const [attachment] = attachmentsOf(received.raw);
    expect(attachment?.filename).toBe(`invoice-${issued.number}.pdf`);
    expect(attachment?.contentType).toBe("application/pdf");
    expect(attachment?.content.subarray(0, 5).toString()).toBe("%PDF-");
    expect(attachment?.content.equals(expected)).toBe(true);
  });

  it("states the balance due after a part payment and a credit note, and the total beside it (issue 20, defect 7)", async () => {
    // 1,000.00 + 20 % = 1,200.00; 300.00 paid; a credit note of 100.00 + 20 % = 120.00: 780.00 due.
    const issued = await issuedInvoice("billing@client.example", {
      lines: [line({ description: "Audit", unitPrice: "1000" })],
    });
    const send = async () => {
      const { emailId } = await sendInvoiceEmail(database.db, admin, {
        invoiceId: issued.id,
        to: "billing@client.example",
        subject: "Your invoice",
        message: "Hello.",
      });
      return (await database.db.select().from(email).where(eq(email.id, emailId)))[0]!;
    };
    const whole = await send();
    expect(whole.text).toContain("Amount due: €1,200.00");
    expect(whole.text).not.toContain("Balance due");

    await recordPayment(database.db, admin, { invoiceId: issued.id, amount: "300", date: today(), method: "card" });
    const note = await createCreditNote(database.db, admin, { invoiceId: issued.id, mode: "partial" });
    const edited = await updateDraftInvoice(
      database.db,
      admin,
      draftInput(note.clientId, {
        id: note.id,
        version: note.version,
        lines: [line({ description: "Audit", unitPrice: "100" })],
      }),
    );
    await issueInvoice(database.db, admin, { id: edited.id, version: edited.version });
    const afterBoth = await send();
    expect(afterBoth.text).toContain("Invoice total: €1,200.00");
    expect(afterBoth.text).toContain("Balance due: €780.00");
    expect(afterBoth.html).toContain('Balance due</th><td style="padding:4px 0">€780.00</td>');
    expect(afterBoth.text).not.toContain("Amount: €1,200.00");
  });

  it("shows the firm's logo as an inline part (cid:) with the name as its alt text, else the name (issue 20, defect 2)", async () => {
    const current = await getSettings(database.db);
    const plain = await issuedInvoice();
    const { emailId: withoutId } = await sendInvoiceEmail(database.db, admin, {
      invoiceId: plain.id,
      to: "billing@client.example",
      subject: "No logo",
      message: "Hello.",
    });
    const [withoutLogo] = await database.db.select().from(email).where(eq(email.id, withoutId));
    expect(withoutLogo?.html).not.toContain("<img");
    expect(withoutLogo?.html).toContain(`font-weight:600">${current.firmName}</td>`);

    await updateLogo(database.db, admin, { bytes: RED_PNG });
    try {
      const branded = await issuedInvoice();
      const { emailId } = await sendInvoiceEmail(database.db, admin, {
        invoiceId: branded.id,
        to: "billing@client.example",
        subject: "With logo",
        message: "Hello.",
      });
      const [row] = await database.db.select().from(email).where(eq(email.id, emailId));
      expect(row?.html).toContain(`<img src="cid:logo@bureau" alt="${current.firmName}"`);
      const parts = await database.db
        .select()
        .from(emailAttachment)
        .where(eq(emailAttachment.emailId, emailId))
        .orderBy(emailAttachment.position);
      expect(parts.map((part) => [part.contentType, part.contentId])).toEqual([
        ["application/pdf", null],
        ["image/png", "logo@bureau"],
      ]);
      expect(parts[1]!.content.equals(RED_PNG)).toBe(true);
      // Delivered as an inline part with its Content-ID, beside the PDF attachment.
      await drainOutbox(database.db, { transport, from: FROM });
      const raw = receiver.messages.find((message) => headerOf(message.raw, "Subject") === "With logo")!.raw;
      expect(raw).toMatch(/Content-ID: <logo@bureau>/i);
      expect(raw).toMatch(/multipart\/related/i);
      expect(attachmentsOf(raw).map((attachment) => attachment.contentType)).toEqual(["application/pdf"]);
      // The outbox preview shows it in place (the preview loads nothing but data: images).
      const preview = await getEmail(database.db, emailId);
      expect(preview.inline.map((part) => part.contentId)).toEqual(["logo@bureau"]);
    } finally {
      await updateLogo(database.db, admin, null);
    }
  });

  it("freezes the logo and brand colour at issue: a new logo changes neither the PDF bytes nor the mail of an issued invoice", async () => {
    await updateLogo(database.db, admin, { bytes: RED_PNG });
    try {
      const issued = await issuedInvoice();
      const draftClient = await insertClient(database.db);
      const draft = await createDraftInvoice(database.db, admin, draftInput(draftClient.id));
      const before = await invoicePdfBytes(database.db, issued.id);
      const draftBefore = await invoicePdfBytes(database.db, draft.id);

      await updateLogo(database.db, admin, { bytes: BLUE_PNG });
      await database.db.update(settings).set({ brandColor: "#aa3300" });
      const after = await invoicePdfBytes(database.db, issued.id);
      expect(after.bytes.equals(before.bytes)).toBe(true);
      expect((await getInvoiceDocument(database.db, issued.id)).brand).toMatchObject({
        logo: RED_PNG,
        logoMimeType: "image/png",
      });
      // A draft takes the current look.
      expect((await invoicePdfBytes(database.db, draft.id)).bytes.equals(draftBefore.bytes)).toBe(false);
      expect((await getInvoiceDocument(database.db, draft.id)).brand).toMatchObject({
        brandColor: "#aa3300",
        logo: BLUE_PNG,
      });
      // The mail of the issued invoice carries the logo it was issued with.
      const { emailId } = await sendInvoiceEmail(database.db, admin, {
        invoiceId: issued.id,
        to: "billing@client.example",
        subject: "Frozen",
        message: "Hello.",
      });
      const parts = await database.db.select().from(emailAttachment).where(eq(emailAttachment.emailId, emailId));
      expect(parts.find((part) => part.contentId === "logo@bureau")?.content.equals(RED_PNG)).toBe(true);
      // One row per distinct logo, however many invoices were issued with it.
      await issuedInvoice();
      const kept = await database.db.select({ sha256: brandLogo.sha256 }).from(brandLogo);
      expect(kept).toHaveLength(2);
    } finally {
      await updateLogo(database.db, admin, null);
      await database.db.update(settings).set({ brandColor: "#1f4fd1" });
    }
  });

  it("refuses a draft, bad addresses, and staff; writes nothing", async () => {
    const created = await insertClient(database.db, { billingEmail: "x@client.example" });
    const draft = await createDraftInvoice(database.db, admin, draftInput(created.id));
    const countMails = async () => (await database.db.select({ id: email.id }).from(email)).length;
    const before = await countMails();
    await expect(
      sendInvoiceEmail(database.db, admin, { invoiceId: draft.id, to: "x@client.example", subject: "s", message: "m" }),
    ).rejects.toThrow(/draft/i);
    expect((await getSendInvoiceDefaults(database.db, draft.id)).canSend).toBe(false);
    const issued = await issuedInvoice();
    await expect(
      sendInvoiceEmail(database.db, admin, {
        invoiceId: issued.id,
        to: "not-an-address, ok@client.example",
        subject: "s",
        message: "m",
      }),
    ).rejects.toMatchObject({ fieldErrors: { to: expect.stringContaining("not-an-address") } });
    await expect(
      sendInvoiceEmail(database.db, admin, { invoiceId: issued.id, to: "", subject: "", message: "m" }),
    ).rejects.toMatchObject({ fieldErrors: { to: expect.any(String), subject: expect.any(String) } });
    await expect(
      sendInvoiceEmail(
        database.db,
        { ...admin, role: "staff" },
        { invoiceId: issued.id, to: "ok@client.example", subject: "s", message: "m" },
      ),
    ).rejects.toThrow(/administrators and managers/);
    expect(await countMails()).toBe(before);
    const [unsent] = await database.db.select().from(invoice).where(eq(invoice.id, issued.id));
    expect(unsent?.sentAt).toBeNull();
  });
});

/** An issued invoice straight in the table, back-dated (the app only issues on chronological dates). */
async function overdueInvoice(billingEmail: string | null, dueInDays: number) {
  const created = await insertClient(database.db, { billingEmail });
  const [row] = await database.db
    .insert(invoice)
    .values({
      status: "issued",
      number: `R-${Math.random().toString(36).slice(2, 10)}`,
      clientId: created.id,
      issueDate: addDaysToDate(today(), dueInDays - 30),
      dueDate: addDaysToDate(today(), dueInDays),
      currency: "EUR",
      paymentTermsDays: 30,
      netTotal: 10000,
      total: 12000,
      balance: 12000,
      issuedAt: new Date(),
    })
    .returning();
  return row!;
}

describe(`reminders on ${process.env.TEST_DB}`, () => {
  it("are off until enabled", async () => {
    await overdueInvoice("late@client.example", -40);
    const result = await sendDueReminders(database.db, await getSettings(database.db), today());
    expect(result.sent).toBe(0);
  });

  it("send each step once per invoice, recorded in the invoice's history; the daily job runs once a day", async () => {
    await database.db.update(settings).set({ reminders: { enabled: true, daysAfterDue: [3, 10, 30] } });
    const now = today();
    const four = await overdueInvoice("four@client.example", -4);
    const forty = await overdueInvoice("forty@client.example", -40);
    const notYet = await overdueInvoice("soon@client.example", -2);
    const noEmail = await overdueInvoice(null, -5);
    const paid = await overdueInvoice("paid@client.example", -12);
    await database.db
      .update(invoice)
      .set({ status: "paid", paidTotal: 12000, balance: 0 })
      .where(eq(invoice.id, paid.id));
    const current = await getSettings(database.db);

    const first = await sendDueReminders(database.db, current, now);
    // four, forty, and the one of the previous test (40 days overdue); not the paid one.
    expect(first).toMatchObject({ sent: 3, withoutEmail: 1 });
    const again = await sendDueReminders(database.db, current, now);
    expect(again.sent).toBe(0);

    const steps = await database.db.select().from(invoiceReminder);
    const of = (id: string) =>
      steps
        .filter((step) => step.invoiceId === id)
        .map((step) => `${step.step}:${step.outcome}`)
        .sort();
    expect(of(four.id)).toEqual(["3:sent"]);
    expect(of(forty.id)).toEqual(["10:skipped", "30:sent", "3:skipped"]);
    expect(of(notYet.id)).toEqual([]);
    expect(of(noEmail.id)).toEqual([]);
    expect(of(paid.id)).toEqual([]);

    const history = await database.db
      .select()
      .from(auditEvent)
      .where(
        and(eq(auditEvent.entity, "invoice"), eq(auditEvent.entityId, four.id), eq(auditEvent.action, "reminder_sent")),
      );
    expect(history).toHaveLength(1);
    expect(history[0]?.summary).toMatchObject({ step: 3 });

    // Concurrent runs (two workers) still send each step once: the unique (invoice_id, step) decides.
    const later = addDaysToDate(now, 6);
    const [a, b] = await Promise.all([
      sendDueReminders(database.db, current, later),
      sendDueReminders(database.db, current, later),
    ]);
    expect(a.sent + b.sent).toBe(2); // four reaches 10 days, notYet reaches 3 days.
    const reminderMails = await database.db.select().from(email).where(eq(email.aboutType, "invoice"));
    const byInvoice = (id: string) =>
      reminderMails.filter((mail) => mail.aboutId === id && mail.subject.startsWith("Reminder"));
    expect(byInvoice(four.id)).toHaveLength(2);
    expect(byInvoice(forty.id)).toHaveLength(1);
    expect(byInvoice(notYet.id)).toHaveLength(1);
    expect(byInvoice(forty.id)[0]?.to).toEqual(["forty@client.example"]);

    // The daily job: due from 08:00 firm time, once per day.
    const morning = new Date(Date.UTC(2031, 0, 15, 12, 0, 0));
    const firstRun = await runDailyReminders(database.db, morning);
    expect(firstRun.ran).toBe(true);
    expect((await runDailyReminders(database.db, new Date(morning.getTime() + 3_600_000))).ran).toBe(false);
  });
});

describe(`welcome mail on ${process.env.TEST_DB}`, () => {
  it("creating a user writes a welcome mail with a sign-in link in the same transaction", async () => {
    const created = await createUser(database.db, admin, {
      name: "Wendy <Welcome>",
      email: "wendy@example.com",
      role: "staff",
      defaultHourlyRate: "",
      password: "a long unusual passphrase",
    });
    const [mail] = await database.db
      .select()
      .from(email)
      .where(and(eq(email.aboutType, "user"), eq(email.aboutId, created.id)));
    expect(mail?.to).toEqual(["wendy@example.com"]);
    expect(mail?.status).toBe("queued");
    expect(mail?.text).toContain("http://localhost:3000/bo/login");
    expect(mail?.html).toContain("Wendy &lt;Welcome&gt;");
    const attachments = await database.db.select().from(emailAttachment).where(eq(emailAttachment.emailId, mail!.id));
    expect(attachments).toHaveLength(0);
  });
});
