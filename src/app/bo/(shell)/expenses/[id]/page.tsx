import type { Metadata } from "next";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { getDb } from "@/db/client";
import { formatDate, todayInZone } from "@/lib/dates";
import { formatBasisPoints, formatMoney, formatMoneyInput, minorToDecimalString } from "@/lib/money";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import {
  ApproveExpenseButton,
  DeleteExpenseButton,
  RejectExpenseButton,
  ReopenExpenseButton,
} from "@/modules/expenses/components/expense-decision";
import { ExpenseForm } from "@/modules/expenses/components/expense-form";
import { ExpenseStatusBadge } from "@/modules/expenses/components/expense-status-badge";
import { expenseProjectOptions, getExpense } from "@/modules/expenses/expense-queries";
import {
  billedNetMinor,
  canApproveExpense,
  canChangeExpense,
  canRejectExpense,
  canReopenExpense,
  EXPENSE_CATEGORY_LABELS,
} from "@/modules/expenses/expense-rules";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";

export const metadata: Metadata = { title: "Expense" };

export default async function ExpensePage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePagePermission("expense.edit");
  const { id } = await params;
  const db = getDb();
  const row = await orErrorPage(getExpense(db, viewer, id));
  const ref = { status: row.status, ownerId: row.userId, billed: row.invoiceLineId !== null, actor: viewer };
  const changeable = canChangeExpense(ref).ok && !ref.billed;
  const [settings, clients] = await Promise.all([
    getPageSettings(),
    changeable ? expenseProjectOptions(db, viewer) : Promise.resolve([]),
  ]);
  const { locale } = settings;
  const target = { id: row.id, version: row.version };
  const money = (minor: number) => formatMoney(minor, row.currency, locale);
  const isOwner = row.userId === viewer.id;
  const facts: [string, React.ReactNode][] = [
    ["Person", row.userName],
    ["Date", formatDate(row.date, locale, "UTC", "long")],
    ["Client and project", `${row.clientName} · ${row.projectName}`],
    ["Category", EXPENSE_CATEGORY_LABELS[row.category]],
    ["Amount without VAT", money(row.netAmount)],
    ["VAT paid", money(row.vatAmount)],
    ["Total paid", money(row.netAmount + row.vatAmount)],
    ["Billable", row.billable ? "Yes" : "No"],
    ["Markup", row.markupBp > 0 ? formatBasisPoints(row.markupBp, locale) : "None"],
  ];
  if (row.billable && can(viewer, "billing.read"))
    facts.push(["Billed as (without VAT)", money(billedNetMinor(row.netAmount, row.markupBp))]);
  if (row.description) facts.push(["Description", row.description]);

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Expense of {formatDate(row.date, locale, "UTC")}
            <ExpenseStatusBadge status={row.status} billed={ref.billed} />
          </span>
        }
        description={
          <>
            {isOwner ? "Your expense" : `${row.userName}'s expense`} ·{" "}
            <Link href="/bo/expenses" className="text-primary underline underline-offset-4">
              All expenses
            </Link>
          </>
        }
        actions={
          <>
            {canApproveExpense(ref).ok ? <ApproveExpenseButton target={target} /> : null}
            {canRejectExpense({ ...ref, reason: "x" }).ok ? <RejectExpenseButton target={target} /> : null}
            {canReopenExpense(ref).ok ? <ReopenExpenseButton target={target} /> : null}
            {changeable ? <DeleteExpenseButton target={target} /> : null}
          </>
        }
      />
      {row.status === "rejected" && row.rejectionReason ? (
        <Alert variant="destructive">
          <AlertTitle>Rejected</AlertTitle>
          <AlertDescription>
            <p>{row.rejectionReason}</p>
            {isOwner ? <p className="mt-1">Correct the expense and save it: it is submitted again.</p> : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {ref.billed && row.invoiceId && can(viewer, "invoice.read") ? (
        <p role="status" className="text-sm">
          Billed on{" "}
          <Link href={`/bo/invoices/${row.invoiceId}`} className="text-primary underline underline-offset-4">
            this invoice
          </Link>
          .
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-sm">{value}</dd>
              </div>
            ))}
            <dt className="text-sm text-muted-foreground">Receipt</dt>
            <dd className="text-sm">
              {row.receiptKind ? (
                <a href={`/bo/expenses/${row.id}/receipt`} className="text-primary underline underline-offset-4">
                  Download the receipt ({row.receiptName})
                </a>
              ) : (
                "None"
              )}
            </dd>
          </dl>
        </CardContent>
      </Card>
      {changeable ? (
        <Card>
          <CardHeader>
            <CardTitle>Change this expense</CardTitle>
          </CardHeader>
          <CardContent>
            <ExpenseForm
              clients={clients}
              today={todayInZone(settings.timezone)}
              expense={{
                id: row.id,
                version: row.version,
                receiptName: row.receiptName,
                projectId: row.projectId,
                date: row.date,
                category: row.category,
                description: row.description ?? "",
                currency: row.currency,
                netAmount: formatMoneyInput(row.netAmount, row.currency),
                vatAmount: row.vatAmount === 0 ? "" : formatMoneyInput(row.vatAmount, row.currency),
                billable: row.billable,
                markup: row.markupBp === 0 ? "" : minorToDecimalString(row.markupBp, 2),
              }}
            />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
