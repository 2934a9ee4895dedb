import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { ExpenseRow } from "../expense-queries";
import { ExpenseStatusBadge } from "./expense-status-badge";

/** A list of expenses: each row links to its page. */
export async function ExpenseTable({
  rows,
  locale,
  caption,
  showPerson,
}: {
  rows: ExpenseRow[];
  locale: string;
  caption: string;
  showPerson: boolean;
}) {
  const t = await getTranslations("expenses");
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("table.date")}</TableHead>
          {showPerson ? <TableHead from="md">{t("table.person")}</TableHead> : null}
          <TableHead>{t("table.project")}</TableHead>
          <TableHead from="md">{t("table.category")}</TableHead>
          <TableHead figure>{t("table.total")}</TableHead>
          <TableHead from="sm">{t("table.receipt")}</TableHead>
          <TableHead>{t("table.status")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              <Link
                href={`/bo/expenses/${row.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {formatDate(row.date, locale, "UTC")}
              </Link>
            </TableCell>
            {showPerson ? <TableCell from="md">{row.userName}</TableCell> : null}
            <TableCell>
              {row.projectName}
              <span className="block text-xs text-muted-foreground">{row.clientName}</span>
            </TableCell>
            <TableCell from="md">{t(`category.${row.category}`)}</TableCell>
            <TableCell figure>{formatMoney(row.netAmount + row.vatAmount, row.currency, locale)}</TableCell>
            <TableCell from="sm">{row.receiptKind ? t("table.yes") : t("table.none")}</TableCell>
            <TableCell>
              <ExpenseStatusBadge status={row.status} billed={row.invoiceLineId !== null} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
