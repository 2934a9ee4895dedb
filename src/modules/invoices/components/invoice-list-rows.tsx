"use client";

import Link from "@/components/app-link";
import { TableBody, TableCell, TableRow } from "@/components/ui/table";
import type { InvoiceDisplayStatus } from "../invoice-rules";
import { InvoiceStatusBadge } from "./invoice-status-badge";

/** A row of the invoice list, its dates and amounts already written on the server in the firm's locale and zone. */
export type InvoiceListRow = {
  id: string;
  number: string | null;
  isCreditNote: boolean;
  clientName: string;
  issued: string;
  /** Empty for a credit note (it has no due date of its own). */
  due: string;
  status: InvoiceDisplayStatus;
  total: string;
  /** Empty for a draft or a credit note. */
  balance: string;
};

/**
 * The rows of /bo/invoices. A client component on purpose: the page sends fifty rows of plain
 * data and the rows are laid out here (on the server for the first HTML, then in the browser),
 * instead of sending the whole tree of every cell in the page's React payload.
 */
export function InvoiceListRows({ rows }: { rows: InvoiceListRow[] }) {
  return (
    <TableBody>
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell className="font-medium whitespace-nowrap">
            <Link href={`/bo/invoices/${row.id}`} className="text-primary underline-offset-4 hover:underline">
              {row.number ?? "Draft"}
            </Link>
            {row.isCreditNote ? <div className="text-xs font-normal text-muted-foreground">Credit note</div> : null}
            <div className="mt-1 sm:hidden">
              <InvoiceStatusBadge status={row.status} />
            </div>
          </TableCell>
          <TableCell className="max-w-48 truncate">
            {row.clientName}
            <div className="text-xs text-muted-foreground md:hidden">{row.issued}</div>
          </TableCell>
          <TableCell className="hidden whitespace-nowrap md:table-cell">{row.issued}</TableCell>
          <TableCell className="hidden whitespace-nowrap lg:table-cell">{row.due}</TableCell>
          <TableCell className="hidden sm:table-cell">
            <InvoiceStatusBadge status={row.status} />
          </TableCell>
          <TableCell className="text-right whitespace-nowrap tabular-nums">{row.total}</TableCell>
          <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
            {row.balance}
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  );
}
