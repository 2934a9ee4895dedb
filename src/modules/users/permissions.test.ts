import { describe, expect, it } from "vitest";
import { ForbiddenError } from "@/lib/errors";
import { can, type Permission, PERMISSIONS, requirePermission, rolesWith } from "./permissions";
import { ROLES } from "./roles";

// The roles and permissions table of the product, written out again by hand: the map must say
// exactly this, so widening a role's rights takes a change here too.
const STAFF: Permission[] = [
  "client.read",
  "timesheet.read",
  "timesheet.edit",
  "call.read",
  "call.edit",
  "token.edit",
  "expense.edit",
];
const MANAGER: Permission[] = [
  ...STAFF,
  "client.edit",
  "timesheet.read_all",
  "timesheet.create_for_others",
  "timesheet.decide",
  "timesheet.any_project",
  "expense.read_all",
  "expense.decide",
  "billing.read",
  "invoice.read",
  "invoice.edit",
  "invoice.delete",
  "invoice.issue",
  "invoice.send",
  "invoice.credit",
  "invoice.share",
  "payment.record",
  "call.edit_all",
  "job.read",
  "job.edit",
  "message.read",
  "message.edit",
  "outbox.read",
  "outbox.retry",
];
const ADMIN_ONLY: Permission[] = [
  "user.read",
  "user.create",
  "user.update",
  "user.deactivate",
  "user.reset_password",
  "user.reset_two_factor",
  "settings.edit",
  "audit.read",
  "cost.read",
  "payment.delete",
  "monitoring.test",
  "token.manage_all",
];

const all = Object.keys(PERMISSIONS) as Permission[];
const held = (role: (typeof ROLES)[number]) => all.filter((permission) => can({ role }, permission)).sort();

describe("the permission map", () => {
  it("gives staff their own work and reads only", () => {
    expect(held("staff")).toEqual([...STAFF].sort());
  });

  it("gives managers everything but people, settings, the audit log and deleting payments", () => {
    expect(held("manager")).toEqual([...MANAGER].sort());
  });

  it("gives admins every permission", () => {
    expect(held("admin")).toEqual([...all].sort());
    expect([...MANAGER, ...ADMIN_ONLY].sort()).toEqual([...all].sort());
  });

  it("names each permission as a scope could be named: <thing>.<verb>, lower case", () => {
    for (const permission of all) expect(permission).toMatch(/^[a-z]+\.[a-z]+(?:_[a-z]+)*$/);
  });

  it("lists only known roles", () => {
    for (const permission of all) for (const role of rolesWith(permission)) expect(ROLES).toContain(role);
  });
});

describe("requirePermission", () => {
  it("passes a holder and refuses anyone else with the forbidden message, or the one given", () => {
    expect(() => requirePermission({ role: "admin" }, "payment.delete")).not.toThrow();
    expect(() => requirePermission({ role: "manager" }, "payment.delete")).toThrow(ForbiddenError);
    expect(() => requirePermission({ role: "manager" }, "payment.delete")).toThrow(
      "You do not have permission to do this.",
    );
    expect(() =>
      requirePermission({ role: "staff" }, "invoice.issue", "Only administrators and managers can work on invoices."),
    ).toThrow("Only administrators and managers can work on invoices.");
  });
});

describe("an API token's scopes", () => {
  it("narrow the role: both must allow, and a scope never adds what the role lacks", () => {
    expect(can({ role: "manager", scopes: ["invoice.read"] }, "invoice.read")).toBe(true);
    expect(can({ role: "manager", scopes: ["invoice.read"] }, "invoice.issue")).toBe(false);
    expect(can({ role: "staff", scopes: ["invoice.read"] }, "invoice.read")).toBe(false);
    expect(can({ role: "manager", scopes: [] }, "client.read")).toBe(false);
  });
});
