import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { RecurringInvoiceSummary } from "../recurring-queries";
import { RecurringStatusBadge } from "./recurring-status-badge";
import { ScheduleText } from "./schedule-text";

/** The templates: name, client, schedule, next invoice, how many made, amount per invoice. */
export function RecurringInvoiceTable({ rows, firm }: { rows: RecurringInvoiceSummary[]; firm: { locale: string } }) {
  const t = useTranslations("recurring.list");
  return (
    <Table>
      <caption className="sr-only">{t("caption")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("name")}</TableHead>
          <TableHead from="sm">{t("client")}</TableHead>
          <TableHead from="md">{t("schedule")}</TableHead>
          <TableHead>{t("next")}</TableHead>
          <TableHead from="sm">{t("status")}</TableHead>
          <TableHead figure from="md">
            {t("made")}
          </TableHead>
          <TableHead figure>{t("each")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              <Link
                href={`/bo/invoices/recurring/${row.id}`}
                className="font-medium underline-offset-4 hover:underline"
              >
                {row.name}
              </Link>
            </TableCell>
            <TableCell from="sm">{row.clientName}</TableCell>
            <TableCell from="md">
              <ScheduleText schedule={row} />
            </TableCell>
            <TableCell>
              {row.next ? (
                formatDate(row.next, firm.locale, "UTC", "medium")
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell from="sm">
              <RecurringStatusBadge status={row.status} />
            </TableCell>
            <TableCell figure from="md">
              {row.madeCount}
            </TableCell>
            <TableCell figure>{formatMoney(row.total, row.currency, firm.locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
