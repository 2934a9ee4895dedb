// What `npm run db:backup` and `npm run db:restore` share: opening the configured database (PGlite in
// DATA_DIR, or PostgreSQL through DATABASE_URL) and turning every outcome into one exit code.
import fs from "node:fs";
import path from "node:path";
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import type { DatabaseHandle } from "../../src/db/client";
import { BackupError, EXIT_CODES } from "../../src/db/backup/archive";
import { ConfigError, loadDatabaseLocation } from "../../src/lib/env";

export const EXIT_CODE_HELP = `Exit codes:
  0  done
  1  failed (database unreachable, disk full, a bug): see the message
  2  wrong usage or configuration (arguments, file missing or already there)
  3  the embedded database is in use by a running Bureau: stop it first
  4  archive refused (not a Bureau backup, damaged, cut short, from a newer Bureau, schema mismatch)
  5  the target database is not empty (db:restore without --force)`;

export type Target = { handle: DatabaseHandle; description: string };

/**
 * Opens the database the environment points at. `mustExist`: the embedded database must already be
 * there (a backup of a folder that does not exist would back up an empty new database).
 * The database modules load here, not at start, so --help and usage errors answer at once.
 */
export async function openTarget(mustExist: boolean): Promise<Target> {
  const location = loadDatabaseLocation();
  const { openDatabase } = await import("../../src/db/client");
  const { DataFolderInUseError } = await import("../../src/db/pglite-lock");
  if (location.databaseUrl) {
    const url = new URL(location.databaseUrl);
    return {
      handle: openDatabase({ databaseUrl: location.databaseUrl, poolSize: 3 }),
      description: `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1)) || "(default)"} on ${url.host}`,
    };
  }
  const folder = path.join(location.dataDir, "pglite");
  if (mustExist && !fs.existsSync(path.join(folder, "PG_VERSION"))) {
    throw new BackupError(
      "usage",
      `There is no embedded database in ${folder}. Set DATA_DIR to the data folder of your Bureau, or DATABASE_URL for PostgreSQL.`,
    );
  }
  try {
    return { handle: openDatabase({ dataDir: location.dataDir }), description: `embedded database in ${folder}` };
  } catch (error) {
    if (error instanceof DataFolderInUseError) {
      throw new BackupError(
        "busy",
        `${error.message}\nThe embedded database cannot be read or written while the server runs: stop the server, run this again (it takes seconds), then start the server. Nothing was done.`,
      );
    }
    throw error;
  }
}

/** The arguments, or null when --help was given (the usage is printed); a bad argument is a usage error. */
export function parseCommandLine<const Options extends ParseArgsOptionsConfig>(options: Options, usage: string) {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { ...options, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    throw new BackupError("usage", `${(error as Error).message}\n\n${usage}`);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    return null;
  }
  return parsed;
}

/** Runs the script's work and exits with the code its outcome maps to. */
export async function runCommand(name: string, work: () => Promise<void>): Promise<never> {
  let code = EXIT_CODES.ok;
  try {
    await work();
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(`${name}: ${error.message}`);
      code = EXIT_CODES[error.code];
    } else if (error instanceof ConfigError) {
      console.error(`${name}: ${error.message}`);
      code = EXIT_CODES.usage;
    } else {
      console.error(`${name} failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
      code = EXIT_CODES.failed;
    }
  }
  process.exit(code);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
