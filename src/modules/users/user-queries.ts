import "server-only";
import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { user } from "@/db/schema";
import { NotFoundError } from "@/lib/errors";

const publicColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  active: user.active,
  mustChangePassword: user.mustChangePassword,
  /** Invited and has not chosen a password yet (no credential). */
  invited: sql<boolean>`not exists (select 1 from accounts where accounts.user_id = "users"."id" and accounts.provider_id = 'credential')`,
  defaultHourlyRate: user.defaultHourlyRate,
  /** Read by the admin-only user pages (user.read and cost.read are both the administrators'). */
  costRate: user.costRate,
  weeklyCapacityMinutes: user.weeklyCapacityMinutes,
  version: user.version,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
};

export async function findUsers(db: Executor) {
  return db.select(publicColumns).from(user).orderBy(desc(user.active), asc(user.name));
}

export async function getUser(db: Executor, id: string) {
  const [row] = await db.select(publicColumns).from(user).where(eq(user.id, id)).limit(1);
  if (!row) throw new NotFoundError("This user does not exist.", "user.not_found");
  return row;
}

export async function countActiveUsersByRole(db: Executor) {
  return db.select({ role: user.role, value: count() }).from(user).where(eq(user.active, true)).groupBy(user.role);
}
