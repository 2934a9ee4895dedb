// Plain constants, safe in the browser (no database code).
export const ROLES = ["admin", "manager", "staff"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", manager: "Manager", staff: "Staff" };
