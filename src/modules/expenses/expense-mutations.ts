// Writes of the expenses domain. Each takes the database first, checks the actor's role, validates
// with the shared schema and runs ONE transaction that also records the audit event. Concurrent
// saves: the row is locked and its version compared, and every update is conditional on the
// state it read, so the second of two saves is refused, never silently applied.
import { and, eq, isNull } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { expense, expenseReceipt } from "@/db/schema";
import { todayInZone } from "@/lib/dates";
import { ConflictError, ForbiddenError, NotFoundError, invalidFields, invalidFrom } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { refuse, type Refusal } from "@/lib/rule-result";
import { type Actor, recordAudit } from "@/modules/audit/audit-log";
import { sanitiseFileName } from "@/modules/jobs/job-rules";
import { getSettings } from "@/modules/settings/settings-queries";
import { findUnusableProjects } from "@/modules/timesheets/timesheet-mutations";
import { requirePermission } from "@/modules/users/permissions";
import type { ExpenseCode } from "./expense-codes";
import { detectReceiptKind, RECEIPT_MIME_TYPES } from "./expense-receipt";
import {
  canApproveExpense,
  canChangeExpense,
  canRejectExpense,
  canReopenExpense,
  type ExpenseRuleResult,
} from "./expense-rules";
import {
  createExpenseInput,
  expenseRefInput,
  RECEIPT_MAX_BYTES,
  rejectExpenseInput,
  updateExpenseInput,
} from "./expense-schemas";

type ExpenseRow = typeof expense.$inferSelect;
export type ReceiptUpload = { name: string; bytes: Uint8Array };
type ExpenseValues = ReturnType<typeof createExpenseInput.parse>;

const STALE = "This expense was changed by someone else. Reload the page and try again.";
const stale = () => new ConflictError(STALE, "expense.stale");

/** A form's FormData: its text fields, and the receipt file when one was chosen. */
export async function expenseFormParts(
  formData: unknown,
): Promise<{ fields: Record<string, string>; receipt: ReceiptUpload | null }> {
  if (!(formData instanceof FormData)) return { fields: {}, receipt: null };
  const fields: Record<string, string> = {};
  let receipt: ReceiptUpload | null = null;
  for (const [key, value] of formData.entries()) {
    if (key === "receipt") {
      if (value instanceof File && value.size > 0 && !receipt)
        receipt = { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
    } else if (typeof value === "string" && !(key in fields)) fields[key] = value; // the first, as FormData.get
  }
  return { fields, receipt };
}

/** The create form: its FormData, fields and receipt. */
export async function createExpenseFromForm(db: Database, actor: Actor, formData: unknown) {
  const { fields, receipt } = await expenseFormParts(formData);
  return createExpense(db, actor, fields, receipt);
}

/** The edit form: its FormData, fields (with id and version) and receipt. */
export async function updateExpenseFromForm(db: Database, actor: Actor, formData: unknown) {
  const { fields, receipt } = await expenseFormParts(formData);
  return updateExpense(db, actor, fields, receipt);
}

async function lockExpense(tx: Executor, id: string): Promise<ExpenseRow> {
  const [row] = await tx.select().from(expense).where(eq(expense.id, id)).for("update");
  if (!row) throw new NotFoundError("This expense does not exist.", "expense.not_found");
  return row;
}

/** Who may act is a permission refusal (403 for the API, "not allowed" for the form); the rest is about the expense. */
const PERMISSION_CODES: ReadonlySet<string> = new Set([
  "expense.not_owner",
  "expense.not_decider",
  "expense.own_expense",
]);
function enforce(result: ExpenseRuleResult): void {
  if (result.ok) return;
  if (PERMISSION_CODES.has(result.code)) throw new ForbiddenError(result.message, result.code);
  throw invalidFrom(result);
}

const refOf = (row: ExpenseRow) => ({ status: row.status, ownerId: row.userId, billed: row.invoiceLineId !== null });

/** The checks a save shares: a date not in the future, a usable project, a receipt that is one. */
async function checkExpense(tx: Executor, actor: Actor, values: ExpenseValues, receipt: ReceiptUpload | null) {
  const refusals: Refusal<ExpenseCode>[] = [];
  const settings = await getSettings(tx);
  if (values.date > todayInZone(settings.timezone))
    refusals.push(
      refuse("expense.date_in_future", "An expense is recorded once spent: the date cannot be in the future.", "date"),
    );
  const { found, archived, unassigned } = await findUnusableProjects(tx, [values.projectId], actor);
  if (!found.has(values.projectId))
    refusals.push(refuse("expense.project_not_found", "This project does not exist.", "projectId"));
  else if (archived.has(values.projectId))
    refusals.push(refuse("expense.project_archived", "This project is archived; choose another one.", "projectId"));
  else if (unassigned.has(values.projectId))
    refusals.push(
      refuse("expense.project_not_assigned", "Only this project's members record expenses on it.", "projectId"),
    );
  let kind: Awaited<ReturnType<typeof detectReceiptKind>> = null;
  if (receipt) {
    if (receipt.bytes.byteLength > RECEIPT_MAX_BYTES)
      refusals.push(
        refuse("expense.receipt_too_large", "The receipt is larger than 5 MB. Send a smaller file.", "receipt"),
      );
    else {
      kind = await detectReceiptKind(receipt.bytes);
      if (!kind)
        refusals.push(
          refuse(
            "expense.receipt_not_accepted",
            "The receipt must be a PDF or a PNG, JPEG or WebP image. This file is not one, whatever its name says.",
            "receipt",
          ),
        );
    }
  }
  if (refusals.length > 0) throw invalidFields(refusals);
  return receipt && kind ? { ...receipt, kind } : null;
}

function rowValues(values: ExpenseValues) {
  return {
    projectId: values.projectId,
    date: values.date,
    category: values.category,
    description: values.description,
    currency: values.currency,
    netAmount: values.netAmount,
    vatAmount: values.vatAmount,
    billable: values.billable,
    markupBp: values.markup,
  };
}

async function storeReceipt(
  tx: Executor,
  expenseId: string,
  receipt: NonNullable<Awaited<ReturnType<typeof checkExpense>>>,
) {
  await tx.delete(expenseReceipt).where(eq(expenseReceipt.expenseId, expenseId));
  await tx.insert(expenseReceipt).values({
    expenseId,
    mimeType: RECEIPT_MIME_TYPES[receipt.kind],
    content: Buffer.from(receipt.bytes),
  });
  return {
    receiptName: sanitiseFileName(receipt.name, "receipt"),
    receiptKind: receipt.kind,
    receiptSize: receipt.bytes.byteLength,
  };
}

/** Records one's own expense; it waits for a manager's approval (status submitted). */
export async function createExpense(db: Database, actor: Actor, input: unknown, receipt: ReceiptUpload | null = null) {
  requirePermission(actor, "expense.edit");
  const values = parseInput(createExpenseInput, input);
  return db.transaction(async (tx) => {
    const checked = await checkExpense(tx, actor, values, receipt);
    const [created] = await tx
      .insert(expense)
      .values({ ...rowValues(values), userId: actor.id, status: "submitted" })
      .returning();
    let row = created!;
    if (checked) {
      const [withReceipt] = await tx
        .update(expense)
        .set(await storeReceipt(tx, row.id, checked))
        .where(eq(expense.id, row.id))
        .returning();
      row = withReceipt!;
    }
    await recordAudit(tx, actor, {
      entity: "expense",
      entityId: row.id,
      action: "create",
      summary: { amount: row.netAmount, currency: row.currency, receipt: row.receiptKind },
    });
    return row;
  });
}

/** The owner changes a submitted or rejected expense; it is submitted again. */
export async function updateExpense(db: Database, actor: Actor, input: unknown, receipt: ReceiptUpload | null = null) {
  requirePermission(actor, "expense.edit");
  const values = parseInput(updateExpenseInput, input);
  return db.transaction(async (tx) => {
    const current = await lockExpense(tx, values.id);
    enforce(canChangeExpense({ ...refOf(current), actor }));
    if (current.version !== values.version) throw stale();
    const checked = await checkExpense(tx, actor, values, receipt);
    let receiptColumns = {};
    if (checked) receiptColumns = await storeReceipt(tx, current.id, checked);
    else if (values.removeReceipt) {
      await tx.delete(expenseReceipt).where(eq(expenseReceipt.expenseId, current.id));
      receiptColumns = { receiptName: null, receiptKind: null, receiptSize: null };
    }
    const [updated] = await tx
      .update(expense)
      .set({
        ...rowValues(values),
        ...receiptColumns,
        status: "submitted",
        decidedById: null,
        decidedAt: null,
        rejectionReason: null,
        version: current.version + 1,
      })
      .where(and(eq(expense.id, current.id), eq(expense.version, values.version), isNull(expense.invoiceLineId)))
      .returning();
    if (!updated) throw stale();
    await recordAudit(tx, actor, {
      entity: "expense",
      entityId: current.id,
      action: "update",
      summary: {
        amount: { from: current.netAmount, to: updated.netAmount },
        status: { from: current.status, to: "submitted" },
      },
    });
    return updated;
  });
}

/** The owner deletes an expense not yet approved; its receipt goes with it. */
export async function deleteExpense(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "expense.edit");
  const values = parseInput(expenseRefInput, input);
  return db.transaction(async (tx) => {
    const current = await lockExpense(tx, values.id);
    enforce(canChangeExpense({ ...refOf(current), actor }));
    if (current.version !== values.version) throw stale();
    const deleted = await tx
      .delete(expense)
      .where(and(eq(expense.id, current.id), eq(expense.version, values.version), isNull(expense.invoiceLineId)))
      .returning({ id: expense.id });
    if (deleted.length === 0) throw stale();
    await recordAudit(tx, actor, {
      entity: "expense",
      entityId: current.id,
      action: "delete",
      summary: { amount: current.netAmount, currency: current.currency },
    });
    return { id: current.id };
  });
}

async function decide(
  db: Database,
  actor: Actor,
  values: { id: string; version: number },
  rule: (row: ExpenseRow) => ReturnType<typeof canApproveExpense>,
  change: Partial<typeof expense.$inferInsert> & { status: ExpenseRow["status"] },
  action: string,
  summary: Record<string, unknown> = {},
) {
  requirePermission(actor, "expense.decide", "Only a manager or an administrator can decide on expenses.");
  return db.transaction(async (tx) => {
    const current = await lockExpense(tx, values.id);
    enforce(rule(current));
    if (current.version !== values.version) throw stale();
    const [updated] = await tx
      .update(expense)
      .set({ ...change, version: current.version + 1 })
      .where(
        and(
          eq(expense.id, current.id),
          eq(expense.version, values.version),
          eq(expense.status, current.status),
          isNull(expense.invoiceLineId),
        ),
      )
      .returning();
    if (!updated) throw stale();
    await recordAudit(tx, actor, {
      entity: "expense",
      entityId: current.id,
      action,
      summary: { owner: current.userId, amount: current.netAmount, currency: current.currency, ...summary },
    });
    return updated;
  });
}

export async function approveExpense(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(expenseRefInput, input);
  return decide(
    db,
    actor,
    values,
    (row) => canApproveExpense({ ...refOf(row), actor }),
    { status: "approved", decidedById: actor.id, decidedAt: new Date(), rejectionReason: null },
    "approve",
  );
}

export async function rejectExpense(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(rejectExpenseInput, input);
  return decide(
    db,
    actor,
    values,
    (row) => canRejectExpense({ ...refOf(row), actor, reason: values.reason }),
    { status: "rejected", decidedById: actor.id, decidedAt: new Date(), rejectionReason: values.reason },
    "reject",
    { reason: values.reason },
  );
}

/** An approved, unbilled expense goes back to submitted (to be corrected, or rejected). */
export async function reopenExpense(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(expenseRefInput, input);
  return decide(
    db,
    actor,
    values,
    (row) => canReopenExpense({ ...refOf(row), actor }),
    { status: "submitted", decidedById: null, decidedAt: null },
    "reopen",
  );
}
