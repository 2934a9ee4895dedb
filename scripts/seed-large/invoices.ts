// Invoices as the app would have issued them over three years: monthly invoices of approved
// time (their entries linked to the lines), invoices of fixed fees and expenses, drafts of the
// last days, payments (paid, partly paid, overdue), full and partial credit notes; numbers
// gapless per series and year in issue-date order, and the counters the app continues from.
import { computeBalance, computeInvoiceTotals, type InvoiceTotals } from "../../src/modules/invoices/invoice-amounts";
import { formatInvoiceNumber, numberingPeriodKey } from "../../src/modules/invoices/invoice-numbering";
import { statusAfterPayments } from "../../src/modules/invoices/invoice-rules";
import { groupUnbilledEntries, type UnbilledEntry } from "../../src/modules/invoices/invoice-time-lines";
import { VAT_CATEGORY_DEFAULTS, type VatCategory } from "../../src/modules/invoices/vat-categories";
import { at, dateOf, firstDayOfNextMonth, type Generation } from "./context";
import type { ClientRecord, Firm, Person } from "./firm";
import { cumulative, uuidV7At } from "./random";
import type { Entry } from "./timesheets";
import { CATALOG } from "./vocabulary";

const INVOICE_PATTERN = "{YYYY}-{SEQ:4}";
const CREDIT_NOTE_PATTERN = "CN-{YYYY}-{SEQ:4}";
const METHODS = [
  "bank_transfer",
  "bank_transfer",
  "bank_transfer",
  "bank_transfer",
  "bank_transfer",
  "bank_transfer",
  "card",
  "card",
  "cheque",
  "cash",
  "other",
] as const;

type Line = {
  description: string;
  quantityMilli: number;
  unit: string;
  unitPriceMinor: number;
  discountBp: number;
  taxRateBp: number;
  vatCategory: VatCategory;
  vatMention: string | null;
  vatexCode: string | null;
  entries: Entry[];
};
type Payment = { amount: number; day: number; method: string };
type Doc = {
  id: string;
  kind: "invoice" | "credit_note";
  clientIndex: number;
  issueDay: number;
  dueDay: number;
  periodStart: number | null;
  periodEnd: number | null;
  notes: string | null;
  lines: Line[];
  totals: InvoiceTotals;
  draft: boolean;
  number: string | null;
  status: "draft" | "issued" | "partially_paid" | "paid" | "cancelled";
  paid: number;
  credited: number;
  payments: Payment[];
  creditNotes: Doc[];
  credits: Doc | null;
  actor: Person;
  createdAt: number;
  issuedAt: number;
  sentAt: number | null;
};

export type InvoiceSummary = {
  invoices: number;
  creditNotes: number;
  drafts: number;
  timeInvoices: number;
  linkedEntries: number;
};

/**
 * A line's VAT as the invoice form proposes it: a French client pays French VAT; a business in
 * another EU country is invoiced under the reverse charge (AE), one outside the EU outside the
 * scope of EU VAT (O), each at 0 % with its mention and VATEX code.
 */
function vatFor(
  client: ClientRecord,
  itemRate?: number,
): Pick<Line, "taxRateBp" | "vatCategory" | "vatMention" | "vatexCode"> {
  if (client.country.code === "FR")
    return { taxRateBp: itemRate ?? 2000, vatCategory: "S", vatMention: null, vatexCode: null };
  const category: VatCategory = client.country.eu ? "AE" : "O";
  const { mention, vatexCode } = VAT_CATEGORY_DEFAULTS[category];
  return { taxRateBp: 0, vatCategory: category, vatMention: mention, vatexCode };
}

export async function generateInvoices(gen: Generation, firm: Firm, entries: Entry[]): Promise<InvoiceSummary> {
  const random = gen.random("invoices");
  const lastIssueDay = gen.today - 1;
  const target = gen.counts.invoices;

  // ---- Time: approved billable entries per client and month, invoiced early the next month.
  const buckets = new Map<
    string,
    { clientIndex: number; issueDay: number; start: number; end: number; entries: Entry[] }
  >();
  const monthOf = new Map<number, { key: string; start: number; next: number }>();
  for (const entry of entries) {
    if (!entry.approved || !entry.billable) continue;
    const clientIndex = firm.projects[entry.projectIndex]!.clientIndex;
    let month = monthOf.get(entry.day);
    if (!month) {
      const key = dateOf(entry.day).slice(0, 7);
      month = {
        key,
        start: Math.round(Date.parse(`${key}-01T00:00:00Z`) / 86_400_000),
        next: firstDayOfNextMonth(entry.day),
      };
      monthOf.set(entry.day, month);
    }
    const key = `${clientIndex}|${month.key}`;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = {
        clientIndex,
        issueDay: month.next + random.int(1, 9),
        start: month.start,
        end: month.next - 1,
        entries: [],
      };
      buckets.set(key, bucket);
    }
    bucket.entries.push(entry);
  }
  const billable = [...buckets.values()].filter((bucket) => bucket.issueDay <= lastIssueDay);
  // Most months are invoiced; some are forgotten (old unbilled time) and the latest are still to do.
  const billedShare = Math.min(0.92, Math.floor(target * 0.45) / Math.max(1, billable.length));

  const docs: Doc[] = [];
  const makeDoc = (clientIndex: number, issueDay: number, lines: Line[], kind: Doc["kind"] = "invoice"): Doc => {
    const client = firm.clients[clientIndex]!;
    const createdAt = at(issueDay - random.int(0, 2), 9 + random.int(0, 8));
    return {
      id: uuidV7At(random, createdAt),
      kind,
      clientIndex,
      issueDay,
      dueDay: kind === "credit_note" ? issueDay : issueDay + client.paymentTermsDays,
      periodStart: null,
      periodEnd: null,
      // A 0 % line's reason is its category's mention, printed under the totals: no note repeats it.
      notes: null,
      lines,
      totals: computeInvoiceTotals(lines, kind),
      draft: false,
      number: null,
      status: "issued",
      paid: 0,
      credited: 0,
      payments: [],
      creditNotes: [],
      credits: null,
      actor: random.pick(firm.deciders),
      createdAt,
      issuedAt: at(issueDay, 10 + random.int(0, 6)) + random.int(0, 59) * 60_000,
      sentAt: null,
    };
  };

  let timeInvoices = 0;
  let linkedEntries = 0;
  for (const bucket of billable) {
    if (!random.chance(billedShare)) continue;
    const client = firm.clients[bucket.clientIndex]!;
    const asUnbilled: (UnbilledEntry & { entry: Entry })[] = bucket.entries.map((entry) => ({
      id: entry.id,
      projectId: firm.projects[entry.projectIndex]!.id,
      projectName: firm.projects[entry.projectIndex]!.name,
      userId: entry.person.id,
      userName: entry.person.name,
      date: dateOf(entry.day),
      minutes: entry.minutes,
      description: entry.description,
      hourlyRate: entry.hourlyRate,
      entry,
    }));
    const byId = new Map(asUnbilled.map((item) => [item.id, item.entry]));
    // The app's own grouping: one line per project and rate, quantity in hours.
    const lines: Line[] = groupUnbilledEntries(asUnbilled, "project", "en-GB").map((line) => ({
      description: line.description,
      quantityMilli: line.quantityMilli,
      unit: line.unit,
      unitPriceMinor: line.unitPriceMinor,
      discountBp: 0,
      ...vatFor(client),
      entries: line.timeEntryIds.map((id) => byId.get(id)!),
    }));
    const doc = makeDoc(bucket.clientIndex, bucket.issueDay, lines);
    doc.periodStart = bucket.start;
    doc.periodEnd = bucket.end;
    docs.push(doc);
    timeInvoices += 1;
    linkedEntries += bucket.entries.length;
  }

  // ---- Fees, licences and expenses: the rest, spread over the three years.
  const catalogWeights = cumulative([6, 3, 2, 2, 3, 1, 2, 3, 1, 1]);
  const span = lastIssueDay - gen.firstMonday;
  while (docs.length < target) {
    const issueDay = gen.firstMonday + random.int(0, span);
    let clientIndex = random.weighted(firm.clientWeights);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const client = firm.clients[clientIndex]!;
      if (client.createdDay <= issueDay && (client.archivedDay === null || client.archivedDay > issueDay)) break;
      clientIndex = random.weighted(firm.clientWeights);
    }
    const client = firm.clients[clientIndex]!;
    const lineCount = random.pick([1, 1, 2, 2, 3, 3, 4, 5, 6]);
    const lines: Line[] = Array.from({ length: lineCount }, () => {
      const item = CATALOG[random.weighted(catalogWeights)]!;
      return {
        description: item.description,
        quantityMilli:
          random.int(item.quantity[0] * (1000 / item.step), item.quantity[1] * (1000 / item.step)) * item.step,
        unit: item.unit,
        unitPriceMinor: random.int(item.price[0] / 100, item.price[1] / 100) * 100,
        discountBp: random.chance(0.08) ? random.int(1, 3) * 500 : 0,
        ...vatFor(client, item.taxRateBp),
        entries: [],
      };
    });
    const doc = makeDoc(clientIndex, issueDay, lines);
    if (random.chance(0.4)) {
      doc.periodEnd = issueDay - 1;
      doc.periodStart = issueDay - 30;
    }
    if (doc.notes === null && random.chance(0.1))
      doc.notes = "Thank you for your trust. Purchase order reference on request.";
    docs.push(doc);
  }

  // ---- Drafts of the last ten days; everything else is issued, then paid, credited or left owing.
  const creditNotes: Doc[] = [];
  for (const doc of docs) {
    if (doc.issueDay >= gen.today - 10 && random.chance(0.4)) {
      doc.draft = true;
      doc.status = "draft";
      continue;
    }
    if (random.chance(0.85))
      doc.sentAt = Math.min(doc.issuedAt + random.int(0, 48) * 3_600_000, gen.startOfToday - 60_000);
    const total = doc.totals.total;
    const overdueDays = gen.today - doc.dueDay;
    const roll = random.next();
    const outcome =
      overdueDays > 90
        ? roll < 0.93
          ? "paid"
          : roll < 0.96
            ? "partial"
            : roll < 0.98
              ? "unpaid"
              : "full_credit"
        : overdueDays > 0
          ? roll < 0.65
            ? "paid"
            : roll < 0.78
              ? "partial"
              : roll < 0.985
                ? "unpaid"
                : "full_credit"
          : roll < 0.35
            ? "paid"
            : roll < 0.45
              ? "partial"
              : roll < 0.995
                ? "unpaid"
                : "full_credit";
    const creditDay = doc.issueDay + random.int(3, 45);
    if (outcome === "full_credit" && creditDay <= lastIssueDay) {
      // A full credit note mirrors every line and cancels the invoice.
      const note = makeDoc(
        doc.clientIndex,
        creditDay,
        doc.lines.map((line) => ({ ...line, entries: [] })),
        "credit_note",
      );
      note.credits = doc;
      doc.creditNotes.push(note);
      doc.credited = -note.totals.total;
      creditNotes.push(note);
    } else if (outcome !== "full_credit" && random.chance(0.01) && creditDay <= lastIssueDay) {
      // A partial credit note: a goodwill reduction of part of the net.
      const first = doc.lines[0]!;
      const amount = Math.floor((doc.totals.net * random.int(5, 30)) / 100);
      if (amount > 0) {
        const note = makeDoc(
          doc.clientIndex,
          creditDay,
          [
            {
              description: "Goodwill reduction",
              quantityMilli: 1000,
              unit: "item",
              unitPriceMinor: amount,
              discountBp: 0,
              taxRateBp: first.taxRateBp,
              vatCategory: first.vatCategory,
              vatMention: first.vatMention,
              vatexCode: first.vatexCode,
              entries: [],
            },
          ],
          "credit_note",
        );
        note.credits = doc;
        doc.creditNotes.push(note);
        doc.credited = -note.totals.total;
        creditNotes.push(note);
      }
    }
    const owed = total - doc.credited;
    const latest = Math.min(lastIssueDay, doc.dueDay + 20);
    const earliest = Math.min(doc.issueDay + 1, latest);
    if (owed > 0 && outcome === "paid") {
      if (random.chance(0.15) && owed > 1) {
        const first = Math.floor(owed / 2);
        const day = random.int(earliest, latest);
        doc.payments.push(
          { amount: first, day, method: random.pick(METHODS) },
          { amount: owed - first, day: random.int(day, latest), method: random.pick(METHODS) },
        );
      } else {
        doc.payments.push({ amount: owed, day: random.int(earliest, latest), method: random.pick(METHODS) });
      }
    } else if (owed > 1 && outcome === "partial") {
      doc.payments.push({
        amount: Math.max(1, Math.floor((owed * random.int(20, 80)) / 100)),
        day: random.int(earliest, Math.min(lastIssueDay, doc.dueDay + 60)),
        method: random.pick(METHODS),
      });
    }
    doc.paid = doc.payments.reduce((sum, payment) => sum + payment.amount, 0);
    doc.status = statusAfterPayments({ total, paid: doc.paid, credited: doc.credited });
  }

  // ---- Numbers: per series and year, in issue-date order, as the counter row lock gives them.
  const counters: { series: string; period: string; sequence: number; lastDay: number }[] = [];
  const number = (series: "invoice" | "credit_note", pattern: string, list: Doc[]) => {
    const ordered = list
      .filter((doc) => !doc.draft)
      .sort((a, b) => a.issueDay - b.issueDay || a.issuedAt - b.issuedAt || (a.id < b.id ? -1 : 1));
    const byPeriod = new Map<string, { series: string; period: string; sequence: number; lastDay: number }>();
    for (const doc of ordered) {
      const date = dateOf(doc.issueDay);
      const period = numberingPeriodKey(pattern, date);
      let counter = byPeriod.get(period);
      if (!counter) {
        counter = { series, period, sequence: 0, lastDay: doc.issueDay };
        byPeriod.set(period, counter);
        counters.push(counter);
      }
      counter.sequence += 1;
      counter.lastDay = doc.issueDay;
      doc.number = formatInvoiceNumber(pattern, { date, seq: counter.sequence });
    }
  };
  number("invoice", INVOICE_PATTERN, docs);
  number("credit_note", CREDIT_NOTE_PATTERN, creditNotes);
  for (const note of creditNotes)
    note.notes = `Credit note for invoice ${note.credits!.number ?? ""} of ${dateOf(note.credits!.issueDay)}.`;

  // ---- Rows, in issue order; each table complete before the next, so the row triggers left on
  // (payments read their invoice's currency) find what they refer to.
  const all = [...docs, ...creditNotes].sort(
    (a, b) => a.issueDay - b.issueDay || a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1),
  );
  const invoiceWriter = gen.writer("invoices", [
    "id",
    "kind",
    "number",
    "status",
    "client_id",
    "credited_invoice_id",
    "issue_date",
    "due_date",
    "service_period_start",
    "service_period_end",
    "currency",
    "client_snapshot",
    "firm_snapshot",
    "payment_terms_days",
    "notes",
    "footer",
    "net_total",
    "tax_total",
    "total",
    "paid_total",
    "credited_total",
    "balance",
    "tax_breakdown",
    "sent_at",
    "issued_at",
    "issued_by_id",
    "created_by_id",
    "version",
    "created_at",
    "updated_at",
  ]);
  for (const doc of all) {
    const client = firm.clients[doc.clientIndex]!;
    const issued = !doc.draft;
    const lastChange = Math.max(
      issued ? doc.issuedAt : doc.createdAt,
      doc.sentAt ?? 0,
      ...doc.payments.map((payment) => at(payment.day, 11)),
      ...doc.creditNotes.map((note) => note.issuedAt),
    );
    const version = 1 + (issued ? 1 : 0) + (doc.sentAt ? 1 : 0) + doc.payments.length + doc.creditNotes.length;
    const balance =
      issued && doc.kind === "invoice"
        ? computeBalance({ total: doc.totals.total, paid: doc.paid, credited: doc.credited })
        : 0;
    await invoiceWriter.add([
      doc.id,
      doc.kind,
      doc.number,
      doc.status,
      client.id,
      doc.credits?.id ?? null,
      dateOf(doc.issueDay),
      dateOf(doc.dueDay),
      doc.periodStart === null ? null : dateOf(doc.periodStart),
      doc.periodEnd === null ? null : dateOf(doc.periodEnd),
      client.currency,
      issued ? client.snapshot : null,
      issued ? firm.firmSnapshot : null,
      client.paymentTermsDays,
      doc.notes,
      issued ? firm.footer : null,
      doc.totals.net,
      doc.totals.tax,
      doc.totals.total,
      doc.paid,
      doc.credited,
      balance,
      doc.totals.taxes,
      doc.sentAt === null ? null : new Date(doc.sentAt),
      issued ? new Date(doc.issuedAt) : null,
      issued ? doc.actor.id : null,
      doc.actor.id,
      version,
      new Date(doc.createdAt),
      new Date(lastChange),
    ]);
  }
  await invoiceWriter.finish();
  const lineWriter = gen.writer("invoice_lines", [
    "id",
    "invoice_id",
    "position",
    "description",
    "quantity_milli",
    "unit",
    "unit_price",
    "discount_bp",
    "tax_rate_bp",
    "vat_category",
    "vat_mention",
    "vatex_code",
    "net",
    "created_at",
    "updated_at",
  ]);
  for (const doc of all) {
    for (const [index, line] of doc.lines.entries()) {
      const lineId = uuidV7At(random, doc.createdAt);
      for (const entry of line.entries) entry.invoiceLineId = lineId;
      await lineWriter.add([
        lineId,
        doc.id,
        index + 1,
        line.description,
        line.quantityMilli,
        line.unit,
        line.unitPriceMinor,
        line.discountBp,
        line.taxRateBp,
        line.vatCategory,
        line.vatMention,
        line.vatexCode,
        doc.totals.lines[index]!.net,
        new Date(doc.createdAt),
        new Date(doc.createdAt),
      ]);
    }
  }
  await lineWriter.finish();
  const paymentWriter = gen.writer("payments", [
    "id",
    "invoice_id",
    "amount",
    "date",
    "method",
    "reference",
    "created_by_id",
    "created_at",
    "updated_at",
  ]);
  for (const doc of all) {
    for (const payment of doc.payments) {
      const recorded = at(payment.day, 11);
      await paymentWriter.add([
        uuidV7At(random, recorded),
        doc.id,
        payment.amount,
        dateOf(payment.day),
        payment.method,
        payment.method === "bank_transfer" ? `Transfer ${doc.number}` : null,
        random.pick(firm.deciders).id,
        new Date(recorded),
        new Date(recorded),
      ]);
    }
  }
  await paymentWriter.finish();

  const counterWriter = gen.writer("numbering_counters", [
    "series",
    "period_key",
    "last_sequence",
    "last_issue_date",
    "created_at",
    "updated_at",
  ]);
  for (const counter of counters)
    await counterWriter.add([
      counter.series,
      counter.period,
      counter.sequence,
      dateOf(counter.lastDay),
      new Date(at(counter.lastDay, 10)),
      new Date(at(counter.lastDay, 10)),
    ]);
  await counterWriter.finish();

  return {
    invoices: docs.length,
    creditNotes: creditNotes.length,
    drafts: docs.filter((doc) => doc.draft).length,
    timeInvoices,
    linkedEntries,
  };
}
