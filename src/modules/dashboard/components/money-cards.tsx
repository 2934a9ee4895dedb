import { useTranslations } from "next-intl";
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
  const t = useTranslations("dashboard.receivables");
  return (
    <Card data-testid="receivables">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {money.receivables.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t("nothing")}{" "}
            <Link href={money.receivablesHref} className="text-primary underline underline-offset-4">
              {t("seeUnpaid")}
            </Link>
          </p>
        ) : (
          <ul className="grid gap-4">
            {money.receivables.map((row) => (
              <li key={row.currency} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <span className="grid">
                  <FigureLink
                    href={money.receivablesHref}
                    label={t("outstandingIn", { currency: row.currency })}
                    className="text-2xl font-semibold"
                  >
                    {formatMoney(row.balance, row.currency, locale)}
                  </FigureLink>
                  <span className="text-sm text-muted-foreground">{t("outstandingOn", { count: row.count })}</span>
                </span>
                <span className="grid text-right">
                  <FigureLink
                    href={money.overdueHref}
                    label={t("overdueIn", { currency: row.currency })}
                    className={cn("text-lg font-semibold", row.overdue > 0 ? "text-destructive" : "")}
                  >
                    {formatMoney(row.overdue, row.currency, locale)}
                  </FigureLink>
                  <span className="text-sm text-muted-foreground">
                    {row.overdueCount > 0 ? t("overdueOn", { count: row.overdueCount }) : t("overdue")}
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
  const t = useTranslations("dashboard.thisMonth");
  const name = monthLabel(month.key, locale, "long");
  const rows = money.thisMonth.length > 0 ? money.thisMonth : [];
  return (
    <Card data-testid="this-month">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description", { month: name })}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t("nothing", { month: name })}{" "}
            <Link href={money.invoicedHref} className="text-primary underline underline-offset-4">
              {t("seeInvoices")}
            </Link>
          </p>
        ) : (
          <FigureTable
            caption={t("caption", { month: name })}
            columns={[
              { label: <span className="sr-only">{t("currency")}</span> },
              { label: t("invoicedNet"), numeric: true },
              { label: t("vat"), numeric: true },
              { label: t("paid"), numeric: true },
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
                        label={t("invoicedNetIn", { month: name, currency: row.currency })}
                        className="text-xl font-semibold"
                      >
                        {formatMoney(row.net, row.currency, locale)}
                      </FigureLink>
                    ),
                  },
                  {
                    className: "py-2 text-muted-foreground",
                    content: (
                      <span title={t("includingVat", { amount: formatMoney(row.invoiced, row.currency, locale) })}>
                        {formatMoney(row.tax, row.currency, locale)}
                      </span>
                    ),
                  },
                  {
                    className: "py-2",
                    content: (
                      <FigureLink
                        href={money.paidHref}
                        label={t("paidIn", { month: name, currency: row.currency })}
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
