"use client";

import { useTranslations } from "next-intl";
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
  const t = useTranslations("invoices.list");
  return (
    <TableBody>
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell className="font-medium whitespace-nowrap">
            <Link href={`/bo/invoices/${row.id}`} className="text-primary underline-offset-4 hover:underline">
              {row.number ?? t("draft")}
            </Link>
            {row.isCreditNote ? (
              <div className="text-xs font-normal text-muted-foreground">{t("creditNote")}</div>
            ) : null}
            <div className="mt-1 sm:hidden">
              <InvoiceStatusBadge status={row.status} kind={row.isCreditNote ? "credit_note" : "invoice"} />
            </div>
          </TableCell>
          <TableCell>
            {row.clientName}
            <div className="text-xs text-muted-foreground md:hidden">{row.issued}</div>
          </TableCell>
          <TableCell from="md" className="whitespace-nowrap">
            {row.issued}
          </TableCell>
          <TableCell from="lg" className="whitespace-nowrap">
            {row.due}
          </TableCell>
          <TableCell from="sm">
            <InvoiceStatusBadge status={row.status} kind={row.isCreditNote ? "credit_note" : "invoice"} />
          </TableCell>
          <TableCell figure>
            {row.total}
            {/* Below sm the Balance column is hidden: what is still due on a part-paid invoice shows here. */}
            {row.balance &&
            row.balance !== row.total &&
            (row.status === "partially_paid" || row.status === "overdue") ? (
              <div className="text-xs text-muted-foreground sm:hidden">{t("balanceDue", { balance: row.balance })}</div>
            ) : null}
          </TableCell>
          <TableCell figure from="sm">
            {row.balance}
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  );
}
