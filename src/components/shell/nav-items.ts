import type { Role } from "@/modules/users/roles";

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
  | "messages";
export type NavItem = { href: string; label: string; icon: NavIcon; roles: readonly Role[] };

const everyone: readonly Role[] = ["admin", "manager", "staff"];

/** The sections that exist; each page checks the role again on the server. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/bo", label: "Dashboard", icon: "dashboard", roles: everyone },
  { href: "/bo/timesheets", label: "Timesheets", icon: "timesheets", roles: everyone },
  { href: "/bo/invoices", label: "Invoices", icon: "invoices", roles: ["admin", "manager"] },
  { href: "/bo/calls", label: "Calls", icon: "calls", roles: everyone },
  { href: "/bo/clients", label: "Clients", icon: "clients", roles: everyone },
  { href: "/bo/jobs", label: "Jobs", icon: "jobs", roles: ["admin", "manager"] },
  { href: "/bo/messages", label: "Messages", icon: "messages", roles: ["admin", "manager"] },
  { href: "/bo/outbox", label: "Outbox", icon: "outbox", roles: ["admin", "manager"] },
  { href: "/bo/users", label: "Users", icon: "users", roles: ["admin"] },
  { href: "/bo/settings", label: "Settings", icon: "settings", roles: ["admin"] },
  { href: "/bo/audit", label: "Audit log", icon: "audit", roles: ["admin"] },
  { href: "/bo/account", label: "My account", icon: "account", roles: everyone },
];
