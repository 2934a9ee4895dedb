import { asc } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { settings } from "@/db/schema";
import { DEFAULT_TAX_RATES } from "./settings-schemas";

export type Settings = typeof settings.$inferSelect;

/** The firm's settings row; created with the defaults of SPEC section 10 the first time. */
export async function getSettings(db: Executor): Promise<Settings> {
  const [row] = await db.select().from(settings).orderBy(asc(settings.createdAt)).limit(1);
  if (row) return row;
  await db.insert(settings).values({ firmName: "My firm", taxRates: DEFAULT_TAX_RATES }).onConflictDoNothing();
  const [created] = await db.select().from(settings).orderBy(asc(settings.createdAt)).limit(1);
  return created!;
}
