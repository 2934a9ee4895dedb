// The figure cells of a profitability row (revenue, cost, margin, margin %), laid out from texts the
// server wrote in the viewer's language and the firm's locale (profitability-report-view.tsx). No
// hooks: the server's total and people rows and the client's project rows (profitability-rows.tsx)
// share this one layout.
import { badgeClassName } from "@/components/ui/badge";
import { TableCell } from "@/components/ui/table";
import { CellNotes } from "./cell-notes";

export type ProfitFigureTexts = {
  revenue: string;
  /** Under the revenue: what of it is invoiced, expenses, other lines, an estimate. */
  revenueNotes: string[];
  cost: string;
  /** Under the cost: the expenses in it. */
  costNotes: string[];
  /** "+ 3.5 h with no cost rate", when someone's time has none. */
  uncosted: string | null;
  margin: string;
  negative: boolean;
  /** The "Incomplete" badge and its title, when someone's time has no cost rate. */
  incomplete: { label: string; title: string } | null;
  percent: string;
  /** On a phone, the percentage and the cost under the margin. */
  phoneNote: string;
};

export function ProfitFigureCells({ texts }: { texts: ProfitFigureTexts }) {
  const uncosted = texts.uncosted === null ? [] : [texts.uncosted];
  return (
    <>
      <TableCell figure>
        {texts.revenue}
        <CellNotes notes={texts.revenueNotes} />
      </TableCell>
      <TableCell figure from="sm">
        {texts.cost}
        <CellNotes notes={[...texts.costNotes, ...uncosted]} />
      </TableCell>
      <TableCell figure>
        <span className={texts.negative ? "text-destructive" : undefined}>{texts.margin}</span>
        {texts.incomplete ? (
          // On a phone under the margin (its own line, so that the column can be narrow), beside it from sm.
          <span
            className={badgeClassName("warning", "max-sm:mt-1 max-sm:ml-auto max-sm:flex sm:ml-1")}
            title={texts.incomplete.title}
          >
            {texts.incomplete.label}
          </span>
        ) : null}
        <CellNotes notes={[texts.phoneNote, ...uncosted]} className="sm:hidden" />
      </TableCell>
      <TableCell figure from="sm">
        {texts.percent}
      </TableCell>
    </>
  );
}
