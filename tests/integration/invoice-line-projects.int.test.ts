// Invoice lines linked to a project (issue 24 item 3, decision 068). The draft's rules: the project
// is one of the invoice's client's, and a line of time or expenses names none (its project is its
// entries'); a refused save changes nothing. Credit notes and duplicates copy the link. Profitability
// counts the net of the linked lines of documents issued in the period (credit notes subtract; drafts,
// cancelled invoices and the credit notes that cancelled them are left out), per currency, and the
// drill-down still adds up: checked against a sum written here over the raw rows.
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, invoice, invoiceLine, project, settings, timeEntry } from "../../src/db/schema";
import { InvalidError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  createCreditNote,
  createDraftInvoice,
  duplicateInvoice,
  issueInvoice,
  recordPayment,
  updateDraftInvoice,
} from "../../src/modules/invoices/invoice-mutations";
import { findLineProjectNames, getInvoice } from "../../src/modules/invoices/invoice-detail-queries";
import { findProfitabilityReport } from "../../src/modules/reports/profitability-report-queries";
import { profitDrillRows } from "../../src/modules/reports/report-csv";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import {
  draftInput,
  insertApprovedTime,
  insertClient,
  insertProject,
  insertUser,
  line,
} from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

const NOW = new Date("2026-03-20T10:00:00Z");
const FIRM_RATE = 5000;

let database: TestDatabase;
let admin: Actor;
const db = () => database.db;

let acmeId: string;
let otherClientId: string;
let design: string;
let support: string;
let foreignProject: string;
let usdProject: string;
let usdClientId: string;

/** A draft dated `issueDate`, issued at once. */
async function issued(clientId: string, issueDate: string, lines: ReturnType<typeof line>[], currency = "EUR") {
  const draft = await createDraftInvoice(
    db(),
    admin,
    draftInput(clientId, { issueDate, dueDate: issueDate, currency, lines }),
  );
  return issueInvoice(db(), admin, { id: draft.id, version: draft.version }, NOW);
}

const counts = async () => ({
  invoices: (await db().select({ id: invoice.id }).from(invoice)).length,
  lines: (await db().select({ id: invoiceLine.id }).from(invoiceLine)).length,
});

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  await getSettings(db());
  await db().update(settings).set({ timezone: "Europe/Paris", currency: "EUR", defaultHourlyRate: FIRM_RATE });
  const acme = await insertClient(db(), { name: "Acme" });
  acmeId = acme.id;
  otherClientId = (await insertClient(db(), { name: "Other" })).id;
  usdClientId = (await insertClient(db(), { name: "Dollar", currency: "USD", country: "US", vatNumber: null })).id;
  design = (await insertProject(db(), acmeId, { name: "Design" })).id;
  support = (await insertProject(db(), acmeId, { name: "Support" })).id;
  foreignProject = (await insertProject(db(), otherClientId, { name: "Elsewhere" })).id;
  usdProject = (await insertProject(db(), usdClientId, { name: "Audit" })).id;
});
afterAll(() => tearDownDatabase(database));

describe("a line's project on a draft", () => {
  it("refuses a project of another client, and nothing changes", async () => {
    const before = await counts();
    const refused = createDraftInvoice(
      db(),
      admin,
      draftInput(acmeId, { lines: [line({ projectId: design }), line({ projectId: foreignProject })] }),
    );
    await expect(refused).rejects.toBeInstanceOf(InvalidError);
    await expect(refused).rejects.toMatchObject({
      code: "invoice.project_not_client",
      fieldErrors: { "lines.1.projectId": "Choose one of this client's projects." },
    });
    expect(await counts()).toEqual(before);

    // Saving an existing draft with it is refused too, and the draft keeps its lines and version.
    const draft = await createDraftInvoice(db(), admin, draftInput(acmeId, { lines: [line({ projectId: design })] }));
    const saved = await counts();
    await expect(
      updateDraftInvoice(db(), admin, {
        ...draftInput(acmeId, { lines: [line({ projectId: foreignProject, unitPrice: "1" })] }),
        id: draft.id,
        version: draft.version,
      }),
    ).rejects.toMatchObject({ code: "invoice.project_not_client" });
    expect(await counts()).toEqual(saved);
    const [kept] = await db().select().from(invoice).where(eq(invoice.id, draft.id));
    expect(kept!.version).toBe(draft.version);
    const lines = await db().select().from(invoiceLine).where(eq(invoiceLine.invoiceId, draft.id));
    expect(lines.map((row) => [row.projectId, row.unitPrice])).toEqual([[design, 80000]]);
    // A project of the client, archived or not, is stored; none is null.
    await db().update(project).set({ archivedAt: NOW }).where(eq(project.id, support));
    const updated = await updateDraftInvoice(db(), admin, {
      ...draftInput(acmeId, { lines: [line({ projectId: support }), line({ projectId: "" }), line()] }),
      id: draft.id,
      version: draft.version,
    });
    await db().update(project).set({ archivedAt: null }).where(eq(project.id, support));
    const stored = await db()
      .select({ projectId: invoiceLine.projectId })
      .from(invoiceLine)
      .where(eq(invoiceLine.invoiceId, updated.id))
      .orderBy(invoiceLine.position);
    expect(stored.map((row) => row.projectId)).toEqual([support, null, null]);
    await db().delete(invoice).where(eq(invoice.id, draft.id));
  });

  it("refuses a project on a line of time, and the time stays unbilled", async () => {
    const person = await insertUser(db(), "Tim Time");
    const entries = await insertApprovedTime(db(), { userId: person.id, projectId: design, minutes: [60] });
    const before = await counts();
    const refused = createDraftInvoice(
      db(),
      admin,
      draftInput(acmeId, {
        lines: [line({ unit: "hour", timeEntryIds: entries.map((entry) => entry.id), projectId: design })],
      }),
    );
    await expect(refused).rejects.toMatchObject({
      code: "invoice.project_on_billed_line",
      fieldErrors: {
        "lines.0.projectId":
          "This line bills time or expenses, whose projects are already known; leave its project empty.",
      },
    });
    expect(await counts()).toEqual(before);
    const unbilled = await db().select().from(timeEntry).where(isNull(timeEntry.invoiceLineId));
    expect(unbilled.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
    await db().delete(timeEntry);
  });
});

describe("profitability counts the lines linked to a project", () => {
  let withTime: string;
  let partlyPaid: string;

  beforeAll(async () => {
    // Issued in date order (numbers are chronological). January: a linked line and billed time.
    const person = await insertUser(db(), "Ada Lovelace");
    const entries = await insertApprovedTime(db(), {
      userId: person.id,
      projectId: design,
      minutes: [90],
      hourlyRate: 10000,
    });
    withTime = entries[0]!.id;
    await issued(acmeId, "2026-01-20", [
      line({ unitPrice: "400", projectId: design }),
      line({ unit: "hour", unitPrice: "100", timeEntryIds: [withTime] }),
    ]);
    // February: a partly paid invoice, partly credited (the credit note takes 500 back from Design).
    const a = await issued(acmeId, "2026-02-02", [
      line({ unitPrice: "1000", projectId: design }),
      line({ unitPrice: "300" }),
      line({ unitPrice: "200.01", projectId: support }),
    ]);
    await issued(usdClientId, "2026-02-03", [line({ unitPrice: "250", taxRateBp: 0, projectId: usdProject })], "USD");
    partlyPaid = a.id;
    await recordPayment(db(), admin, { invoiceId: a.id, amount: "100", date: "2026-02-05", method: "cash" }, NOW);
    const credit = await createCreditNote(
      db(),
      admin,
      { invoiceId: a.id, mode: "partial", issueDate: "2026-02-10" },
      NOW,
    );
    const copied = await db().select().from(invoiceLine).where(eq(invoiceLine.invoiceId, credit.id));
    expect(copied.map((row) => row.projectId).sort()).toEqual([design, null, support].sort());
    const adjusted = await updateDraftInvoice(db(), admin, {
      ...draftInput(acmeId, {
        issueDate: "2026-02-10",
        dueDate: "2026-02-10",
        lines: [line({ unitPrice: "500", projectId: design })],
      }),
      id: credit.id,
      version: credit.version,
    });
    await issueInvoice(db(), admin, { id: adjusted.id, version: adjusted.version }, NOW);
    // Cancelled by a full credit note: neither counts.
    const b = await issued(acmeId, "2026-02-12", [line({ unitPrice: "700", projectId: design })]);
    await createCreditNote(db(), admin, { invoiceId: b.id, mode: "full", issueDate: "2026-02-15" }, NOW);
    // A draft does not count; its duplicate's line keeps the project.
    const draft = await createDraftInvoice(
      db(),
      admin,
      draftInput(acmeId, { issueDate: "2026-02-20", dueDate: "2026-02-20", lines: [line({ projectId: design })] }),
    );
    const duplicate = await duplicateInvoice(db(), admin, { id: draft.id }, NOW);
    const [duplicated] = await db().select().from(invoiceLine).where(eq(invoiceLine.invoiceId, duplicate.id));
    expect(duplicated!.projectId).toBe(design);
  });

  /** The linked lines' net per project, from the raw rows. */
  async function rawLineNets(from: string, to: string) {
    const [lines, documents, projects, clients] = await Promise.all([
      db().select().from(invoiceLine),
      db().select().from(invoice),
      db().select().from(project),
      db().select().from(client),
    ]);
    const nets = new Map<string, number>();
    for (const row of lines) {
      if (row.projectId === null) continue;
      const document = documents.find((candidate) => candidate.id === row.invoiceId)!;
      const owner = clients.find(
        (candidate) => candidate.id === projects.find((p) => p.id === row.projectId)!.clientId,
      )!;
      if (document.issueDate < from || document.issueDate > to || document.currency !== owner.currency) continue;
      const credited = documents.find((candidate) => candidate.id === document.creditedInvoiceId);
      const counts =
        document.kind === "invoice"
          ? ["issued", "partially_paid", "paid"].includes(document.status)
          : document.status !== "draft" && credited?.status !== "cancelled";
      if (counts) nets.set(row.projectId, (nets.get(row.projectId) ?? 0) + row.net);
    }
    return nets;
  }

  it.each([
    { from: "2026-01-01", to: "2026-01-31" },
    { from: "2026-02-01", to: "2026-02-28" },
    { from: "2026-01-01", to: "2026-12-31" },
  ])("equals the raw rows from $from to $to, and the drill-down adds up", async (range) => {
    const raw = await rawLineNets(range.from, range.to);
    const report = await findProfitabilityReport(db(), admin, range, FIRM_RATE);
    for (const row of report.rows) {
      const net = raw.get(row.projectId) ?? 0;
      expect(row.lineRevenue, row.projectName).toBe(net);
      expect(row.otherLines?.revenue ?? 0).toBe(net);
      const drill = profitDrillRows(row);
      expect(drill.reduce((sum, part) => sum + part.revenue, 0)).toBe(row.revenue);
      expect(drill.reduce((sum, part) => sum + part.margin, 0)).toBe(row.margin);
      expect(row.revenue).toBe(row.invoiced + row.uninvoiced + row.estimated + row.expenseRevenue + net);
    }
    expect(new Set(report.rows.map((row) => row.projectId))).toEqual(
      new Set([...raw.keys(), ...report.rows.filter((row) => row.people.length > 0).map((row) => row.projectId)]),
    );
    for (const total of report.totals) {
      const rows = report.rows.filter((row) => row.currency === total.currency);
      expect(total.lineRevenue).toBe(rows.reduce((sum, row) => sum + row.lineRevenue, 0));
      expect(total.revenue).toBe(rows.reduce((sum, row) => sum + row.revenue, 0));
    }
  });

  it("keeps an issued line's project as issued", async () => {
    await expect(
      db().update(invoiceLine).set({ projectId: null }).where(eq(invoiceLine.invoiceId, partlyPaid)),
    ).rejects.toThrow();
    const lines = await db().select().from(invoiceLine).where(eq(invoiceLine.invoiceId, partlyPaid));
    expect(lines.filter((row) => row.projectId !== null)).toHaveLength(2);
    // The detail page names them under the lines' descriptions.
    const detail = await getInvoice(db(), partlyPaid);
    const names = await findLineProjectNames(db(), detail.lines);
    expect(detail.lines.map((row) => (row.projectId ? names.get(row.projectId) : null))).toEqual([
      "Design",
      null,
      "Support",
    ]);
  });

  it("gives the figures by hand", async () => {
    const february = await findProfitabilityReport(db(), admin, { from: "2026-02-01", to: "2026-02-28" }, FIRM_RATE);
    const byName = Object.fromEntries(february.rows.map((row) => [row.projectName, row]));
    // 1000 on the partly paid invoice, less 500 credited; the cancelled 700 and the draft's 800 not at all.
    expect(byName.Design).toMatchObject({ lineRevenue: 50000, revenue: 50000, cost: 0, margin: 50000 });
    expect(byName.Support).toMatchObject({ lineRevenue: 20001, revenue: 20001 });
    expect(byName.Audit).toMatchObject({ currency: "USD", lineRevenue: 25000 });
    expect(february.totals.map((total) => [total.currency, total.lineRevenue])).toEqual([
      ["EUR", 70001],
      ["USD", 25000],
    ]);
    // January: 400 on a line beside a line of billed time (dated last week: time, not a linked line).
    const january = await findProfitabilityReport(
      db(),
      admin,
      { from: "2026-01-01", to: "2026-01-31", project: design },
      FIRM_RATE,
    );
    expect(january.rows).toHaveLength(1);
    expect(january.rows[0]).toMatchObject({ lineRevenue: 40000, otherLines: { revenue: 40000, cost: 0 } });
    // A client filter keeps its projects' lines only.
    const other = await findProfitabilityReport(
      db(),
      admin,
      { from: "2026-01-01", to: "2026-12-31", client: usdClientId },
      FIRM_RATE,
    );
    expect(other.rows.map((row) => [row.projectName, row.lineRevenue])).toEqual([["Audit", 25000]]);
  });
});
