// In which order a restore loads the tables: every table after the tables its foreign keys point to,
// so each row finds its parent already there (the foreign keys stay checked during a restore).
// A table's references to itself (a call's follow-up call, a credit note's invoice) cannot be
// ordered that way: those columns are loaded empty and filled in once the whole table is in.

export type ForeignKey = { table: string; columns: string[]; references: string };

export class TableOrderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TableOrderError";
  }
}

/** Tables sorted parents first; ties broken by name, so the same schema always gives the same order. */
export function loadOrder(tables: readonly string[], foreignKeys: readonly ForeignKey[]): string[] {
  const known = new Set(tables);
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set<string>()]));
  for (const key of foreignKeys) {
    if (!known.has(key.table) || !known.has(key.references)) continue;
    if (key.table !== key.references) parents.get(key.table)!.add(key.references);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const remaining = [...tables].sort();
  while (remaining.length > 0) {
    const next = remaining.findIndex((table) => [...parents.get(table)!].every((parent) => placed.has(parent)));
    if (next === -1) {
      throw new TableOrderError(
        `the foreign keys between ${remaining.join(", ")} form a cycle: no load order exists (make one of them nullable and defer it)`,
      );
    }
    const [table] = remaining.splice(next, 1);
    ordered.push(table!);
    placed.add(table!);
  }
  return ordered;
}

/** The columns of `table` that reference `table` itself: loaded empty, then filled in. */
export function selfReferencingColumns(table: string, foreignKeys: readonly ForeignKey[]): string[] {
  return [
    ...new Set(
      foreignKeys.filter((key) => key.table === table && key.references === table).flatMap((key) => key.columns),
    ),
  ].sort();
}

/** Whether `order` loads every table after the tables it references (an archive's order, checked against the target). */
export function isValidLoadOrder(order: readonly string[], foreignKeys: readonly ForeignKey[]): boolean {
  const position = new Map(order.map((table, index) => [table, index]));
  return foreignKeys.every((key) => {
    if (key.table === key.references) return true;
    const child = position.get(key.table);
    const parent = position.get(key.references);
    return child === undefined || parent === undefined || parent < child;
  });
}
