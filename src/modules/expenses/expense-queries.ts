import "server-only";
import { and, asc, count, desc, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
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

/** How many of the expenses awaiting approval the page shows at once, the oldest first. */
export const EXPENSE_QUEUE_LIMIT = 200;

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

/** A page of a list, and how many rows the whole list holds. */
export type ExpensePage = { rows: ExpenseRow[]; total: number };

export type ExpenseLists = {
  /** The viewer's own expenses, newest first, a page at a time (`page`). */
  mine: ExpensePage;
  /**
   * Others' submitted expenses, for those who decide (never their own: the four-eyes rule): the
   * oldest EXPENSE_QUEUE_LIMIT first, and how many wait in all.
   */
  awaiting: ExpensePage | null;
  /** Everyone else's, newest first, a page at a time (`others`), for those who read all. */
  everyone: ExpensePage | null;
};

export type ExpensePaging = { page: number; others: number; size: number };

async function pageOf(db: Executor, where: SQL, order: SQL[], limit: number, offset: number): Promise<ExpensePage> {
  const [rows, [total]] = await Promise.all([
    selectExpenses(db, where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(expense).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findExpenses(
  db: Executor,
  viewer: Actor,
  paging: ExpensePaging = { page: 1, others: 1, size: 50 },
): Promise<ExpenseLists> {
  const newest = [desc(expense.date), desc(expense.id)];
  const [mine, awaiting, everyone] = await Promise.all([
    pageOf(db, eq(expense.userId, viewer.id), newest, paging.size, (paging.page - 1) * paging.size),
    can(viewer, "expense.decide")
      ? pageOf(
          db,
          and(eq(expense.status, "submitted"), ne(expense.userId, viewer.id))!,
          [asc(expense.date), asc(expense.id)],
          EXPENSE_QUEUE_LIMIT,
          0,
        )
      : null,
    can(viewer, "expense.read_all")
      ? pageOf(db, ne(expense.userId, viewer.id), newest, paging.size, (paging.others - 1) * paging.size)
      : null,
  ]);
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
