// The database: embedded PGlite in the data folder when DATABASE_URL is unset, PostgreSQL through a
// pg pool otherwise. Opened lazily on first use, once per process (next build imports modules
// without wanting a database).
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import { getConfig } from "@/lib/env";
import * as schema from "./schema";
import { lockDataFolder } from "./pglite-lock";
import { timePoolQueries } from "./query-timing";
import { nameConnectionStatements } from "./statement-names";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a query or action takes: the database, or a transaction already open on it. */
export type Executor = Database | Transaction;

export type DatabaseHandle =
  | { kind: "pglite"; db: Database; pglite: PGlite; close: () => Promise<void> }
  | { kind: "postgres"; db: Database; pool: pg.Pool; close: () => Promise<void> };

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  pglite?: PGlite;
  /** PostgreSQL: name statements so each is parsed once per connection (src/db/statement-names.ts). Default true. */
  preparedStatements?: boolean;
};

export function openDatabase(options: OpenOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      // Awaited by the pool before a new connection serves its first query.
      onConnect: (options.preparedStatements ?? true) ? nameConnectionStatements : undefined,
    });
    // An idle client's error (server restarted) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePostgres(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return { kind: "postgres", db, pool, close: () => pool.end() };
  }
  let release = () => {};
  let pglite = options.pglite;
  if (!pglite) {
    if (!options.dataDir) throw new Error("openDatabase needs a dataDir or a databaseUrl");
    const dataDir = path.resolve(/*turbopackIgnore: true*/ options.dataDir, "pglite");
    release = lockDataFolder(path.resolve(/*turbopackIgnore: true*/ options.dataDir));
    pglite = new PGlite(dataDir);
  }
  const instance = pglite;
  const db = drizzlePglite(instance, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    pglite: instance,
    close: async () => {
      await instance.close();
      release();
    },
  };
}

const globalForDb = globalThis as unknown as { bureauDatabase?: DatabaseHandle };

export function getDatabaseHandle(): DatabaseHandle {
  if (!globalForDb.bureauDatabase) {
    const config = getConfig();
    const handle = openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
    });
    if (config.benchEnabled && handle.kind === "postgres") timePoolQueries(handle.pool);
    globalForDb.bureauDatabase = handle;
  }
  return globalForDb.bureauDatabase;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}

/** Tests and scripts: make this process use a database they opened themselves. */
export function setDatabaseHandle(handle: DatabaseHandle | undefined): void {
  globalForDb.bureauDatabase = handle;
}
