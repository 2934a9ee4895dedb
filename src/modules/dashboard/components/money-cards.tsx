import Link from "@/components/app-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/money";
import { cn } from "@/lib/utils";
import { monthLabel } from "../dashboard-rules";
import type { DashboardData } from "../dashboard-queries";
import { FigureRow, FigureTable } from "./figure-table";
import { FigureLink } from "./stat-card";

type Money = NonNullable<DashboardData["money"]>;

/** Outstanding balances and their overdue part, one row per currency. */
export function ReceivablesCard({ money, locale }: { money: Money; locale: string }) {
  return (
    <Card data-testid="receivables">
      <CardHeader>
        <CardTitle>Receivables</CardTitle>
        <CardDescription>Balance due on issued invoices, and the part past its due date.</CardDescription>
      </CardHeader>
      <CardContent>
        {money.receivables.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing outstanding.{" "}
            <Link href={money.receivablesHref} className="text-primary underline underline-offset-4">
              See unpaid invoices
            </Link>
          </p>
        ) : (
          <ul className="grid gap-4">
            {money.receivables.map((row) => (
              <li key={row.currency} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <span className="grid">
                  <FigureLink
                    href={money.receivablesHref}
                    label={`outstanding in ${row.currency}`}
                    className="text-2xl font-semibold"
                  >
                    {formatMoney(row.balance, row.currency, locale)}
                  </FigureLink>
                  <span className="text-sm text-muted-foreground">
                    outstanding on {row.count} {row.count === 1 ? "invoice" : "invoices"}
                  </span>
                </span>
                <span className="grid text-right">
                  <FigureLink
                    href={money.overdueHref}
                    label={`overdue in ${row.currency}`}
                    className={cn("text-lg font-semibold", row.overdue > 0 ? "text-destructive" : "")}
                  >
                    {formatMoney(row.overdue, row.currency, locale)}
                  </FigureLink>
                  <span className="text-sm text-muted-foreground">
                    overdue
                    {row.overdueCount > 0
                      ? ` on ${row.overdueCount} ${row.overdueCount === 1 ? "invoice" : "invoices"}`
                      : ""}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Invoiced (issued documents, credit notes deducted) and paid this month, one row per currency. */
export function ThisMonthCard({
  money,
  month,
  locale,
}: {
  money: Money;
  month: DashboardData["month"];
  locale: string;
}) {
  const name = monthLabel(month.key, locale, "long");
  const rows = money.thisMonth.length > 0 ? money.thisMonth : [];
  return (
    <Card data-testid="this-month">
      <CardHeader>
        <CardTitle>This month</CardTitle>
        <CardDescription>
          {name}: invoices issued (less credit notes), as revenue excluding VAT with the VAT apart, and payments
          received (with VAT).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No invoice issued and no payment received in {name} yet.{" "}
            <Link href={money.invoicedHref} className="text-primary underline underline-offset-4">
              See this month&apos;s invoices
            </Link>
          </p>
        ) : (
          <FigureTable
            caption={`Invoiced and paid in ${name}`}
            columns={[
              { label: <span className="sr-only">Currency</span> },
              { label: "Invoiced excl. VAT", numeric: true },
              { label: "VAT", numeric: true },
              { label: "Paid", numeric: true },
            ]}
          >
            {rows.map((row) => (
              <FigureRow
                key={row.currency}
                name={row.currency}
                nameClassName="py-2 text-muted-foreground"
                cells={[
                  {
                    className: "py-2",
                    content: (
                      <FigureLink
                        href={money.invoicedHref}
                        label={`invoiced excluding VAT in ${name} in ${row.currency}`}
                        className="text-xl font-semibold"
                      >
                        {formatMoney(row.net, row.currency, locale)}
                      </FigureLink>
                    ),
                  },
                  {
                    className: "py-2 text-muted-foreground",
                    content: (
                      <span title={`Including VAT: ${formatMoney(row.invoiced, row.currency, locale)}`}>
                        {formatMoney(row.tax, row.currency, locale)}
                      </span>
                    ),
                  },
                  {
                    className: "py-2",
                    content: (
                      <FigureLink
                        href={money.paidHref}
                        label={`paid in ${name} in ${row.currency}`}
                        className="text-xl font-semibold"
                      >
                        {formatMoney(row.received, row.currency, locale)}
                      </FigureLink>
                    ),
                  },
                ]}
              />
            ))}
          </FigureTable>
        )}
      </CardContent>
    </Card>
  );
}
