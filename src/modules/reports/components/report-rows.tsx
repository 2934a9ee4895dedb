"use client";

import Link from "@/components/app-link";
import { TableBody, TableCell, TableRow } from "@/components/ui/table";
import { CellNotes } from "./cell-notes";

/** A cell of a report's row, its text already written on the server (report-cells.ts builds them). */
export type ReportCell = {
  text: string;
  /** Where the row leads (its first cell): the report narrowed to it, or the document. */
  href?: string;
  /** Small lines under the text. */
  notes?: string[];
  /** Small lines under the text on a phone only: what a column hidden there says. */
  phoneNotes?: string[];
  figure?: true;
  from?: "sm" | "md" | "lg";
  className?: string;
};

export type ReportRow = { key: string; cells: ReportCell[] };

/**
 * The rows of a report's table (time, money, journal, ageing). A client component on purpose
 * (decision 016): the page sends a page of rows as plain data and they are laid out here (on the
 * server for the first HTML, then in the browser), instead of the whole tree of every cell in the
 * page's React payload. Translations and formatting stay on the server.
 */
export function ReportRows({ rows }: { rows: ReportRow[] }) {
  return (
    <TableBody>
      {rows.map((row) => (
        <TableRow key={row.key}>
          {row.cells.map((cell, index) => (
            // The cells of a row are fixed columns: their position is their identity.
            <TableCell key={index} figure={cell.figure} from={cell.from} className={cell.className}>
              {cell.href ? (
                <Link href={cell.href} className="font-medium underline-offset-4 hover:underline">
                  {cell.text}
                </Link>
              ) : (
                cell.text
              )}
              {cell.notes ? <CellNotes notes={cell.notes} /> : null}
              {cell.phoneNotes ? <CellNotes notes={cell.phoneNotes} className="sm:hidden" /> : null}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </TableBody>
  );
}
