// Issue 31, item 10: "Invoiced this month" is revenue excluding VAT, with the VAT apart; a credit
// note deducts both. The figure with VAT stays the one the invoice list sums.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../src/modules/audit/audit-log";
import { findMonthFigures, findWeekHours, links } from "../../src/modules/dashboard/dashboard-queries";
import { monthOf } from "../../src/modules/dashboard/dashboard-rules";
import { createCreditNote, createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { findInvoiceTotals, netAndTaxOf, netAndTaxSelect } from "../../src/modules/invoices/invoice-totals-queries";
import { invoiceListFilter } from "../../src/modules/invoices/invoice-schemas";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { updateUser } from "../../src/modules/users/user-mutations";
import { getUser } from "../../src/modules/users/user-queries";
import { todayInZone } from "../../src/lib/dates";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  await getSettings(database.db);
});
afterAll(() => tearDownDatabase(database));

describe(`this month's revenue on ${process.env.TEST_DB}`, () => {
  it("shows the net and the VAT apart, credit notes deducted, the total with VAT as the list sums it", async () => {
    const settings = await getSettings(database.db);
    const today = todayInZone(settings.timezone);
    const client = await insertClient(database.db);
    const issue = async (lines: ReturnType<typeof line>[]) => {
      const draft = await createDraftInvoice(database.db, admin, draftInput(client.id, { lines }));
      return issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
    };
    // 1 000.00 at 20 % and 200.00 at 5.5 %: net 1 200.00, VAT 211.00, total 1 411.00.
    await issue([
      line({ unit: "item", unitPrice: "1000", taxRateBp: 2000 }),
      line({ unit: "item", unitPrice: "200", taxRateBp: 550 }),
    ]);
    // 100.00 at 20 %, then credited in full: nothing left of it.
    const credited = await issue([line({ unit: "item", unitPrice: "100", taxRateBp: 2000 })]);
    await createCreditNote(database.db, admin, { invoiceId: credited.id, mode: "full" });

    const month = monthOf(today);
    const [eur] = await findMonthFigures(database.db, month, today);
    expect(eur).toMatchObject({ currency: "EUR", net: 120_000, tax: 21_100, invoiced: 141_100 });
    const url = new URL(links.invoiced(month).href, "http://localhost");
    const totals = await findInvoiceTotals(
      database.db,
      invoiceListFilter.parse(Object.fromEntries(url.searchParams)),
      today,
      { useSummaries: false },
    );
    expect(totals.find((row) => row.currency === "EUR")?.total).toBe(eur!.net + eur!.tax);

    // The net and VAT are read from the per-day totals: the same as the invoices' own sums, for
    // every filter the totals answer (and the invoices for the others).
    const draft = await createDraftInvoice(database.db, admin, draftInput(client.id));
    expect(draft.status).toBe("draft");
    for (const query of [
      `status=not_draft&from=${month.from}&to=${month.to}`,
      "status=not_draft",
      "status=draft",
      "status=paid",
      "status=cancelled",
      "status=unpaid",
      "status=issued",
      "kind=credit_note",
      `from=${today}&to=${today}`,
      "",
    ]) {
      const filter = invoiceListFilter.parse(Object.fromEntries(new URLSearchParams(query)));
      const fromSummaries = netAndTaxOf(await netAndTaxSelect(database.db, filter, today));
      const fromInvoices = netAndTaxOf(await netAndTaxSelect(database.db, filter, today, false));
      expect(fromSummaries, query).toEqual(fromInvoices);
    }
    const all = netAndTaxOf(await netAndTaxSelect(database.db, invoiceListFilter.parse({}), today));
    expect(all.get("EUR")?.net).toBeGreaterThan(120_000);
  });
});

describe(`weekly capacity on ${process.env.TEST_DB}`, () => {
  it("is kept in the profile where it differs, and the dashboard measures the person's week against it", async () => {
    const settings = await getSettings(database.db);
    const today = todayInZone(settings.timezone);
    const firm = { country: settings.country, weeklyCapacityMinutes: settings.weeklyCapacityMinutes };
    // A French firm with no working week set: 35 h.
    expect((await findWeekHours(database.db, admin, today, firm)).mine.targetMinutes).toBe(35 * 60);
    const me = await getUser(database.db, admin.id);
    await updateUser(database.db, admin, {
      id: me.id,
      version: me.version,
      name: me.name,
      role: me.role,
      weeklyHours: "28",
    });
    expect((await getUser(database.db, admin.id)).weeklyCapacityMinutes).toBe(28 * 60);
    expect((await findWeekHours(database.db, admin, today, firm)).mine.targetMinutes).toBe(28 * 60);
    const again = await getUser(database.db, admin.id);
    await expect(
      updateUser(database.db, admin, {
        id: again.id,
        version: again.version,
        name: again.name,
        role: again.role,
        weeklyHours: "90",
      }),
    ).rejects.toThrow(/correct/i);
    await updateUser(database.db, admin, {
      id: again.id,
      version: again.version,
      name: again.name,
      role: again.role,
      weeklyHours: "",
    });
    expect((await getUser(database.db, admin.id)).weeklyCapacityMinutes).toBeNull();
  });
});
