import type * as React from "react";
import { cn } from "@/lib/utils";

export type FigureColumn = { label: React.ReactNode; numeric?: boolean; className?: string };

// Cell styles are the `figure-table` rules of globals.css (the team's week has a row per person).

/** The dashboard's small tables: a caption for screen readers, a header, figures right-aligned. */
export function FigureTable({
  caption,
  columns,
  children,
  className,
}: {
  caption: string;
  columns: FigureColumn[];
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <table className={cn("figure-table", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cn(column.numeric && "text-right", column.className) || undefined}>
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
export function FigureRow({
  name,
  cells,
  nameClassName,
}: {
  name: React.ReactNode;
  cells: { content: React.ReactNode; className?: string }[];
  nameClassName?: string;
}) {
  return (
    <tr>
      <th scope="row" className={nameClassName}>
        {name}
      </th>
      {cells.map((cell, index) => (
        <td key={index} className={cell.className}>
          {cell.content}
        </td>
      ))}
    </tr>
  );
}
