// PostgreSQL for the system tests: one database `sys_<label>_…` per test file on the shared server
// (TEST_DATABASE_URL), dropped afterwards; and what the tests need to watch the servers' sessions.
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../../src/db/client";
import { migrateDatabase } from "../../../src/db/migrate";

const TEST_APPLICATION = "bureau-system-test";

export function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "The system tests need PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).",
    );
  return url;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export type SystemDatabase = {
  name: string;
  url: string;
  /** A small pool of the test's own (drizzle on top: `handle.db`). */
  handle: Extract<DatabaseHandle, { kind: "postgres" }>;
  /** A dedicated connection, e.g. to hold a lock while the servers run into it. */
  connect: () => Promise<pg.Client>;
  drop: () => Promise<void>;
};

async function adminQuery(sql: string, url = serverUrl()): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty database (migrated when asked; otherwise the first server migrates it). */
export async function createSystemDatabase(
  label: string,
  options: { migrate?: boolean; baseUrl?: string } = {},
): Promise<SystemDatabase> {
  const base = options.baseUrl ?? serverUrl();
  const name = `sys_${label}_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(`create database ${name}`, base);
  const url = withDatabase(base, name);
  // Named, so the tests can tell their own sessions from the servers' (otherBackends).
  const ownUrl = `${url}?application_name=${TEST_APPLICATION}`;
  const handle = openDatabase({ databaseUrl: ownUrl, poolSize: 4 }) as SystemDatabase["handle"];
  if (options.migrate) await migrateDatabase(handle);
  return {
    name,
    url,
    handle,
    connect: async () => {
      const client = new pg.Client({ connectionString: ownUrl });
      client.on("error", () => {});
      await client.connect();
      return client;
    },
    drop: async () => {
      await handle.close().catch(() => {});
      await adminQuery(`drop database if exists ${name} with (force)`, base);
    },
  };
}

/** The other sessions on this database (the servers' and the worker's), with what they wait for. */
export async function otherBackends(
  database: SystemDatabase,
): Promise<{ pid: number; state: string | null; waitEventType: string | null; query: string }[]> {
  const result = await database.handle.pool.query<{
    pid: number;
    state: string | null;
    wait_event_type: string | null;
    query: string;
  }>(
    `select pid, state, wait_event_type, query from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
        and coalesce(application_name, '') <> $1`,
    [TEST_APPLICATION],
  );
  return result.rows.map((row) => ({
    pid: row.pid,
    state: row.state,
    waitEventType: row.wait_event_type,
    query: row.query,
  }));
}

/** Sessions of this database blocked on a lock, whose current statement matches `pattern`. */
export async function waitingOn(database: SystemDatabase, pattern: RegExp): Promise<number> {
  const backends = await otherBackends(database);
  return backends.filter((backend) => backend.waitEventType === "Lock" && pattern.test(backend.query)).length;
}
