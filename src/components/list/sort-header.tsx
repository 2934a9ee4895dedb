import Link from "@/components/app-link";
import { type ColumnProps, TableHead } from "@/components/ui/table";

export type SortDirection = "asc" | "desc";
export type SortState<Column extends string> = { column: Column; direction: SortDirection };

/**
 * The direction a click on `column`'s header sorts in: the other way when the list is already
 * sorted by it, else the column's own first direction (latest dates and largest amounts first).
 */
export function nextSortDirection<Column extends string>(
  sort: SortState<Column>,
  column: Column,
  firstDirection: SortDirection = "asc",
): SortDirection {
  if (sort.column !== column) return firstDirection;
  return sort.direction === "asc" ? "desc" : "asc";
}

/** A column header that sorts the list by its column; the sorted one says so (aria-sort and an arrow). */
export function SortHeader<Column extends string>({
  column,
  label,
  sort,
  firstDirection,
  href,
  className,
  ...columnProps
}: ColumnProps & {
  column: Column;
  label: string;
  sort: SortState<Column>;
  firstDirection?: SortDirection;
  /** The list's address sorted this way, its filters kept and back to the first page. */
  href: (column: Column, direction: SortDirection) => string;
  className?: string;
}) {
  const active = sort.column === column;
  return (
    <TableHead
      {...columnProps}
      className={className}
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        href={href(column, nextSortDirection(sort, column, firstDirection))}
        className="inline-flex items-center gap-1 hover:underline"
      >
        {label}
        {active ? <span aria-hidden="true">{sort.direction === "asc" ? "↑" : "↓"}</span> : null}
      </Link>
    </TableHead>
  );
}
