import Link from "@/components/app-link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { QuoteListRow } from "../quote-queries";
import { QuoteStatusBadge } from "./quote-status-badge";

/** The quotes: number, client, date, validity, status, total. */
export function QuoteTable({ rows, firm }: { rows: QuoteListRow[]; firm: { locale: string } }) {
  const day = (date: string) => formatDate(date, firm.locale, "UTC", "medium");
  return (
    <Table>
      <caption className="sr-only">Quotes</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Quote</TableHead>
          <TableHead>Client</TableHead>
          <TableHead from="md">Date</TableHead>
          <TableHead from="sm">Valid until</TableHead>
          <TableHead>Status</TableHead>
          <TableHead figure>Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              <Link href={`/bo/quotes/${row.id}`} className="font-medium underline-offset-4 hover:underline">
                {row.number ?? "Draft"}
              </Link>
            </TableCell>
            <TableCell>{row.clientName}</TableCell>
            <TableCell from="md">{day(row.issueDate)}</TableCell>
            <TableCell from="sm">{day(row.validUntil)}</TableCell>
            <TableCell>
              <QuoteStatusBadge status={row.displayStatus} />
              {row.invoiceId ? <span className="text-muted-foreground"> · invoiced</span> : null}
            </TableCell>
            <TableCell figure>{formatMoney(row.total, row.currency, firm.locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
