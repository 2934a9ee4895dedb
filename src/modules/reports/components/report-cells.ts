// The cells of the report rows sent as data (report-rows.tsx), built on the server. Only the fields
// that are set: an undefined one would still be written into the page's React payload, once per cell.
import type { ReportCell } from "./report-rows";

type Notes = readonly (string | null | false)[];
type CellOptions = { from?: "sm" | "md" | "lg"; className?: string; notes?: Notes; phoneNotes?: Notes };

const linesOf = (notes: Notes | undefined) =>
  notes?.filter((note): note is string => typeof note === "string" && note !== "") ?? [];

function cellOf(text: string, options: CellOptions, extra: Partial<ReportCell>): ReportCell {
  const cell: ReportCell = { text, ...extra };
  if (options.from) cell.from = options.from;
  if (options.className) cell.className = options.className;
  const notes = linesOf(options.notes);
  if (notes.length > 0) cell.notes = notes;
  const phoneNotes = linesOf(options.phoneNotes);
  if (phoneNotes.length > 0) cell.phoneNotes = phoneNotes;
  return cell;
}

/** A text cell (a date, a name), with lines under it. */
export function textCell(text: string, options: CellOptions = {}): ReportCell {
  return cellOf(text, options, {});
}

/** The row's identifying cell: a link to where the row leads, with lines under it. */
export function linkCell(text: string, href: string, options: CellOptions = {}): ReportCell {
  return cellOf(text, options, { href });
}

/** An amount or hours: right-aligned, never wrapped. */
export function figureCell(text: string, options: CellOptions = {}): ReportCell {
  return cellOf(text, options, { figure: true });
}
