import type * as React from "react";

import { cn } from "@/lib/utils";

// The look of every row and cell comes from the `data-table` rules in globals.css, not from a
// class list on each element: a list of 50 rows would otherwise send the same utilities hundreds
// of times in the HTML and again in the React payload, and build them on every render. A
// `className` given here still wins (utilities come after components in the cascade).

/**
 * The wrapper scrolls horizontally on narrow screens. A sticky header sticks to the nearest
 * scroll container, which is this wrapper: give it a height (e.g.
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

/** Use `className="text-right tabular-nums"` for money and hours columns. */
export function TableHead({ scope, ...props }: React.ComponentProps<"th">) {
  return <th scope={scope ?? "col"} {...props} />;
}

export function TableCell(props: React.ComponentProps<"td">) {
  return <td {...props} />;
}

export function TableCaption(props: React.ComponentProps<"caption">) {
  return <caption {...props} />;
}
