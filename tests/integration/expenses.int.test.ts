// Expenses (decision 065): recorded by their owner with a receipt checked by its bytes, approved
// on their own by another manager, changed only by the owner until approved, and every refused
// write leaves nothing behind.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, expense, expenseReceipt } from "../../src/db/schema";
import { addDaysToDate } from "../../src/lib/dates";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { findExpenses, getExpense, getExpenseReceipt } from "../../src/modules/expenses/expense-queries";
import {
  approveExpense,
  createExpense,
  deleteExpense,
  rejectExpense,
  reopenExpense,
  updateExpense,
} from "../../src/modules/expenses/expense-mutations";
import { createNamedUser, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { insertClient, insertProject, today } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let manager: Actor;
let staff: Actor;
let other: Actor;
let projectId: string;

const PDF_RECEIPT = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
/** The PNG signature and the start of its IHDR chunk: what the content check reads. */
const PNG_RECEIPT = new Uint8Array(48);
PNG_RECEIPT.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const input = (overrides: Record<string, unknown> = {}) => ({
  projectId,
  date: today(),
  category: "travel",
  description: "Train to Lyon",
  currency: "EUR",
  netAmount: "100",
  vatAmount: "10",
  billable: true,
  markup: "",
  ...overrides,
});

async function rows(table: typeof expense | typeof expenseReceipt | typeof auditEvent) {
  const [row] = await database.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

beforeAll(async () => {
  let first: Actor;
  ({ database, admin: first } = await setUpDatabase());
  admin = first;
  manager = await createNamedUser(database.db, admin, "manager", "Mia Manager");
  staff = await createNamedUser(database.db, admin, "staff", "Sam Staff");
  other = await createNamedUser(database.db, admin, "staff", "Olga Other");
  const customer = await insertClient(database.db);
  projectId = (await insertProject(database.db, customer.id)).id;
});
afterAll(() => tearDownDatabase(database));

describe(`expenses on ${process.env.TEST_DB}`, () => {
  it("records one's own expense with its receipt, waiting for approval, and audits it", async () => {
    const audits = await rows(auditEvent);
    const created = await createExpense(database.db, staff, input({ markup: "15" }), {
      name: "../ticket.pdf",
      bytes: PDF_RECEIPT,
    });
    expect(created).toMatchObject({
      userId: staff.id,
      status: "submitted",
      netAmount: 10_000,
      vatAmount: 1000,
      markupBp: 1500,
      receiptKind: "pdf",
      receiptName: "ticket.pdf",
      receiptSize: PDF_RECEIPT.byteLength,
    });
    const receipt = await getExpenseReceipt(database.db, staff, created.id);
    expect(receipt.mimeType).toBe("application/pdf");
    expect(new Uint8Array(receipt.content)).toEqual(PDF_RECEIPT);
    expect(await rows(auditEvent)).toBe(audits + 1);
  });

  it("refuses a receipt that is no PDF or image by its bytes, a future date and an unknown project, keeping nothing", async () => {
    const before = [await rows(expense), await rows(expenseReceipt)];
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );
    const svg = await refused(createExpense(database.db, staff, input(), { name: "receipt.pdf", bytes: SVG }));
    expect(svg).toBeInstanceOf(InvalidError);
    expect((svg as InvalidError).fieldErrors.receipt).toMatch(/PDF or a PNG/);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF_RECEIPT);
    expect(
      ((await refused(createExpense(database.db, staff, input(), { name: "a.pdf", bytes: big }))) as InvalidError)
        .fieldErrors.receipt,
    ).toMatch(/5 MB/);
    const future = await refused(createExpense(database.db, staff, input({ date: addDaysToDate(today(), 2) })));
    expect((future as InvalidError).fieldErrors.date).toMatch(/future/);
    const unknown = await refused(
      createExpense(database.db, staff, input({ projectId: "0190d6f6-8b7a-7cc4-9a6e-3f1d2c4b5a69" })),
    );
    expect((unknown as InvalidError).fieldErrors.projectId).toMatch(/does not exist/);
    expect([await rows(expense), await rows(expenseReceipt)]).toEqual(before);
  });

  it("shows an expense to its owner and to managers only; a receipt likewise", async () => {
    const created = await createExpense(database.db, staff, input(), { name: "photo.png", bytes: PNG_RECEIPT });
    await expect(getExpense(database.db, other, created.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getExpenseReceipt(database.db, other, created.id)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await getExpenseReceipt(database.db, manager, created.id)).mimeType).toBe("image/png");
    const lists = await findExpenses(database.db, manager);
    expect(lists.awaiting?.rows.map((row) => row.id)).toContain(created.id);
    const staffLists = await findExpenses(database.db, other);
    expect(staffLists.awaiting).toBeNull();
    expect(staffLists.everyone).toBeNull();
    expect(staffLists.mine.rows.map((row) => row.id)).not.toContain(created.id);
  });

  it("is approved by another manager, never by its owner or by staff, and then the owner cannot change it", async () => {
    const created = await createExpense(database.db, staff, input());
    await expect(approveExpense(database.db, other, created)).rejects.toBeInstanceOf(ForbiddenError);
    const own = await createExpense(database.db, manager, input());
    await expect(approveExpense(database.db, manager, own)).rejects.toMatchObject({ code: "expense.own_expense" });
    const approved = await approveExpense(database.db, manager, created);
    expect(approved).toMatchObject({ status: "approved", decidedById: manager.id });
    await expect(
      updateExpense(database.db, staff, { ...input(), id: created.id, version: approved.version }),
    ).rejects.toMatchObject({
      code: "expense.approved",
    });
    await expect(deleteExpense(database.db, staff, approved)).rejects.toMatchObject({ code: "expense.approved" });
    const reopened = await reopenExpense(database.db, admin, approved);
    expect(reopened.status).toBe("submitted");
  });

  it("is rejected with a reason; the owner's change submits it again and clears the reason", async () => {
    const created = await createExpense(database.db, staff, input());
    await expect(rejectExpense(database.db, manager, { ...created, reason: " " })).rejects.toBeInstanceOf(InvalidError);
    const rejected = await rejectExpense(database.db, manager, {
      id: created.id,
      version: created.version,
      reason: "No receipt",
    });
    expect(rejected).toMatchObject({ status: "rejected", rejectionReason: "No receipt" });
    await expect(
      updateExpense(database.db, other, { ...input(), id: created.id, version: rejected.version }),
    ).rejects.toMatchObject({
      code: "expense.not_owner",
    });
    const updated = await updateExpense(
      database.db,
      staff,
      { ...input({ netAmount: "80" }), id: created.id, version: rejected.version },
      {
        name: "r.png",
        bytes: PNG_RECEIPT,
      },
    );
    expect(updated).toMatchObject({ status: "submitted", rejectionReason: null, netAmount: 8000, receiptKind: "png" });
    const removed = await updateExpense(database.db, staff, {
      ...input(),
      id: created.id,
      version: updated.version,
      removeReceipt: true,
    });
    expect(removed.receiptKind).toBeNull();
    await expect(getExpenseReceipt(database.db, staff, created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses the second of two concurrent saves of the same version", async () => {
    const created = await createExpense(database.db, staff, input());
    const saves = await Promise.allSettled([
      updateExpense(database.db, staff, {
        ...input({ netAmount: "1", vatAmount: "" }),
        id: created.id,
        version: created.version,
      }),
      updateExpense(database.db, staff, {
        ...input({ netAmount: "2", vatAmount: "" }),
        id: created.id,
        version: created.version,
      }),
    ]);
    expect(saves.filter((save) => save.status === "fulfilled")).toHaveLength(1);
    const failure = saves.find((save) => save.status === "rejected") as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(ConflictError);
    const decisions = await Promise.allSettled([
      approveExpense(database.db, manager, { id: created.id, version: created.version + 1 }),
      rejectExpense(database.db, admin, { id: created.id, version: created.version + 1, reason: "Too much" }),
    ]);
    expect(
      decisions.filter((decision) => decision.status === "fulfilled"),
      JSON.stringify(decisions),
    ).toHaveLength(1);
  });

  it("deletes a submitted expense with its receipt", async () => {
    const created = await createExpense(database.db, staff, input(), { name: "a.pdf", bytes: PDF_RECEIPT });
    await deleteExpense(database.db, staff, created);
    expect(await database.db.select().from(expense).where(eq(expense.id, created.id))).toEqual([]);
    expect(await database.db.select().from(expenseReceipt).where(eq(expenseReceipt.expenseId, created.id))).toEqual([]);
  });
});
