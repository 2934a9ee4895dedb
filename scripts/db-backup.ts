// `npm run db:backup`: a consistent backup of the whole database (PGlite or PostgreSQL) into one
// archive file. See docs/decisions/011-backup-and-restore.md and the README ("Backup and restore").
import fs from "node:fs";
import path from "node:path";
import { BackupError } from "../src/db/backup/archive";
import { readPackageVersion } from "../src/lib/env";
import { EXIT_CODE_HELP, formatBytes, openTarget, parseCommandLine, runCommand } from "./lib/backup-cli";

const USAGE = `Usage: npm run db:backup -- [--out <file>] [--force]
       npm run db:backup -- <file>

Backs up the whole Bureau database into one archive: the embedded database in DATA_DIR
(DATABASE_URL unset), or the PostgreSQL database of DATABASE_URL. Every table is read from one
snapshot, so the archive is consistent even while Bureau runs on PostgreSQL. The embedded database
allows one process at a time: stop the server first (the backup refuses while it runs).

Uploaded files (CVs, the firm's logo) and mail attachments are stored in the database, so they are
in the archive. The session secret (BETTER_AUTH_SECRET or DATA_DIR/secret) is not.

Options:
  --out, -o <file>  where to write it (default: backups/bureau-<date>T<time>Z.ndjson.gz);
                    "-" writes to standard output (use npm run --silent)
  --force           overwrite <file> if it exists
  --help, -h        this help

The archive is gzip-compressed JSON lines (zcat shows it), readable by npm run db:restore on
either database engine. It holds personal data and password hashes: keep it as safe as the database.

${EXIT_CODE_HELP}`;

await runCommand("db:backup", async () => {
  const parsed = parseCommandLine({ out: { type: "string", short: "o" }, force: { type: "boolean" } }, USAGE);
  if (!parsed) return;
  const { values, positionals } = parsed;
  if (positionals.length > 1 || (positionals.length === 1 && values.out))
    throw new BackupError("usage", `one output file at most.\n\n${USAGE}`);
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "");
  const out = values.out ?? positionals[0] ?? path.join("backups", `bureau-${stamp}.ndjson.gz`);
  const toStdout = out === "-";
  const say = (message: string) => (toStdout ? console.error(message) : console.log(message));
  const file = toStdout ? "-" : path.resolve(out);
  if (!toStdout) {
    if (fs.existsSync(file) && !values.force)
      throw new BackupError("usage", `${file} already exists: choose another file, or add --force to overwrite it.`);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  }

  const target = await openTarget(true);
  const { backupDatabase, backupToFile } = await import("../src/db/backup/backup");
  try {
    say(`Backing up the ${target.description}…`);
    const started = Date.now();
    const options = { bureauVersion: readPackageVersion() };
    const manifest = toStdout
      ? await backupDatabase(target.handle, process.stdout, { ...options, closeOutput: false })
      : await backupToFile(target.handle, file, options);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const size = toStdout ? "" : `, ${formatBytes(fs.statSync(file).size)}`;
    say(
      `Backup written to ${toStdout ? "standard output" : file}: ${rows} rows in ${manifest.tables.length} tables${size}, migration ${manifest.migrations.lastTag ?? "none"}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await target.handle.close();
  }
});
