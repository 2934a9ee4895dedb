import { asc } from "drizzle-orm";
import { ADVISORY_LOCKS, lockUntilCommit } from "@/db/advisory-locks";
import type { Executor } from "@/db/client";
import { settings } from "@/db/schema";
import { DEFAULT_TAX_RATES } from "./settings-schemas";

export type Settings = typeof settings.$inferSelect;

/** The firm's settings row; created with the defaults the first time. */
export async function getSettings(db: Executor): Promise<Settings> {
  const [row] = await db.select().from(settings).orderBy(asc(settings.createdAt)).limit(1);
  if (row) return row;
  // First use: instances starting together on a new database create one row between them.
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, ADVISORY_LOCKS.firstRun);
    const [existing] = await tx.select().from(settings).orderBy(asc(settings.createdAt)).limit(1);
    if (existing) return existing;
    const [created] = await tx
      .insert(settings)
      .values({ firmName: "My firm", taxRates: DEFAULT_TAX_RATES })
      .returning();
    return created!;
  });
}
