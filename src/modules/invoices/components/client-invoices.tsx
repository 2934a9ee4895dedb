import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { InvoiceListRow } from "../invoice-list-queries";
import type { CurrencyTotals } from "../invoice-totals-queries";
import { invoiceList } from "../invoice-schemas";
import { InvoiceStatusBadge } from "./invoice-status-badge";

/**
 * A client's invoices on its page: the open balance per currency (what it still owes, linked to
 * the list of its unpaid invoices) and its latest documents with their balances.
 */
export function ClientInvoices({
  clientId,
  rows,
  total,
  openBalances,
  firm,
}: {
  clientId: string;
  rows: (InvoiceListRow & { displayStatus: Parameters<typeof InvoiceStatusBadge>[0]["status"] })[];
  /** How many documents the client has in all. */
  total: number;
  openBalances: CurrencyTotals[];
  firm: { locale: string; timezone: string };
}) {
  const t = useTranslations("invoices.client");
  const money = (minor: number, currency: string) => formatMoney(minor, currency, firm.locale);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t("title")}</CardTitle>
        {total > 0 ? (
          <Link
            href={invoiceList.href({ client: clientId })}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            {t("all", { count: total })}
          </Link>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="flex flex-wrap gap-3 text-sm" aria-label={t("openBalance")}>
          {openBalances.length === 0 ? (
            <div className="rounded-lg border px-3 py-2">
              <dt className="text-muted-foreground">{t("openBalance")}</dt>
              <dd className="font-medium">{t("nothingDue")}</dd>
            </div>
          ) : (
            openBalances.map((row) => (
              <div key={row.currency} className="rounded-lg border px-3 py-2">
                <dt className="text-muted-foreground">
                  {t("openBalanceIn", { currency: row.currency, count: row.count })}
                </dt>
                <dd className="font-medium tabular-nums">
                  <Link
                    href={invoiceList.href({ client: clientId, status: "unpaid" })}
                    className="underline-offset-4 hover:underline"
                  >
                    {money(row.balance, row.currency)}
                  </Link>
                </dd>
              </div>
            ))
          )}
        </dl>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("none")}</p>
        ) : (
          <Table>
            <caption className="sr-only">{t("caption")}</caption>
            <TableHeader>
              <TableRow>
                <TableHead>{t("number")}</TableHead>
                <TableHead from="sm">{t("issued")}</TableHead>
                <TableHead>{t("status")}</TableHead>
                <TableHead figure from="sm">
                  {t("total")}
                </TableHead>
                <TableHead figure>{t("balance")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <Link
                      href={`/bo/invoices/${row.id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {row.number ?? t("draft")}
                    </Link>
                    {row.kind === "credit_note" ? (
                      <div className="text-xs text-muted-foreground">{t("creditNote")}</div>
                    ) : null}
                  </TableCell>
                  <TableCell from="sm" className="tabular-nums">
                    {formatDate(row.issueDate, firm.locale, firm.timezone)}
                  </TableCell>
                  <TableCell>
                    <InvoiceStatusBadge status={row.displayStatus} kind={row.kind} />
                  </TableCell>
                  <TableCell figure from="sm">
                    {money(row.total, row.currency)}
                  </TableCell>
                  <TableCell figure>{money(row.balance, row.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
