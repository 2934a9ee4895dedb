import type * as React from "react";
import { cn } from "@/lib/utils";

export type FigureColumn = { label: React.ReactNode; numeric?: boolean; className?: string };

/** The dashboard's small tables: a caption for screen readers, a header, figures right-aligned. */
export function FigureTable({ caption, columns, children, className }: { caption: string; columns: FigureColumn[]; children: React.ReactNode; className?: string }) {
  return (
    <table className={cn("w-full text-sm", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cn("py-1.5 font-medium", index < columns.length - 1 && "pr-2", column.numeric && "text-right", column.className)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A row of a FigureTable: its first cell names it (a row header), the others are figures. */
export function FigureRow({ name, cells, nameClassName }: { name: React.ReactNode; cells: { content: React.ReactNode; className?: string }[]; nameClassName?: string }) {
  return (
    <tr className="border-b last:border-0">
      <th scope="row" className={cn("py-1.5 pr-2 text-left font-normal", nameClassName)}>
        {name}
      </th>
      {cells.map((cell, index) => (
        <td key={index} className={cn("py-1.5 text-right whitespace-nowrap tabular-nums", index < cells.length - 1 && "pr-2", cell.className)}>
          {cell.content}
        </td>
      ))}
    </tr>
  );
}
