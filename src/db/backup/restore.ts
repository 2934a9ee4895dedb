// Loads a backup archive (archive.ts) into a database, PGlite or PostgreSQL, whichever engine wrote it.
//
// 1. The whole file is read once and checked (manifest, counts, SHA-256) before the database is touched.
// 2. The target must be at the archive's migration level, or behind it (a fresh database is migrated
//    to that level first), and empty unless `force`.
// 3. One transaction: with `force`, TRUNCATE every table; user triggers off (the issued-invoice guards
//    would refuse the lines of issued invoices; the totals trigger would count twice); rows loaded by
//    json_populate_recordset, tables parents first, foreign keys and constraints still checked;
//    references of a table to itself filled in once the table is in; sequences set; triggers back on;
//    and the checksum checked again before COMMIT. Any failure rolls everything back.
// 4. An archive from an older Bureau is then migrated to the current level, as the server would.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../client";
import { migrateDatabase } from "../migrate";
import { BackupError, readArchive, type ArchiveManifest } from "./archive";
import {
  appliedMigrations,
  type Catalog,
  migrationsFolderUpTo,
  qualified,
  quoteIdentifier,
  readCatalog,
  shippedMigrations,
  type SqlSession,
  withSession,
} from "./catalog";
import { isValidLoadOrder, selfReferencingColumns } from "./table-order";

export type RestoreOptions = { force?: boolean; log?: (message: string) => void };
export type RestoreSummary = {
  manifest: ArchiveManifest;
  rows: number;
  replacedRows: number;
  migratedAfterLoad: boolean;
};

/** Rows per INSERT, and at most this many characters of JSON (CVs and PDFs make long rows). */
const BATCH = { rows: 500, characters: 8_000_000 };

/** Reads the whole archive and checks it; returns its manifest. Throws BackupError("refused") if damaged. */
export async function verifyArchive(file: string): Promise<ArchiveManifest> {
  let manifest: ArchiveManifest | undefined;
  for await (const event of readArchive(file)) if (event.kind === "manifest") manifest = event.manifest;
  return manifest!;
}

function isPrefix(prefix: readonly number[], of: readonly number[]): boolean {
  return prefix.length <= of.length && prefix.every((value, index) => of[index] === value);
}

function tagAt(applied: readonly number[]): string {
  if (applied.length === 0) return "no migrations";
  const when = applied.at(-1);
  return (
    shippedMigrations().find((migration) => migration.when === when)?.tag ??
    `migration ${applied.length} (unknown to this version)`
  );
}

export async function restoreDatabase(
  handle: DatabaseHandle,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const log = options.log ?? (() => {});
  const manifest = await verifyArchive(file);
  log(
    `Archive checked: ${manifest.tables.reduce((sum, table) => sum + table.rows, 0)} rows in ${manifest.tables.length} tables, made ${manifest.createdAt} from ${manifest.source.engine} by Bureau ${manifest.bureauVersion} (${manifest.migrations.lastTag ?? "no migrations"}).`,
  );

  const shipped = shippedMigrations().map((migration) => migration.when);
  const level = manifest.migrations.applied;
  if (!isPrefix(level, shipped)) {
    throw new BackupError(
      "refused",
      `${file} was made by a newer or different version of Bureau (${manifest.bureauVersion}, ${level.length} migrations; this one has ${shipped.length}). Upgrade Bureau, then restore. Nothing was restored.`,
    );
  }

  const { target, occupied } = await withSession(handle, async (session) => ({
    target: await appliedMigrations(session),
    occupied: await occupiedTables(session, await readCatalog(session)),
  }));
  if (!isPrefix(target, level)) {
    throw new BackupError(
      "refused",
      `This database is at ${tagAt(target)}, ahead of the archive (${manifest.migrations.lastTag ?? "no migrations"}): an older archive loads into a fresh database only ` +
        "(an empty DATA_DIR, or an empty PostgreSQL database), which is migrated to the archive's level, loaded, then migrated to the current one. Nothing was restored.",
    );
  }
  const replacedRows = occupied.reduce((sum, table) => sum + table.rows, 0);
  if (occupied.length > 0 && !options.force) {
    const listed = occupied.map((table) => `${table.name} ${table.rows}`).join(", ");
    throw new BackupError(
      "not_empty",
      `The target database is not empty (rows: ${listed}). Restore into an empty one (a new DATA_DIR, or an empty PostgreSQL database), ` +
        "or run again with --force to replace everything in it (deleted in the same transaction as the load: if the load fails, it stays). Nothing was restored.",
    );
  }
  if (target.length < level.length) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-restore-migrations-"));
    try {
      log(`Migrating the target to the archive's level (${manifest.migrations.lastTag}).`);
      await migrateDatabase(handle, migrationsFolderUpTo(level.length, undefined, folder));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  const rows = await withSession(handle, async (session) => {
    const catalog = await readCatalog(session);
    checkSchemaMatches(manifest, catalog);
    if (occupied.length > 0) log(`--force: the ${replacedRows} rows now in the target are replaced.`);
    return load(session, catalog, manifest, file, occupied.length > 0);
  });
  log(`Loaded ${rows} rows.`);

  const migratedAfterLoad = level.length < shipped.length;
  if (migratedAfterLoad) {
    log(`Migrating from the archive's level (${manifest.migrations.lastTag ?? "none"}) to this version's.`);
    await migrateDatabase(handle);
  }
  // Fresh statistics for the planner after a bulk load.
  await withSession(handle, (session) => session.query("analyze"));
  return { manifest, rows, replacedRows, migratedAfterLoad };
}

function checkSchemaMatches(manifest: ArchiveManifest, catalog: Catalog) {
  const problems: string[] = [];
  const archived = new Map(manifest.tables.map((table) => [table.name, table]));
  for (const table of catalog.tables) {
    const fromArchive = archived.get(table.name);
    if (!fromArchive) {
      problems.push(`table ${table.name} is not in the archive`);
      continue;
    }
    const expected = [...table.columns].sort().join(",");
    if ([...fromArchive.columns].sort().join(",") !== expected) problems.push(`the columns of ${table.name} differ`);
  }
  for (const name of archived.keys())
    if (!catalog.tables.some((table) => table.name === name)) problems.push(`table ${name} does not exist here`);
  for (const sequence of manifest.sequences)
    if (!catalog.sequences.includes(sequence.name)) problems.push(`sequence ${sequence.name} does not exist here`);
  if (
    problems.length === 0 &&
    !isValidLoadOrder(
      manifest.tables.map((table) => table.name),
      catalog.foreignKeys,
    )
  )
    problems.push("its tables are not in an order this schema can load");
  if (problems.length > 0) {
    throw new BackupError(
      "refused",
      `The archive does not match this database's schema at the same migration level (${problems.join("; ")}). Nothing was restored.`,
    );
  }
}

async function occupiedTables(session: SqlSession, catalog: Catalog): Promise<{ name: string; rows: number }[]> {
  const occupied = [];
  for (const table of catalog.tables) {
    const [counted] = await session.query<{ rows: string }>(
      `select count(*)::text as rows from ${qualified(table.name)}`,
    );
    const rows = Number(counted!.rows);
    if (rows > 0) occupied.push({ name: table.name, rows });
  }
  return occupied;
}

async function load(
  session: SqlSession,
  catalog: Catalog,
  manifest: ArchiveManifest,
  file: string,
  replace: boolean,
): Promise<number> {
  const tables = new Map(catalog.tables.map((table) => [table.name, table]));
  const all = manifest.tables.map((table) => qualified(table.name));
  await session.query("begin");
  try {
    await session.query("set local timezone = 'UTC'");
    // A running server holding these tables: fail soon and say so, rather than wait for ever.
    await session.query("set local lock_timeout = '10s'");
    if (replace) await session.query(`truncate table ${all.join(", ")} restart identity`);
    for (const table of all) await session.query(`alter table ${table} disable trigger user`);

    const deferred: { table: string; staging: string; key: string[]; columns: string[] }[] = [];
    let loaded = 0;
    let current: { insert: string; stage?: string } | undefined;
    let batch: string[] = [];
    let characters = 0;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const json = `[${batch.join(",")}]`;
      await session.query(current.insert, [json]);
      if (current.stage) await session.query(current.stage, [json]);
      batch = [];
      characters = 0;
    };

    for await (const event of readArchive(file)) {
      if (event.kind === "table") {
        await flush();
        const info = tables.get(event.name)!;
        const columns = manifest.tables.find((table) => table.name === event.name)!.columns;
        const self = selfReferencingColumns(event.name, catalog.foreignKeys);
        const source = `json_populate_recordset(null::${qualified(event.name)}, $1::json)`;
        const values = columns.map((column) => (self.includes(column) ? "null" : quoteIdentifier(column)));
        current = {
          insert: `insert into ${qualified(event.name)} (${columns.map(quoteIdentifier).join(", ")}) overriding system value select ${values.join(", ")} from ${source}`,
        };
        if (self.length > 0) {
          if (info.primaryKey.length === 0)
            throw new BackupError(
              "refused",
              `table ${event.name} references itself but has no primary key: it cannot be restored`,
            );
          const staging = `bureau_restore_${deferred.length}`;
          const kept = [...info.primaryKey, ...self].map(quoteIdentifier).join(", ");
          await session.query(
            `create temporary table ${staging} on commit drop as select ${kept} from ${qualified(event.name)} with no data`,
          );
          current.stage = `insert into ${staging} select ${kept} from ${source} where ${self.map((column) => `${quoteIdentifier(column)} is not null`).join(" or ")}`;
          deferred.push({ table: event.name, staging, key: info.primaryKey, columns: self });
        }
      } else if (event.kind === "row") {
        batch.push(event.line);
        characters += event.line.length;
        loaded += 1;
        if (batch.length >= BATCH.rows || characters >= BATCH.characters) await flush();
      }
      // "end" comes only after the checksum matched: the rows loaded are the rows that were backed up.
    }
    await flush();

    for (const self of deferred) {
      const assignments = self.columns
        .map((column) => `${quoteIdentifier(column)} = s.${quoteIdentifier(column)}`)
        .join(", ");
      const join = self.key
        .map((column) => `t.${quoteIdentifier(column)} = s.${quoteIdentifier(column)}`)
        .join(" and ");
      await session.query(
        `update ${qualified(self.table)} as t set ${assignments} from ${self.staging} as s where ${join}`,
      );
    }
    for (const sequence of manifest.sequences) {
      await session.query(`select setval($1::regclass, $2::bigint, $3::boolean)`, [
        qualified(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    for (const table of all) await session.query(`alter table ${table} enable trigger user`);
    await session.query("commit");
    return loaded;
  } catch (error) {
    await session.query("rollback").catch(() => {});
    if ((error as { code?: string }).code === "55P03") {
      throw new BackupError(
        "busy",
        "The target database is in use (a Bureau server or worker running on it?): stop them and restore again. Nothing was restored.",
      );
    }
    throw error;
  }
}
