import type * as React from "react";

import { cn } from "@/lib/utils";

// The look of every row and cell comes from the `data-table` rules in globals.css, not from a
// class list on each element: a list of 50 rows would otherwise send the same utilities hundreds
// of times in the HTML and again in the React payload, and build them on every render. A
// `className` given here still wins (utilities come after components in the cascade).

// On a narrow screen a list keeps its identifying column (a number, a name) and its figures
// (amounts, hours): the other columns show from a width up (`from="md"`), and the identifying
// cell carries what matters of them below it. Text in a cell wraps, anywhere if a word is longer
// than the cell (globals.css), so the table fits the screen instead of scrolling its figures out
// of view; a figure (`figure`) never wraps.

/**
 * The wrapper scrolls if a table still cannot fit. A sticky header sticks to the nearest scroll
 * container, which is this wrapper: give it a height (e.g.
 * `containerClassName="max-h-[calc(100dvh-12rem)]"`) for the header to stay in view.
 */
export function Table({
  className,
  containerClassName,
  ...props
}: React.ComponentProps<"table"> & { containerClassName?: string }) {
  return (
    <div
      data-slot="table-container"
      className={cn("relative w-full overflow-auto print:max-h-none print:overflow-visible", containerClassName)}
    >
      <table className={cn("data-table", className)} {...props} />
    </div>
  );
}

export function TableHeader(props: React.ComponentProps<"thead">) {
  return <thead {...props} />;
}

export function TableBody(props: React.ComponentProps<"tbody">) {
  return <tbody {...props} />;
}

export function TableFooter(props: React.ComponentProps<"tfoot">) {
  return <tfoot {...props} />;
}

export function TableRow(props: React.ComponentProps<"tr">) {
  return <tr {...props} />;
}

export type ColumnProps = {
  /** Money or hours: right-aligned tabular figures that never wrap. Keep such a column at every width. */
  figure?: boolean;
  /** The width from which the column shows; below it, the row's identifying cell says what matters of it. */
  from?: "sm" | "md" | "lg" | "xl";
};

// Whole class names, so that Tailwind finds them in this file.
const SHOWN_FROM = {
  sm: "hidden sm:table-cell",
  md: "hidden md:table-cell",
  lg: "hidden lg:table-cell",
  xl: "hidden xl:table-cell",
};

// Only the attributes that are set: a server-rendered table's cells go into the page's React
// payload, where an undefined attribute is still written out (decision 016).
function columnProps({ figure, from, className }: ColumnProps & { className?: string }) {
  const props: { "data-figure"?: ""; className?: string } = {};
  if (figure) props["data-figure"] = "";
  const classes = from ? cn(SHOWN_FROM[from], className) : className;
  if (classes) props.className = classes;
  return props;
}

export function TableHead({ scope, figure, from, className, ...props }: React.ComponentProps<"th"> & ColumnProps) {
  return <th scope={scope ?? "col"} {...columnProps({ figure, from, className })} {...props} />;
}

export function TableCell({ figure, from, className, ...props }: React.ComponentProps<"td"> & ColumnProps) {
  return <td {...columnProps({ figure, from, className })} {...props} />;
}

export function TableCaption(props: React.ComponentProps<"caption">) {
  return <caption {...props} />;
}
