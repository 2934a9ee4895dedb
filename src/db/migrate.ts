import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DatabaseHandle } from "./client";

export const migrationsFolder = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "drizzle");

// Any constant works; it only has to be the same for every Bureau instance.
const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * Applies the committed migrations. On PostgreSQL an advisory lock lets several instances start at once.
 * `folder`: another migrations folder (the restore migrates a fresh database to a backup's level first).
 */
export async function migrateDatabase(handle: DatabaseHandle, folder: string = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
