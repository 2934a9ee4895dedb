import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { account, user } from "@/db/schema";
import { hashPassword } from "better-auth/crypto";
import type { Role } from "./roles";

export type DemoUser = { id: string; name: string; email: string; role: Role; password: string };
export type DemoContext = { db: Database; users: DemoUser[] };

const DEMO_USERS: Omit<DemoUser, "id">[] = [
  { name: "Alice Admin", email: "admin@northwind.example", role: "admin", password: "demo admin password" },
  { name: "Marc Manager", email: "manager@northwind.example", role: "manager", password: "demo manager password" },
  { name: "Sofia Staff", email: "staff@northwind.example", role: "staff", password: "demo staff password" },
  { name: "Theo Staff", email: "theo@northwind.example", role: "staff", password: "demo staff password" },
];

/** One user per role (plus a second staff member), with known passwords printed by the seed. */
export async function seedDemoUsers(db: Database): Promise<DemoUser[]> {
  const created: DemoUser[] = [];
  for (const demo of DEMO_USERS) {
    const [existing] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, demo.email));
    if (existing) {
      created.push({ ...demo, id: existing.id });
      continue;
    }
    const [row] = await db
      .insert(user)
      .values({
        name: demo.name,
        email: demo.email,
        role: demo.role,
        emailVerified: true,
        defaultHourlyRate: demo.role === "staff" ? 7500 : 11000,
      })
      .returning();
    await db.insert(account).values({
      accountId: row!.id,
      providerId: "credential",
      userId: row!.id,
      password: await hashPassword(demo.password),
    });
    created.push({ ...demo, id: row!.id });
  }
  return created;
}
