import { getTranslations } from "next-intl/server";
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
} from "@/modules/expenses/expense-rules";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";

export async function generateMetadata() {
  const t = await getTranslations("expenses");
  return { title: t("page.title") };
}

export default async function ExpensePage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePagePermission("expense.edit");
  const t = await getTranslations("expenses");
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
    [t("page.person"), row.userName],
    [t("page.date"), formatDate(row.date, locale, "UTC", "long")],
    [t("page.clientProject"), `${row.clientName} · ${row.projectName}`],
    [t("page.category"), t(`category.${row.category}`)],
    [t("page.netAmount"), money(row.netAmount)],
    [t("page.vat"), money(row.vatAmount)],
    [t("page.total"), money(row.netAmount + row.vatAmount)],
    [t("page.billable"), row.billable ? t("page.yes") : t("page.no")],
    [t("page.markup"), row.markupBp > 0 ? formatBasisPoints(row.markupBp, locale) : t("page.none")],
  ];
  if (row.billable && can(viewer, "billing.read"))
    facts.push([t("page.billedAs"), money(billedNetMinor(row.netAmount, row.markupBp))]);
  if (row.description) facts.push([t("page.description"), row.description]);

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {t("page.heading", { date: formatDate(row.date, locale, "UTC") })}
            <ExpenseStatusBadge status={row.status} billed={ref.billed} />
          </span>
        }
        description={
          <>
            {isOwner ? t("page.yours") : t("page.someones", { person: row.userName })} ·{" "}
            <Link href="/bo/expenses" className="text-primary underline underline-offset-4">
              {t("page.all")}
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
          <AlertTitle>{t("page.rejected")}</AlertTitle>
          <AlertDescription>
            <p>{row.rejectionReason}</p>
            {isOwner ? <p className="mt-1">{t("page.correct")}</p> : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {ref.billed && row.invoiceId && can(viewer, "invoice.read") ? (
        <p role="status" className="text-sm">
          {t.rich("page.billedOn", {
            link: (chunks) => (
              <Link href={`/bo/invoices/${row.invoiceId}`} className="text-primary underline underline-offset-4">
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t("page.details")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-sm">{value}</dd>
              </div>
            ))}
            <dt className="text-sm text-muted-foreground">{t("page.receipt")}</dt>
            <dd className="text-sm">
              {row.receiptKind ? (
                <a href={`/bo/expenses/${row.id}/receipt`} className="text-primary underline underline-offset-4">
                  {t("page.download", { name: row.receiptName ?? "" })}
                </a>
              ) : (
                t("page.none")
              )}
            </dd>
          </dl>
        </CardContent>
      </Card>
      {changeable ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("page.change")}</CardTitle>
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
