"use client";

import Link from "@/components/app-link";
import { TableBody, TableCell, TableHead, TableRow } from "@/components/ui/table";
import { BudgetBar, type BudgetBarTexts } from "@/modules/clients/components/project-budget-bar";
import { CellNotes } from "./cell-notes";
import { ProfitFigureCells, type ProfitFigureTexts } from "./profitability-cells";

/** A project's row of the profitability report, every text already written on the server. */
export type ProfitabilityRowView = {
  projectId: string;
  projectName: string;
  href: string;
  hours: string;
  /** The client's heading, on the first row of each client. */
  client: { id: string; name: string; href: string; currency: string } | null;
  figures: ProfitFigureTexts;
  budget: BudgetBarTexts | null;
};

/**
 * The project rows of /bo/reports/profitability. A client component on purpose (decision 016): the
 * page sends a page of rows as plain data and they are laid out here (on the server for the first
 * HTML, then in the browser), instead of the whole tree of every cell in the page's React payload.
 */
export function ProfitabilityRows({ rows, noBudget }: { rows: ProfitabilityRowView[]; noBudget: string }) {
  return (
    <TableBody>
      {rows.map((row) => [
        row.client ? (
          <TableRow key={`client-${row.client.id}`} className="bg-muted/40 hover:bg-muted/40">
            <TableHead scope="colgroup" colSpan={7} className="text-left">
              <Link href={row.client.href} className="underline-offset-4 hover:underline">
                {row.client.name}
              </Link>
              <span className="ml-2 text-xs font-normal text-muted-foreground">{row.client.currency}</span>
            </TableHead>
          </TableRow>
        ) : null,
        <TableRow key={row.projectId}>
          <TableCell>
            <Link href={row.href} className="font-medium underline-offset-4 hover:underline">
              {row.projectName}
            </Link>
            <CellNotes notes={[row.hours]} className="sm:hidden" />
          </TableCell>
          <TableCell figure from="sm">
            {row.hours}
          </TableCell>
          <ProfitFigureCells texts={row.figures} />
          <TableCell from="lg">
            {row.budget ? <BudgetBar texts={row.budget} /> : <span className="text-muted-foreground">{noBudget}</span>}
          </TableCell>
        </TableRow>,
      ])}
    </TableBody>
  );
}
