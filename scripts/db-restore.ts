// `npm run db:restore -- <file>`: loads a backup archive (from npm run db:backup, either engine) into
// the configured database, all or nothing. See docs/decisions/011-backup-and-restore.md.
import fs from "node:fs";
import path from "node:path";
import { BackupError } from "../src/db/backup/archive";
import { EXIT_CODE_HELP, openTarget, parseCommandLine, runCommand } from "./lib/backup-cli";

const USAGE = `Usage: npm run db:restore -- <file> [--force]

Loads a backup made by npm run db:backup into the database Bureau is configured for: the embedded
database in DATA_DIR (DATABASE_URL unset; a new folder is created), or the PostgreSQL database of
DATABASE_URL. Either engine restores an archive made on either one, so this is also how a firm
moves from the embedded database to PostgreSQL.

  1. The whole archive is read and its checksum verified before the database is touched.
  2. The target must be empty (a fresh DATA_DIR, or an empty PostgreSQL database; it is migrated
     to the archive's level), or --force is given.
  3. Everything is loaded in one transaction: if anything fails, the target is left as it was.
  4. An archive from an older Bureau is then migrated to this version, as the server would.

Stop Bureau first. The embedded database refuses while the server runs; on PostgreSQL the restore
waits at most 10 s for the tables and then refuses. Mail that was still queued in the outbox when
the backup was made is sent by the worker once Bureau runs again.

Options:
  --force     replace everything in a target that is not empty (in the same transaction)
  --help, -h  this help

${EXIT_CODE_HELP}`;

await runCommand("db:restore", async () => {
  const parsed = parseCommandLine({ force: { type: "boolean" } }, USAGE);
  if (!parsed) return;
  const { values, positionals } = parsed;
  if (positionals.length !== 1)
    throw new BackupError("usage", `give the archive to restore, and only that.\n\n${USAGE}`);
  const file = path.resolve(positionals[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile())
    throw new BackupError("usage", `${file} does not exist or is not a file.`);

  const target = await openTarget(false);
  const { restoreDatabase } = await import("../src/db/backup/restore");
  try {
    console.log(`Restoring ${file} into the ${target.description}…`);
    const started = Date.now();
    const summary = await restoreDatabase(target.handle, file, {
      force: values.force ?? false,
      log: (message) => console.log(`  ${message}`),
    });
    const replaced = summary.replacedRows > 0 ? ` (replacing ${summary.replacedRows} rows)` : "";
    console.log(
      `Restored ${summary.rows} rows in ${summary.manifest.tables.length} tables${replaced} in ${((Date.now() - started) / 1000).toFixed(1)} s. Start Bureau as usual.`,
    );
  } finally {
    await target.handle.close();
  }
});
