// What a backup needs to know about a database, read from the PostgreSQL catalog (PGlite has the same):
// the tables of the public schema with their columns, keys and foreign keys, the sequences, and
// which migrations were applied. Read from the catalog, never from a list kept by hand, so a table
// added by a later migration is backed up without anyone remembering to add it.
import fs from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "../client";
import { migrationsFolder } from "../migrate";
import type { ForeignKey } from "./table-order";

/**
 * One connection (PostgreSQL) or the one PGlite instance: a transaction needs every statement on the
 * same session. PGlite has a single session per process, so nothing else may use the instance while a
 * backup or restore runs on it; the scripts hold the data folder's lock, so nothing else can.
 */
export type SqlSession = {
  query<Row extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  release(): void;
};

export async function openSession(handle: DatabaseHandle): Promise<SqlSession> {
  if (handle.kind === "pglite") {
    const pglite = handle.pglite;
    return {
      query: async <Row extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
        (await pglite.query<Row>(sql, params)).rows,
      release: () => {},
    };
  }
  const client = await handle.pool.connect();
  return {
    query: async <Row extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
      (await client.query<Row>(sql, params)).rows,
    release: () => client.release(),
  };
}

/** Runs `work` on a session of its own and gives the session back. */
export async function withSession<T>(handle: DatabaseHandle, work: (session: SqlSession) => Promise<T>): Promise<T> {
  const session = await openSession(handle);
  try {
    return await work(session);
  } finally {
    session.release();
  }
}

export type TableInfo = {
  name: string;
  /** Columns a restore writes (generated columns are computed again). */
  columns: string[];
  primaryKey: string[];
  hasBinaryColumns: boolean;
};

export type Catalog = { tables: TableInfo[]; foreignKeys: ForeignKey[]; sequences: string[] };

/** A quoted identifier: "name", with inner quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(table: string): string {
  return `public.${quoteIdentifier(table)}`;
}

export async function readCatalog(session: SqlSession): Promise<Catalog> {
  const columns = await session.query<{
    table_name: string;
    column_name: string;
    type_name: string;
    generated: boolean;
  }>(
    `select c.relname as table_name, a.attname as column_name, t.typname as type_name, a.attgenerated <> '' as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
      where n.nspname = 'public' and c.relkind = 'r'
      order by c.relname, a.attnum`,
  );
  const keys = await session.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where n.nspname = 'public' and i.indisprimary
      order by c.relname, k.position`,
  );
  const references = await session.query<{
    name: string;
    table_name: string;
    column_name: string;
    referenced_table: string;
  }>(
    `select con.conname as name, c.relname as table_name, a.attname as column_name, rc.relname as referenced_table
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid
       join lateral unnest(con.conkey) with ordinality as k(attnum, position) on true
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where n.nspname = 'public' and con.contype = 'f'
      order by c.relname, con.conname, k.position`,
  );
  const sequences = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );

  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    const table = tables.get(column.table_name) ?? {
      name: column.table_name,
      columns: [],
      primaryKey: [],
      hasBinaryColumns: false,
    };
    if (!column.generated) table.columns.push(column.column_name);
    if (column.type_name === "bytea") table.hasBinaryColumns = true;
    tables.set(column.table_name, table);
  }
  for (const key of keys) tables.get(key.table_name)?.primaryKey.push(key.column_name);

  const byConstraint = new Map<string, ForeignKey>();
  for (const reference of references) {
    const id = `${reference.table_name}.${reference.name}`;
    const key = byConstraint.get(id) ?? {
      table: reference.table_name,
      columns: [],
      references: reference.referenced_table,
    };
    key.columns.push(reference.column_name);
    byConstraint.set(id, key);
  }
  return {
    tables: [...tables.values()],
    foreignKeys: [...byConstraint.values()],
    sequences: sequences.map((row) => row.name),
  };
}

export type Migration = { tag: string; when: number };

/** The migrations this version of Bureau ships, in order (drizzle/meta/_journal.json). */
export function shippedMigrations(folder: string = migrationsFolder): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({ tag: entry.tag, when: entry.when }));
}

/** When each migration applied to this database was made (drizzle's bookkeeping), oldest first; [] for a fresh database. */
export async function appliedMigrations(session: SqlSession): Promise<number[]> {
  const [exists] = await session.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return [];
  const rows = await session.query<{ created_at: string }>(
    `select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((row) => Number(row.created_at));
}

/**
 * A migrations folder holding only the first `count` shipped migrations, so a fresh database can be
 * brought to an older backup's level before its rows are loaded. The caller removes it.
 */
export function migrationsFolderUpTo(count: number, folder: string = migrationsFolder, into: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(into, "meta"), { recursive: true });
  fs.writeFileSync(path.join(into, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(into, `${entry.tag}.sql`));
  return into;
}
