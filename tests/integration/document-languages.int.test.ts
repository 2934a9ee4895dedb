// Issue 22 (documents in the client's language, decision 061): an invoice takes its client's
// language when created, keeps it once issued, and its page, PDF, mails, reminders and e-invoice
// free texts are written in it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, email, invoice, settings } from "../../src/db/schema";
import { addDaysToDate } from "../../src/lib/dates";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createClient, updateClient } from "../../src/modules/clients/client-mutations";
import { getInvoiceEinvoice } from "../../src/modules/einvoicing/einvoice-queries";
import { getInvoiceDocument } from "../../src/modules/invoices/invoice-detail-queries";
import {
  createCreditNote,
  createDraftInvoice,
  issueInvoice,
  updateDraftInvoice,
} from "../../src/modules/invoices/invoice-mutations";
import { renderInvoicePdf } from "../../src/modules/invoices/invoice-pdf";
import { sendDueReminders } from "../../src/modules/mail/invoice-reminders";
import { getSendInvoiceDefaults, invoicePdfBytes, sendInvoiceEmail } from "../../src/modules/mail/invoice-mail";
import { updateSettings } from "../../src/modules/settings/settings-mutations";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, line, today } from "../support/invoice-fixtures";
import { pdfText } from "../support/pdf-text";
import { formFrom } from "../support/settings-form";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let manager: Actor;
let admin: Actor;

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  manager = { id: setup.admin.id, name: "Marc Manager", role: "manager" };
  const current = await getSettings(database.db);
  await database.db
    .update(settings)
    .set({ vatNumber: "FR15901234567", iban: "FR7630006000011234567890189", bic: "AGRIFRPP" })
    .where(eq(settings.id, current.id));
});
afterAll(() => tearDownDatabase(database));

async function issue(clientId: string, overrides: Record<string, unknown> = {}) {
  const draft = await createDraftInvoice(database.db, manager, draftInput(clientId, overrides));
  return issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
}

/** pdftotext's words with any kind of space as a plain one. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe(`documents in the client's language on ${process.env.TEST_DB}`, () => {
  it("issues a French invoice in French, keeps its language once issued, and prints the same bytes", async () => {
    const customer = await insertClient(database.db, { name: "Société Lumière", documentLanguage: "fr" });
    const issued = await issue(customer.id, {
      lines: [line({ description: "Audit", quantity: "1.5", unit: "hour", unitPrice: "1000" })],
    });
    expect(issued.language).toBe("fr");
    const loaded = await getInvoiceDocument(database.db, issued.id);
    const bytes = await renderInvoicePdf(loaded.document, issued.issuedAt!);
    const text = plain(pdfText(bytes));
    for (const expected of [
      "Facture",
      "Numéro de facture",
      "Date d'émission",
      "Date d'échéance",
      "Conditions de paiement",
      "30 jours",
      "Désignation",
      "Prix unitaire HT",
      "1,5",
      "heure",
      "Total HT",
      "Net à payer",
      "Virement",
      "France",
      "1 000,00 €",
      "Page 1 sur 1",
    ])
      expect(text.toLowerCase()).toContain(expected.toLowerCase());
    expect(text).not.toMatch(/invoice number|due date|total due/i);
    // The client changes language later: the issued invoice stays French, byte for byte.
    await database.db.update(client).set({ documentLanguage: "de" }).where(eq(client.id, customer.id));
    const again = await getInvoiceDocument(database.db, issued.id);
    expect(again.document.language).toBe("fr");
    expect((await renderInvoicePdf(again.document, issued.issuedAt!)).equals(bytes)).toBe(true);
    // The guard of issued invoices refuses a change of language like any other change.
    await expect(
      database.db.update(invoice).set({ language: "de" }).where(eq(invoice.id, issued.id)),
    ).rejects.toThrow();
  });

  it("writes a German invoice, its reverse-charge mention and its e-invoice texts in German", async () => {
    const customer = await insertClient(database.db, {
      name: "Kunde GmbH",
      documentLanguage: "de",
      country: "DE",
      city: "Berlin",
      postalCode: "10115",
      vatNumber: "DE123456789",
    });
    const issued = await issue(customer.id, {
      lines: [line({ description: "Beratung", quantity: "2.5", unit: "hour", taxRateBp: 0, vatCategory: "AE" })],
    });
    expect(issued.language).toBe("de");
    const text = plain(pdfText(await invoicePdfBytes(database.db, issued.id).then((pdf) => pdf.bytes)));
    for (const expected of [
      "Rechnung",
      "Rechnungsnummer",
      "Fälligkeitsdatum",
      "Leistungsdatum",
      "Einzelpreis",
      "2,5",
      "Stunden",
      "Zahlbetrag",
      "Steuerschuldnerschaft des Leistungsempfängers",
      "Leistungsempfängers: DE123456789",
      "Beratung 2,5 Stunden 800,00 € 0 % AE 2.000,00 €",
      "Deutschland",
      "Frankreich",
      "Seite 1 von 1",
    ])
      expect(text.toLowerCase()).toContain(expected.toLowerCase());

    const { einvoice } = await getInvoiceEinvoice(database.db, issued.id);
    expect(einvoice.paymentTerms).toBe("Zahlbar innerhalb von 30 Tagen ohne Abzug");
    expect(einvoice.vatBreakdown[0]!.exemptionReason).toMatch(/^Steuerschuldnerschaft des Leistungsempfängers/);
  });

  it("takes the firm's language for a client without one, and follows the client while a draft", async () => {
    await updateSettingsLanguage("de");
    const customer = await insertClient(database.db, { name: "Neutral Ltd" });
    const draft = await createDraftInvoice(database.db, manager, draftInput(customer.id));
    expect(draft.language).toBe("de");
    await database.db.update(client).set({ documentLanguage: "fr" }).where(eq(client.id, customer.id));
    const updated = await updateDraftInvoice(database.db, manager, {
      ...draftInput(customer.id),
      id: draft.id,
      version: draft.version,
    });
    expect(updated.language).toBe("fr");
    const issued = await issueInvoice(database.db, manager, { id: updated.id, version: updated.version });
    expect(issued.language).toBe("fr");
    // A credit note is written in its client's language too, its note included.
    const credit = await createCreditNote(database.db, manager, { invoiceId: issued.id, mode: "full" });
    expect(credit.language).toBe("fr");
    expect(credit.notes).toMatch(/^Avoir relatif à la facture /);
    const creditText = plain(pdfText(await invoicePdfBytes(database.db, credit.id).then((pdf) => pdf.bytes)));
    expect(creditText).toContain("Avoir");
    expect(creditText.toLowerCase()).toContain("rectifie la facture");
    expect(creditText).toContain("Montant de l'avoir");
    await updateSettingsLanguage("en");
  });

  it("prints an invoice saved before languages as before: in English", async () => {
    const customer = await insertClient(database.db, { name: "Old Timer", documentLanguage: "de" });
    const issued = await issue(customer.id);
    // As a row written before the column existed: no language (a draft, since issued rows are frozen).
    const draft = await createDraftInvoice(database.db, manager, draftInput(customer.id));
    await database.db.update(invoice).set({ language: null }).where(eq(invoice.id, draft.id));
    const legacy = await getInvoiceDocument(database.db, draft.id);
    expect(legacy.document.language).toBe("en");
    expect(legacy.document.title).toBe("Invoice");
    expect(issued.language).toBe("de");
  });

  it("mails a German client in German, with the German template, and reminds a French one in French", async () => {
    const german = await insertClient(database.db, {
      name: "Empfänger AG",
      documentLanguage: "de",
      billingEmail: "buchhaltung@empfaenger.example",
    });
    const issued = await issue(german.id);
    const defaults = await getSendInvoiceDefaults(database.db, issued.id);
    expect(defaults.subject).toBe(`Rechnung ${issued.number} von ${(await getSettings(database.db)).firmName}`);
    expect(defaults.message).toMatch(/^Guten Tag,\n\nanbei erhalten Sie die Rechnung /);
    const { emailId } = await sendInvoiceEmail(database.db, admin, {
      invoiceId: issued.id,
      to: defaults.to,
      subject: defaults.subject,
      message: defaults.message,
    });
    const [mail] = await database.db.select().from(email).where(eq(email.id, emailId));
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.text).toContain("Die Rechnung ist als PDF beigefügt.");
    expect(mail!.text).toContain("Fälliger Betrag:");

    // The firm's own French template (Settings → Mail) replaces the default.
    const current = await getSettings(database.db);
    await database.db
      .update(settings)
      .set({
        invoiceEmailTemplates: { fr: { subject: "Votre facture {number}", message: "Bonjour {client}," } },
        reminders: { enabled: true, daysAfterDue: [3] },
      })
      .where(eq(settings.id, current.id));
    const french = await insertClient(database.db, {
      name: "Client Retard",
      documentLanguage: "fr",
      billingEmail: "compta@retard.example",
    });
    const late = await issue(french.id, {
      issueDate: addDaysToDate(today(), -40),
      dueDate: addDaysToDate(today(), -10),
    }).catch(() => null);
    // The series may refuse a back-dated issue date; then the reminder is checked on today's invoice later.
    if (late) {
      expect((await getSendInvoiceDefaults(database.db, late.id)).subject).toBe(`Votre facture ${late.number}`);
      await sendDueReminders(database.db, await getSettings(database.db), today());
      const reminders = await database.db.select().from(email).where(eq(email.aboutId, late.id));
      expect(reminders.map((row) => row.subject)).toEqual([`Relance : la facture ${late.number} est échue`]);
      expect(reminders[0]!.text).toContain("reste impayée (retard de 10 jours)");
    }
  });

  it("refuses a document language without a catalog, on clients and in the settings", async () => {
    const base = { name: "Lingua", currency: "EUR", paymentTermsDays: "30", country: "FR" };
    await expect(createClient(database.db, manager, { ...base, documentLanguage: "it" })).rejects.toMatchObject({
      fieldErrors: { documentLanguage: "Choose a language from the list." },
    });
    await expect(createClient(database.db, manager, { ...base, documentLanguage: "french" })).rejects.toMatchObject({
      fieldErrors: { documentLanguage: "Choose a language from the list." },
    });
    const created = await createClient(database.db, manager, { ...base, documentLanguage: "de" });
    expect(created.documentLanguage).toBe("de");
    const changed = await updateClient(database.db, manager, {
      ...base,
      id: created.id,
      version: created.version,
      documentLanguage: "",
    });
    expect(changed.documentLanguage).toBeNull();
    await expect(updateSettingsLanguage("it")).rejects.toMatchObject({
      fieldErrors: { documentLanguage: "Choose a language from the list." },
    });
  });
});

/** Saves the settings form with only the document language changed. */
async function updateSettingsLanguage(language: string) {
  const current = await getSettings(database.db);
  return updateSettings(database.db, admin, formFrom(current, { documentLanguage: language }));
}
