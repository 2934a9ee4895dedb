// Transaction-scoped advisory locks (PostgreSQL and PGlite): work that several instances may start
// at the same moment — the first run on a new database — done by one at a time. The keys are
// constants shared by every instance (the migrations use their own, in migrate.ts).
import { sql } from "drizzle-orm";
import type { Executor } from "./client";

export const ADVISORY_LOCKS = { firstRun: 727_274_002, projectBudget: 727_274_045 } as const;

/** Waits for the lock, held until the surrounding transaction ends: call it inside one. */
export async function lockUntilCommit(tx: Executor, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
}
