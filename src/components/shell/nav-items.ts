import type { Role } from "@/modules/users/roles";

export type NavIcon = "dashboard" | "timesheets" | "invoices" | "calls" | "clients" | "users" | "settings" | "audit" | "account";
export type NavItem = { href: string; label: string; icon: NavIcon; roles: readonly Role[] };

const everyone: readonly Role[] = ["admin", "manager", "staff"];

/** The sections that exist; each page checks the role again on the server. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/bo", label: "Dashboard", icon: "dashboard", roles: everyone },
  { href: "/bo/users", label: "Users", icon: "users", roles: ["admin"] },
  { href: "/bo/settings", label: "Settings", icon: "settings", roles: ["admin"] },
  { href: "/bo/audit", label: "Audit log", icon: "audit", roles: ["admin"] },
  { href: "/bo/account", label: "My account", icon: "account", roles: everyone },
];
