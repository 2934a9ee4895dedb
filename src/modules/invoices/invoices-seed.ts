import { asc, isNull } from "drizzle-orm";
import { client } from "@/db/schema";
import { addDaysToDate, todayInZone } from "@/lib/dates";
import { formatMoneyInput } from "@/lib/money";
import type { Actor } from "@/modules/audit/audit-log";
import { getSettings } from "@/modules/settings/settings-queries";
import { findUnbilledEntries } from "@/modules/timesheets/unbilled-queries";
import type { DemoContext } from "@/modules/users/users-seed";
import {
  createCreditNote,
  createDraftInvoice,
  issueInvoice,
  markInvoiceSent,
  recordPayment,
} from "./invoice-mutations";
import { quantityMilliToDecimalString } from "./invoice-amounts";
import { groupUnbilledEntries } from "./invoice-time-lines";
import { normalizeTaxRate, proposeVatCategory, rateForCategory } from "./vat-categories";

// Demo invoices in every state: paid, partially paid and overdue, issued and overdue, issued
// and not yet due, cancelled by a full credit note, and a draft billing approved time. Made
// through the real mutations, issued in date order, so numbers, totals and history are what
// the app itself would have written.

export async function seedInvoices(context: DemoContext): Promise<void> {
  const { db, users } = context;
  const demoManager = users.find((demo) => demo.role === "manager") ?? users.find((demo) => demo.role === "admin")!;
  const manager: Actor = { id: demoManager.id, name: demoManager.name, role: "manager" };
  const settings = await getSettings(db);
  const today = todayInZone(settings.timezone);
  const clients = await db
    .select()
    .from(client)
    .where(isNull(client.archivedAt))
    .orderBy(asc(client.createdAt))
    .limit(4);
  if (clients.length === 0) return;
  const pick = (index: number) => clients[index % clients.length]!;
  const rate = settings.taxRates.find((item) => item.isDefault)?.basisPoints ?? 2000;
  const rates = settings.taxRates.map(normalizeTaxRate);
  const line = (
    description: string,
    quantity: string,
    unit: string,
    unitPrice: string,
    taxRateBp = rate,
    discount = "",
  ) => ({ description, quantity, unit, unitPrice, discount, taxRateBp, timeEntryIds: [] as string[] });

  const draft = async (
    clientIndex: number,
    daysAgo: number,
    lines: ReturnType<typeof line>[],
    extra: Record<string, unknown> = {},
  ) => {
    const customer = pick(clientIndex);
    const issueDate = addDaysToDate(today, -daysAgo);
    // The VAT the form would propose: reverse charge for the German business, outside scope for
    // the British one, the lines' own French rates otherwise.
    const proposed = rateForCategory(
      rates,
      proposeVatCategory({
        firmCountry: settings.country,
        clientCountry: customer.country,
        clientIsBusiness: customer.isBusiness,
        clientVatNumber: customer.vatNumber,
        clientDefaultCategory: customer.vatCategory,
      }).category,
    );
    const vatLines =
      proposed && proposed.category !== "S"
        ? lines.map((entry) => ({ ...entry, taxRateBp: proposed.basisPoints, vatCategory: proposed.category }))
        : lines;
    return createDraftInvoice(db, manager, {
      clientId: customer.id,
      currency: customer.currency,
      issueDate,
      dueDate: addDaysToDate(issueDate, customer.paymentTermsDays),
      servicePeriodStart: addDaysToDate(issueDate, -30),
      servicePeriodEnd: addDaysToDate(issueDate, -1),
      notes: "",
      footer: settings.invoiceFooter ?? "",
      lines: vatLines,
      buyerReference: customer.buyerReference,
      ...extra,
    });
  };
  const issue = async (created: { id: string; version: number }) =>
    issueInvoice(db, manager, { id: created.id, version: created.version });

  // Paid in full.
  const paid = await issue(
    await draft(
      0,
      80,
      [line("Discovery workshop", "2", "day", "950"), line("Travel expenses", "1", "item", "184.60", 1000)],
      { purchaseOrderReference: "PO-4500012345" },
    ),
  );
  await markInvoiceSent(db, manager, { id: paid.id, version: paid.version });
  await recordPayment(db, manager, {
    invoiceId: paid.id,
    amount: formatMoneyInput(paid.total, paid.currency),
    date: addDaysToDate(paid.issueDate, 21),
    method: "bank_transfer",
    reference: `Transfer ${paid.number}`,
  });

  // Partially paid, and overdue by now.
  const partial = await issue(
    await draft(1, 75, [
      line("Website redesign: phase 1", "1", "item", "4800"),
      line("Hosting (12 months)", "12", "month", "39.90", rate, "10"),
    ]),
  );
  await recordPayment(db, manager, {
    invoiceId: partial.id,
    amount: "2000",
    date: addDaysToDate(partial.issueDate, 10),
    method: "card",
    reference: "Deposit",
  });

  // Issued, sent, overdue.
  const overdue = await issue(
    await draft(
      2,
      70,
      [line("Monthly retainer", "1", "month", "2500"), line("Training materials", "30", "item", "12.50", 550)],
      { purchaseOrderReference: "PO-77310042" },
    ),
  );
  await markInvoiceSent(db, manager, { id: overdue.id, version: overdue.version });

  // Cancelled by a full credit note (wrong client details, reissued below).
  const wrong = await issue(await draft(0, 30, [line("Audit of the accounting process", "3", "day", "1100")]));

  // Issued, not yet due: the approved time of the first client with some, one line per project.
  const timeClient = await (async () => {
    for (const [index, candidate] of clients.entries()) {
      const entries = await findUnbilledEntries(db, { clientId: candidate.id });
      if (entries.length > 0) return { index, entries };
    }
    return null;
  })();
  const timeLines = (entries: Awaited<ReturnType<typeof findUnbilledEntries>>) =>
    groupUnbilledEntries(entries, "project", settings.locale).map((grouped) => ({
      ...line(
        grouped.description,
        quantityMilliToDecimalString(grouped.quantityMilli),
        "hour",
        formatMoneyInput(grouped.unitPriceMinor, pick(timeClient?.index ?? 0).currency),
      ),
      timeEntryIds: grouped.timeEntryIds,
    }));
  if (timeClient) {
    const half = timeClient.entries.slice(0, Math.ceil(timeClient.entries.length / 2));
    await issue(await draft(timeClient.index, 2, timeLines(half)));
  } else {
    await issue(await draft(1, 2, [line("Consulting", "12", "hour", "90")]));
  }
  // The full credit note is dated today, after every invoice above.
  await createCreditNote(db, manager, { invoiceId: wrong.id, mode: "full" });

  // A draft with the rest of the approved time, and a plain draft.
  if (timeClient) {
    const rest = await findUnbilledEntries(db, { clientId: pick(timeClient.index).id });
    if (rest.length > 0)
      await draft(timeClient.index, 0, timeLines(rest), {
        servicePeriodStart: "",
        servicePeriodEnd: "",
        notes: "Time approved this month.",
      });
  }
  await draft(
    3,
    0,
    [line("Quarterly strategy review", "1", "day", "1200"), line("Follow-up calls", "2.5", "hour", "110")],
    { servicePeriodStart: "", servicePeriodEnd: "" },
  );
}
