import "server-only";
import { and, asc, desc, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, expense, expenseReceipt, invoiceLine, project, user } from "@/db/schema";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import type { Actor } from "@/modules/audit/audit-log";
import { can } from "@/modules/users/permissions";
import type { UnbilledExpense } from "./expense-rules";
import { findClientOptions } from "@/modules/clients/client-queries";

// Reads of the expenses domain. A person sees their own expenses; those holding expense.read_all
// (managers, administrators) see everyone's. Anyone else asking for one is refused (403), as for
// someone else's timesheet.

/** How many rows each list on the expenses page shows: the latest first. */
export const EXPENSE_LIST_LIMIT = 200;

const columns = {
  id: expense.id,
  userId: expense.userId,
  userName: user.name,
  projectId: expense.projectId,
  projectName: project.name,
  clientId: client.id,
  clientName: client.name,
  clientCurrency: client.currency,
  date: expense.date,
  category: expense.category,
  description: expense.description,
  currency: expense.currency,
  netAmount: expense.netAmount,
  vatAmount: expense.vatAmount,
  billable: expense.billable,
  markupBp: expense.markupBp,
  status: expense.status,
  rejectionReason: expense.rejectionReason,
  decidedAt: expense.decidedAt,
  invoiceLineId: expense.invoiceLineId,
  invoiceId: invoiceLine.invoiceId,
  receiptName: expense.receiptName,
  receiptKind: expense.receiptKind,
  receiptSize: expense.receiptSize,
  version: expense.version,
};

function selectExpenses(db: Executor, where: SQL | undefined) {
  return db
    .select(columns)
    .from(expense)
    .innerJoin(user, eq(user.id, expense.userId))
    .innerJoin(project, eq(project.id, expense.projectId))
    .innerJoin(client, eq(client.id, project.clientId))
    .leftJoin(invoiceLine, eq(invoiceLine.id, expense.invoiceLineId))
    .where(where);
}

export type ExpenseRow = Awaited<ReturnType<typeof selectExpenses>>[number];

export type ExpenseLists = {
  mine: ExpenseRow[];
  /** Others' submitted expenses, for those who decide (never their own: the four-eyes rule). */
  awaiting: ExpenseRow[] | null;
  /** Everyone's latest, for those who read all. */
  everyone: ExpenseRow[] | null;
};

export async function findExpenses(db: Executor, viewer: Actor): Promise<ExpenseLists> {
  const mine = await selectExpenses(db, eq(expense.userId, viewer.id))
    .orderBy(desc(expense.date), desc(expense.id))
    .limit(EXPENSE_LIST_LIMIT);
  const awaiting = can(viewer, "expense.decide")
    ? await selectExpenses(db, and(eq(expense.status, "submitted"), ne(expense.userId, viewer.id)))
        .orderBy(expense.date, expense.id)
        .limit(EXPENSE_LIST_LIMIT)
    : null;
  const everyone = can(viewer, "expense.read_all")
    ? await selectExpenses(db, ne(expense.userId, viewer.id))
        .orderBy(desc(expense.date), desc(expense.id))
        .limit(EXPENSE_LIST_LIMIT)
    : null;
  return { mine, awaiting, everyone };
}

/** Only the owner, or someone who reads all expenses. */
function checkVisible(viewer: Actor, ownerId: string) {
  if (ownerId !== viewer.id && !can(viewer, "expense.read_all"))
    throw new ForbiddenError("Only its owner and the managers can see this expense.");
}

export async function getExpense(db: Executor, viewer: Actor, id: string): Promise<ExpenseRow> {
  const [row] = await selectExpenses(db, eq(expense.id, id));
  if (!row) throw new NotFoundError("This expense does not exist.", "expense.not_found");
  checkVisible(viewer, row.userId);
  return row;
}

/** The receipt's bytes, for its owner and those who read all expenses (the receipt route). */
export async function getExpenseReceipt(db: Executor, viewer: Actor, id: string) {
  const [row] = await db
    .select({
      kind: expense.receiptKind,
      mimeType: expenseReceipt.mimeType,
      content: expenseReceipt.content,
      date: expense.date,
      ownerId: expense.userId,
    })
    .from(expense)
    .innerJoin(expenseReceipt, eq(expenseReceipt.expenseId, expense.id))
    .where(eq(expense.id, id));
  if (!row || !row.kind) throw new NotFoundError("This receipt does not exist.", "expense.not_found");
  checkVisible(viewer, row.ownerId);
  return { ...row, kind: row.kind };
}

/** The projects a person may record an expense on: those they may log time on, by client. */
export async function expenseProjectOptions(db: Executor, person: Actor) {
  const options = await findClientOptions(db, undefined, person);
  return options
    .filter((option) => option.projects.length > 0)
    .map((option) => ({ clientName: option.name, currency: option.currency, projects: option.projects }));
}

/**
 * The client's approved, billable expenses no invoice bills yet, oldest first: what "Add unbilled
 * time and expenses" on an invoice picks from. Every currency is listed; only those in the
 * invoice's currency can be added (the others are shown as such).
 */
export async function findUnbilledExpenses(
  db: Executor,
  { clientId }: { clientId: string },
): Promise<UnbilledExpense[]> {
  return db
    .select({
      id: expense.id,
      projectName: project.name,
      userName: user.name,
      date: expense.date,
      category: expense.category,
      description: expense.description,
      currency: expense.currency,
      netAmount: expense.netAmount,
      markupBp: expense.markupBp,
      hasReceipt: sql<boolean>`${expense.receiptKind} is not null`,
    })
    .from(expense)
    .innerJoin(project, eq(project.id, expense.projectId))
    .innerJoin(user, eq(user.id, expense.userId))
    .where(
      and(
        eq(project.clientId, clientId),
        eq(expense.status, "approved"),
        eq(expense.billable, true),
        isNull(expense.invoiceLineId),
      ),
    )
    .orderBy(asc(expense.date), asc(expense.id));
}
