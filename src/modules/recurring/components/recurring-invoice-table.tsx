import Link from "@/components/app-link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { describeSchedule } from "../recurrence-rules";
import type { RecurringInvoiceSummary } from "../recurring-queries";
import { RecurringStatusBadge } from "./recurring-status-badge";

/** The templates: name, client, schedule, next invoice, how many made, amount per invoice. */
export function RecurringInvoiceTable({ rows, firm }: { rows: RecurringInvoiceSummary[]; firm: { locale: string } }) {
  return (
    <Table>
      <caption className="sr-only">Recurring invoices</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead from="sm">Client</TableHead>
          <TableHead from="md">Schedule</TableHead>
          <TableHead>Next invoice</TableHead>
          <TableHead from="sm">Status</TableHead>
          <TableHead figure from="md">
            Made
          </TableHead>
          <TableHead figure>Each</TableHead>
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
            <TableCell from="md">{describeSchedule(row)}</TableCell>
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
