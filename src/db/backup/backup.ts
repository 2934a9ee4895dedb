// Writes a backup archive (archive.ts) of a whole Bureau database, PGlite or PostgreSQL, from one
// REPEATABLE READ READ ONLY transaction: every table is read from the same snapshot, so the archive
// is consistent even while the server keeps writing (PostgreSQL; PGlite has one process at a time).
import fs from "node:fs";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { DatabaseHandle } from "../client";
import { ArchiveWriter, ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type ArchiveManifest } from "./archive";
import {
  appliedMigrations,
  type Catalog,
  openSession,
  qualified,
  quoteIdentifier,
  readCatalog,
  shippedMigrations,
  type SqlSession,
} from "./catalog";
import { loadOrder } from "./table-order";

export type BackupOptions = {
  bureauVersion: string;
  now?: Date;
  /** false: leave the output open when done (process.stdout cannot be closed). */
  closeOutput?: boolean;
  /** Called once the snapshot is taken and counted, before any row is read (tests prove later writes stay out). */
  afterSnapshot?: () => Promise<void>;
};

/** Rows fetched at a time: few for tables holding files (CVs up to 5 MB, PDFs), many otherwise. */
const FETCH_ROWS = { binary: 20, plain: 1000 };

/** Session settings that make row_to_json's text the same on every server and restorable anywhere. */
const PORTABLE_OUTPUT = [
  "set local timezone = 'UTC'",
  "set local bytea_output = 'hex'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'iso_8601'",
  "set local extra_float_digits = 3",
];

/** Writes the archive to `output`; returns its manifest. */
export async function backupDatabase(
  handle: DatabaseHandle,
  output: Writable,
  options: BackupOptions,
): Promise<ArchiveManifest> {
  const session = await openSession(handle);
  try {
    await session.query("begin isolation level repeatable read read only");
    try {
      for (const statement of PORTABLE_OUTPUT) await session.query(statement);
      const catalog = await readCatalog(session);
      const manifest = await readManifest(session, catalog, handle.kind, options);
      await options.afterSnapshot?.();
      await pipeline(Readable.from(archiveLines(session, catalog, manifest)), createGzip(), output, {
        end: options.closeOutput ?? true,
      });
      await session.query("commit");
      return manifest;
    } catch (error) {
      await session.query("rollback").catch(() => {});
      throw error;
    }
  } finally {
    session.release();
  }
}

async function readManifest(
  session: SqlSession,
  catalog: Catalog,
  engine: DatabaseHandle["kind"],
  options: BackupOptions,
): Promise<ArchiveManifest> {
  const order = loadOrder(
    catalog.tables.map((table) => table.name),
    catalog.foreignKeys,
  );
  const tables = [];
  for (const name of order) {
    const table = catalog.tables.find((candidate) => candidate.name === name)!;
    const [counted] = await session.query<{ rows: string }>(`select count(*)::text as rows from ${qualified(name)}`);
    tables.push({ name, columns: table.columns, rows: Number(counted!.rows) });
  }
  const sequences = [];
  for (const name of catalog.sequences) {
    const [state] = await session.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified(name)}`,
    );
    sequences.push({ name, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  const applied = await appliedMigrations(session);
  const lastApplied = applied.at(-1);
  const [server] = await session.query<{ version: string }>("select current_setting('server_version') as version");
  return {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    createdAt: (options.now ?? new Date()).toISOString(),
    bureauVersion: options.bureauVersion,
    source: { engine, serverVersion: server!.version },
    migrations: {
      applied,
      lastTag: shippedMigrations().find((migration) => migration.when === lastApplied)?.tag ?? null,
    },
    tables,
    sequences,
  };
}

async function* archiveLines(session: SqlSession, catalog: Catalog, manifest: ArchiveManifest): AsyncGenerator<Buffer> {
  const writer = new ArchiveWriter();
  yield writer.line(JSON.stringify(manifest));
  for (const table of manifest.tables) {
    const info = catalog.tables.find((candidate) => candidate.name === table.name)!;
    yield writer.line(JSON.stringify({ table: table.name, rows: table.rows }));
    const columns = table.columns.map(quoteIdentifier).join(", ");
    // Primary-key order: the same database always gives the same file.
    const orderBy = info.primaryKey.length > 0 ? ` order by ${info.primaryKey.map(quoteIdentifier).join(", ")}` : "";
    await session.query(
      `declare bureau_backup no scroll cursor for select row_to_json(r)::text as line from (select ${columns} from ${qualified(table.name)}${orderBy}) r`,
    );
    let written = 0;
    for (;;) {
      const batch = await session.query<{ line: string }>(
        `fetch ${info.hasBinaryColumns ? FETCH_ROWS.binary : FETCH_ROWS.plain} from bureau_backup`,
      );
      for (const row of batch) yield writer.line(row.line);
      written += batch.length;
      if (batch.length === 0) break;
    }
    await session.query("close bureau_backup");
    // Same snapshot as the count: a difference would be a bug, and a backup that lies is worse than none.
    if (written !== table.rows)
      throw new Error(`backup of ${table.name}: counted ${table.rows} rows but read ${written}`);
  }
  yield writer.end();
}

/** Writes to `file` through `file.partial`, renamed once complete: a failed backup never looks like a good one. */
export async function backupToFile(
  handle: DatabaseHandle,
  file: string,
  options: Omit<BackupOptions, "closeOutput">,
): Promise<ArchiveManifest> {
  const partial = `${file}.partial`;
  const output = fs.createWriteStream(partial, { mode: 0o600 });
  try {
    const manifest = await backupDatabase(handle, output, options);
    const descriptor = fs.openSync(partial, "r");
    fs.fsyncSync(descriptor);
    fs.closeSync(descriptor);
    fs.renameSync(partial, file);
    return manifest;
  } catch (error) {
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
