// The small lines under a report cell's text ("€120.00 invoiced", "3 invoices · EUR"). No hooks and
// no directive: the server's rows and the client's rows (report-rows.tsx, profitability-rows.tsx)
// write them alike.

const NOTE = "block text-xs text-muted-foreground";

/** One line per note, in order; `className` is added to each (e.g. `sm:hidden`). */
export function CellNotes({ notes, className }: { notes: readonly string[]; className?: string }) {
  const classes = className ? `${NOTE} ${className}` : NOTE;
  // A cell's notes are fixed lines: their position is their identity.
  return notes.map((note, line) => (
    <span key={line} className={classes}>
      {note}
    </span>
  ));
}
