// Approved billable expenses on invoices (decision 065): picked from "Add unbilled time and
// expenses", linked to their line by the same conditional update as time entries, so an expense is
// billed at most once even when two drafts race for it; only in the invoice's currency; released
// when the draft is deleted; and the issued invoice is a valid EN 16931 e-invoice.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expense } from "../../src/db/schema";
import { ConflictError, InvalidError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { einvoiceFormatStatuses, getInvoiceEinvoice } from "../../src/modules/einvoicing/einvoice-queries";
import { einvoiceSyntax, writeEinvoiceXml } from "../../src/modules/einvoicing/einvoice-write";
import { findUnbilledExpenses } from "../../src/modules/expenses/expense-queries";
import { approveExpense, createExpense, reopenExpense } from "../../src/modules/expenses/expense-mutations";
import { expenseLineDraft } from "../../src/modules/expenses/expense-rules";
import { getInvoice } from "../../src/modules/invoices/invoice-detail-queries";
import {
  createDraftInvoice,
  deleteDraftInvoice,
  issueInvoice,
  updateDraftInvoice,
} from "../../src/modules/invoices/invoice-mutations";
import { seedDemoFirm } from "../../src/modules/settings/settings-seed";
import { findProfitabilityReport } from "../../src/modules/reports/profitability-report-queries";
import { csvStream } from "../../src/lib/csv";
import { oneBatch, PROFIT_COLUMNS } from "../../src/modules/reports/report-csv";
import { describeFindings, fatal, validateSchematron } from "../einvoicing/support/validate";
import { createNamedUser, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertApprovedTime, insertClient, insertProject, line, today } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let manager: Actor;
let staff: Actor;
let clientId: string;
let projectId: string;

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  await seedDemoFirm(database.db);
  manager = await createNamedUser(database.db, admin, "manager", "Bea Biller");
  staff = await createNamedUser(database.db, admin, "staff", "Sid Spender");
  const customer = await insertClient(database.db, { buyerReference: "PO-EXPENSES" });
  clientId = customer.id;
  projectId = (await insertProject(database.db, clientId, { name: "Audit" })).id;
}, 120_000);
afterAll(() => tearDownDatabase(database));

async function approvedExpense(overrides: Record<string, unknown> = {}) {
  const created = await createExpense(database.db, staff, {
    projectId,
    date: today(),
    category: "travel",
    description: "Train",
    currency: "EUR",
    netAmount: "33.33",
    vatAmount: "3.33",
    billable: true,
    markup: "7.5",
    ...overrides,
  });
  return approveExpense(database.db, manager, created);
}

const submittedExpense = () =>
  createExpense(database.db, staff, { projectId, date: today(), category: "meals", currency: "EUR", netAmount: "10" });

/** The line "Add unbilled time and expenses" proposes for an expense, as the form sends it. */
async function expenseLine(id: string) {
  const row = (await findUnbilledExpenses(database.db, { clientId })).find((candidate) => candidate.id === id)!;
  const draft = expenseLineDraft(row, "en-GB");
  return line({
    description: draft.description,
    quantity: "1",
    unit: draft.unit,
    unitPrice: (draft.unitPriceMinor / 100).toFixed(2),
    expenseIds: draft.expenseIds,
  });
}

const lineOf = async (expenseId: string) =>
  (await database.db.select().from(expense).where(eq(expense.id, expenseId)))[0]!.invoiceLineId;

describe(`expenses on invoices on ${process.env.TEST_DB}`, () => {
  it("lists approved billable expenses only, and bills one at its net plus markup", async () => {
    const approved = await approvedExpense();
    const submitted = await submittedExpense();
    const notBillable = await approvedExpense({ billable: false });
    const listed = (await findUnbilledExpenses(database.db, { clientId })).map((row) => row.id);
    expect(listed).toContain(approved.id);
    expect(listed).not.toContain(submitted.id);
    expect(listed).not.toContain(notBillable.id);

    const draftLine = await expenseLine(approved.id);
    // 33.33 × 1.075 = 35.82975 → 35.83
    expect(draftLine.unitPrice).toBe("35.83");
    const draft = await createDraftInvoice(database.db, manager, draftInput(clientId, { lines: [draftLine] }));
    const detail = await getInvoice(database.db, draft.id);
    expect(detail.lines[0]).toMatchObject({ unitPrice: 3583, unit: "item", expenseIds: [approved.id] });
    expect(await lineOf(approved.id)).toBe(detail.lines[0]!.id);
    expect((await findUnbilledExpenses(database.db, { clientId })).map((row) => row.id)).not.toContain(approved.id);
    // Billed: it cannot be reopened; the draft's deletion makes it unbilled again.
    await expect(
      reopenExpense(database.db, manager, { id: approved.id, version: approved.version }),
    ).rejects.toMatchObject({
      code: "expense.billed",
    });
    await deleteDraftInvoice(database.db, manager, { id: draft.id, version: draft.version });
    expect(await lineOf(approved.id)).toBeNull();
  });

  it("refuses an expense not approved, not billable or of another client, keeping the draft unsaved", async () => {
    const submitted = await submittedExpense();
    const notBillable = await approvedExpense({ billable: false });
    const other = await insertClient(database.db);
    for (const id of [submitted.id, notBillable.id]) {
      await expect(
        createDraftInvoice(database.db, manager, draftInput(clientId, { lines: [line({ expenseIds: [id] })] })),
      ).rejects.toBeInstanceOf(ConflictError);
    }
    const approved = await approvedExpense();
    await expect(
      createDraftInvoice(database.db, manager, draftInput(other.id, { lines: [line({ expenseIds: [approved.id] })] })),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await lineOf(approved.id)).toBeNull();
    await expect(
      createDraftInvoice(
        database.db,
        manager,
        draftInput(clientId, { lines: [line({ expenseIds: [approved.id] }), line({ expenseIds: [approved.id] })] }),
      ),
    ).rejects.toMatchObject({ fieldErrors: { "lines.1.description": "The same expense is on two lines." } });
  });

  it("bills an expense only in the invoice's currency", async () => {
    const dollars = await approvedExpense({ currency: "USD" });
    const refused = await createDraftInvoice(
      database.db,
      manager,
      draftInput(clientId, { lines: [line({ expenseIds: [dollars.id] })] }),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(InvalidError);
    expect((refused as InvalidError).code).toBe("invoice.expense_currency");
    expect(await lineOf(dollars.id)).toBeNull();
  });

  it("bills an expense at most once when two drafts race for it", async () => {
    for (let round = 0; round < 3; round += 1) {
      const approved = await approvedExpense();
      const proposed = await expenseLine(approved.id);
      const saves = await Promise.allSettled([
        createDraftInvoice(database.db, manager, draftInput(clientId, { lines: [proposed] })),
        createDraftInvoice(database.db, manager, draftInput(clientId, { lines: [proposed] })),
      ]);
      expect(saves.filter((save) => save.status === "fulfilled")).toHaveLength(1);
      const failure = saves.find((save) => save.status === "rejected") as PromiseRejectedResult;
      expect(failure.reason).toBeInstanceOf(ConflictError);
      expect((failure.reason as ConflictError).code).toBe("invoice.expense_no_longer_unbilled");
      const won = (saves.find((save) => save.status === "fulfilled") as PromiseFulfilledResult<{ id: string }>).value;
      expect((await getInvoice(database.db, won.id)).lines[0]!.expenseIds).toEqual([approved.id]);
    }
  });

  it("keeps an expense on its draft when the draft is saved again, and frees it when its line goes", async () => {
    const approved = await approvedExpense();
    const draft = await createDraftInvoice(
      database.db,
      manager,
      draftInput(clientId, { lines: [await expenseLine(approved.id)] }),
    );
    const kept = await updateDraftInvoice(database.db, manager, {
      ...draftInput(clientId, {
        lines: (await getInvoice(database.db, draft.id)).lines.map(() => line({ expenseIds: [approved.id] })),
      }),
      id: draft.id,
      version: draft.version,
    });
    expect(await lineOf(approved.id)).not.toBeNull();
    await updateDraftInvoice(database.db, manager, { ...draftInput(clientId), id: draft.id, version: kept.version });
    expect(await lineOf(approved.id)).toBeNull();
  });

  it("issues an invoice with time and expense lines that is a valid EN 16931 e-invoice", async () => {
    const [entry] = await insertApprovedTime(database.db, { userId: staff.id, projectId, minutes: [90] });
    const approved = await approvedExpense({ markup: "12.5", netAmount: "0.99", vatAmount: "" });
    const draft = await createDraftInvoice(
      database.db,
      manager,
      draftInput(clientId, {
        lines: [
          line({ unit: "hour", quantity: "1.5", unitPrice: "90", timeEntryIds: [entry!.id] }),
          await expenseLine(approved.id),
        ],
      }),
    );
    const issued = await issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
    expect(issued.status).toBe("issued");
    const { einvoice } = await getInvoiceEinvoice(database.db, issued.id);
    let validated = 0;
    for (const { format, problems } of einvoiceFormatStatuses(einvoice, false)) {
      if (format !== "factur-x" && format !== "xrechnung-cii") continue;
      expect(problems, format).toEqual([]);
      const xml = writeEinvoiceXml(einvoice, format);
      const findings = validateSchematron(
        xml,
        einvoiceSyntax(format),
        format === "factur-x" ? ["en16931"] : ["en16931", "xrechnung"],
      );
      expect(fatal(findings), `${format}\n${describeFindings(findings)}`).toEqual([]);
      validated += 1;
    }
    expect(validated).toBe(2);
  }, 300_000);

  it("puts expenses in the profitability report and its CSV: billable ones as revenue with markup, all as cost", async () => {
    const spender = await createNamedUser(database.db, admin, "staff", "Rita Report");
    const customer = await insertClient(database.db, { name: "Report Client" });
    const reportProject = await insertProject(database.db, customer.id, { name: "Report Project" });
    const record = async (fields: Record<string, unknown>) => {
      const created = await createExpense(database.db, spender, {
        projectId: reportProject.id,
        date: "2026-03-10",
        category: "travel",
        currency: "EUR",
        billable: true,
        ...fields,
      });
      return approveExpense(database.db, manager, created);
    };
    await record({ netAmount: "100", markup: "10" }); // billed 110.00
    await record({ netAmount: "0.05", markup: "10" }); // 0.055 → 0.06
    await record({ netAmount: "40", billable: false }); // cost only
    await record({ netAmount: "999", currency: "USD" }); // another currency: left out
    await createExpense(database.db, spender, {
      projectId: reportProject.id,
      date: "2026-03-10",
      category: "meals",
      currency: "EUR",
      netAmount: "500",
    }); // not approved: left out
    const report = await findProfitabilityReport(
      database.db,
      admin,
      { from: "2026-03-01", to: "2026-03-31", project: reportProject.id },
      null,
    );
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({
      projectName: "Report Project",
      minutes: 0,
      expenseRevenue: 11006,
      expenseCost: 14005,
      revenue: 11006,
      cost: 14005,
      margin: -2999,
    });
    expect(report.rows[0]!.people).toEqual([expect.objectContaining({ name: "Rita Report", expenseCost: 14005 })]);
    const csv = (await new Response(csvStream(PROFIT_COLUMNS, oneBatch(report.rows))).text()).replace(/^\uFEFF/, "");
    const [header, line] = csv.trim().split(/\r?\n/);
    expect(header).toContain("Billable expenses (with markup),Other invoice lines,Revenue,Expenses,Cost");
    expect(line).toContain(",110.06,0.00,110.06,140.05,140.05,");
    expect(line).toContain(",-29.99,");
  });
});
