import { describe, expect, it } from "vitest";
import { isValidLoadOrder, loadOrder, selfReferencingColumns, TableOrderError, type ForeignKey } from "./table-order";

const keys: ForeignKey[] = [
  { table: "sessions", columns: ["user_id"], references: "users" },
  { table: "invoices", columns: ["client_id"], references: "clients" },
  { table: "invoices", columns: ["credited_invoice_id"], references: "invoices" },
  { table: "invoice_lines", columns: ["invoice_id"], references: "invoices" },
  { table: "invoices", columns: ["created_by_id"], references: "users" },
];

describe("loadOrder", () => {
  it("puts every table after the tables it references, ties by name", () => {
    const order = loadOrder(["invoice_lines", "invoices", "sessions", "users", "clients", "settings"], keys);
    expect(order).toEqual(["clients", "settings", "users", "invoices", "invoice_lines", "sessions"]);
    expect(isValidLoadOrder(order, keys)).toBe(true);
  });

  it("ignores references to itself and to tables outside the list", () => {
    expect(
      loadOrder(
        ["invoices", "users", "clients"],
        [...keys, { table: "users", columns: ["x"], references: "elsewhere" }],
      ),
    ).toEqual(["clients", "users", "invoices"]);
  });

  it("refuses a cycle between tables, naming them", () => {
    const cycle: ForeignKey[] = [
      { table: "a", columns: ["b_id"], references: "b" },
      { table: "b", columns: ["a_id"], references: "a" },
    ];
    expect(() => loadOrder(["a", "b", "c"], cycle)).toThrow(TableOrderError);
    expect(() => loadOrder(["a", "b", "c"], cycle)).toThrow(/a, b form a cycle/);
  });
});

describe("isValidLoadOrder", () => {
  it("rejects an order that loads a child before its parent", () => {
    expect(isValidLoadOrder(["invoices", "clients", "users"], keys)).toBe(false);
    expect(isValidLoadOrder(["clients", "users", "invoices"], keys)).toBe(true);
  });
});

describe("selfReferencingColumns", () => {
  it("lists the columns that point at their own table", () => {
    expect(selfReferencingColumns("invoices", keys)).toEqual(["credited_invoice_id"]);
    expect(selfReferencingColumns("users", keys)).toEqual([]);
  });
});
