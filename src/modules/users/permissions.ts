// Who may do what: each named permission and the roles that hold it. Pages, server actions,
// mutations, queries, route handlers and the navigation all ask this map, so a role's rights
// change here and nowhere else.
//
// Names are `<thing>.<verb>`, lower-case and stable: an API token's scopes can later be these same
// strings, and a label can be looked up by name in each language. Reads are permissions too. A rule
// that depends on the record (one's own timesheet, one's own call, never deciding on one's own
// week) stays in its domain's rules, which take the role part from here.
//
// Plain data and functions, safe in the browser (no database, no React).
import { ForbiddenError } from "@/lib/errors";
import type { Actor } from "@/modules/audit/audit-log";
import { type Role, ROLES } from "./roles";

const EVERYONE: readonly Role[] = ROLES;
const MANAGERS: readonly Role[] = ["admin", "manager"];
const ADMINS: readonly Role[] = ["admin"];

export const PERMISSIONS = {
  // People and the firm's own set-up.
  "user.read": ADMINS,
  "user.create": ADMINS,
  /** Name, role and default rate. Its holders are the administrators, of whom the firm always keeps one. */
  "user.update": ADMINS,
  /** And reactivate. */
  "user.deactivate": ADMINS,
  "user.reset_password": ADMINS,
  /** Turn off someone else's two-factor sign-in (they lost their phone and their recovery codes). */
  "user.reset_two_factor": ADMINS,
  "settings.edit": ADMINS,
  "audit.read": ADMINS,
  /** What people cost the firm: their cost rates, and the margins of the profitability report. */
  "cost.read": ADMINS,

  // Clients and their projects.
  "client.read": EVERYONE,
  /** Create, edit and archive clients and projects. */
  "client.edit": MANAGERS,

  // Timesheets: everyone keeps their own weeks; only the owner edits one (timesheet-rules).
  "timesheet.read": EVERYONE,
  "timesheet.edit": EVERYONE,
  /** Other people's weeks. */
  "timesheet.read_all": MANAGERS,
  /** Start a week, or add time to it, for someone else (e.g. a colleague on leave). */
  "timesheet.create_for_others": MANAGERS,
  /** Approve, reject and reopen; never one's own week (timesheet-rules). */
  "timesheet.decide": MANAGERS,
  /** Log time on every project; others only on projects open to everyone or that they are members of. */
  "timesheet.any_project": MANAGERS,

  // Expenses (decision 065): everyone records their own; managers see all, approve and reopen.
  /** Record, change and delete one's own expenses (expense-rules decides what "own" is). */
  "expense.edit": EVERYONE,
  /** Other people's expenses and their receipts. */
  "expense.read_all": MANAGERS,
  /** Approve, reject and reopen; never one's own expense (expense-rules). */
  "expense.decide": MANAGERS,

  // Money.
  /** What time is worth and what the firm earns: rates, unbilled value, receivables. */
  "billing.read": MANAGERS,
  "invoice.read": MANAGERS,
  /** Create, edit and duplicate drafts. */
  "invoice.edit": MANAGERS,
  /** Delete a draft (an issued invoice is never deleted). */
  "invoice.delete": MANAGERS,
  "invoice.issue": MANAGERS,
  /** Email an invoice, or mark it as sent. */
  "invoice.send": MANAGERS,
  "invoice.credit": MANAGERS,
  /** Create and revoke client share links: the document, readable without signing in (decision 059). */
  "invoice.share": MANAGERS,
  "payment.record": MANAGERS,
  "payment.delete": ADMINS,

  // Calls: everyone reads every call and logs their own (call-rules decides what "own" is).
  "call.read": EVERYONE,
  "call.edit": EVERYONE,
  /** Change anyone's call and assign a call to anyone. */
  "call.edit_all": MANAGERS,

  // Recruiting, the inbox of the public site, and outgoing mail.
  /** Jobs and their applications, CVs included. */
  "job.read": MANAGERS,
  "job.edit": MANAGERS,
  "message.read": MANAGERS,
  "message.edit": MANAGERS,
  "outbox.read": MANAGERS,
  "outbox.retry": MANAGERS,

  // The API (docs/api.md): everyone keeps personal tokens; administrators see and revoke everyone's.
  /** Create, list and revoke one's own API tokens. */
  "token.edit": EVERYONE,
  /** See and revoke every person's API tokens. */
  "token.manage_all": ADMINS,

  // Error reporting.
  /** Raise the example server error of /sentry-example-page (an event in the firm's quota) and see where reports go. */
  "monitoring.test": ADMINS,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** The roles that hold a permission (e.g. to find, in SQL, the people who have it). */
export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}

/**
 * Whether the actor may do this. An actor acting through an API token carries the token's scopes:
 * it may do what both its role (now) and its scopes allow, so every rule that asks the map,
 * including record rules such as `call.edit_all`, is narrowed by the token (decision 034).
 */
export function can(actor: Pick<Actor, "role" | "scopes">, permission: Permission): boolean {
  if (actor.scopes && !actor.scopes.includes(permission)) return false;
  return rolesWith(permission).includes(actor.role);
}

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

/** Actions and mutations: a ForbiddenError unless the actor holds the permission. */
export function requirePermission(
  actor: Pick<Actor, "role" | "scopes">,
  permission: Permission,
  message?: string,
): void {
  if (!can(actor, permission)) throw new ForbiddenError(message);
}
