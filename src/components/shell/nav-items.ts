import type { Permission } from "@/modules/users/permissions";

export type NavIcon =
  | "dashboard"
  | "timesheets"
  | "invoices"
  | "calls"
  | "clients"
  | "users"
  | "settings"
  | "audit"
  | "account"
  | "outbox"
  | "jobs"
  | "messages"
  | "reports"
  | "recurring"
  | "expenses"
  | "quotes";
/**
 * A section, shown to those holding the permission its page requires (none: every signed-in person).
 * `label` is English; the shell shows `common.nav.<icon>` in the person's language.
 */
export type NavItem = { href: string; label: string; icon: NavIcon; permission: Permission | null };

/** The sections that exist; each page checks the same permission again on the server. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/bo", label: "Dashboard", icon: "dashboard", permission: null },
  { href: "/bo/timesheets", label: "Timesheets", icon: "timesheets", permission: "timesheet.read" },
  { href: "/bo/expenses", label: "Expenses", icon: "expenses", permission: "expense.edit" },
  { href: "/bo/invoices", label: "Invoices", icon: "invoices", permission: "invoice.read" },
  { href: "/bo/invoices/recurring", label: "Recurring invoices", icon: "recurring", permission: "invoice.read" },
  { href: "/bo/quotes", label: "Quotes", icon: "quotes", permission: "invoice.read" },
  { href: "/bo/reports", label: "Reports", icon: "reports", permission: "timesheet.read" },
  { href: "/bo/calls", label: "Calls", icon: "calls", permission: "call.read" },
  { href: "/bo/clients", label: "Clients", icon: "clients", permission: "client.read" },
  { href: "/bo/jobs", label: "Jobs", icon: "jobs", permission: "job.read" },
  { href: "/bo/messages", label: "Messages", icon: "messages", permission: "message.read" },
  { href: "/bo/outbox", label: "Outbox", icon: "outbox", permission: "outbox.read" },
  { href: "/bo/users", label: "Users", icon: "users", permission: "user.read" },
  { href: "/bo/settings", label: "Settings", icon: "settings", permission: "settings.edit" },
  { href: "/bo/audit", label: "Audit log", icon: "audit", permission: "audit.read" },
  { href: "/bo/account", label: "My account", icon: "account", permission: null },
];
