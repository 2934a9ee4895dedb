import { asc } from "drizzle-orm";
import { ADVISORY_LOCKS, lockUntilCommit } from "@/db/advisory-locks";
import type { Executor } from "@/db/client";
import { settings } from "@/db/schema";
import { DEFAULT_TAX_RATES, FRENCH_INVOICE_FOOTER } from "./settings-schemas";

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
      // The country starts as France: the French rates and legal footer come with it.
      .values({ firmName: "My firm", taxRates: DEFAULT_TAX_RATES, invoiceFooter: FRENCH_INVOICE_FOOTER })
      .returning();
    return created!;
  });
}
