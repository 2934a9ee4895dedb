// The backup archive (docs/decisions/011-backup-and-restore.md): one gzip stream of JSON lines.
//
//   line 1        the manifest: format, Bureau version, source engine, migrations, tables in load order
//                 with their columns and row counts, sequences
//   per table     {"table": name, "rows": n}, then n lines, each one row as PostgreSQL's row_to_json
//   last line     {"end": true, "lines": <lines before it>, "sha256": <hex digest of those lines' bytes>}
//
// Rows are written and read by the database itself (row_to_json, json_populate_recordset): bigint,
// numeric, bytea (hex), jsonb and timestamps keep every digit; Node only moves lines. gzip's CRC
// and the SHA-256 of the content catch a damaged or truncated file before anything is loaded.
import { createHash, type Hash } from "node:crypto";
import fs from "node:fs";
import { createGunzip } from "node:zlib";
import { z } from "zod";

export const ARCHIVE_FORMAT = "bureau-backup";
export const ARCHIVE_FORMAT_VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  bureauVersion: z.string(),
  source: z.object({ engine: z.enum(["pglite", "postgres"]), serverVersion: z.string() }),
  /** When each applied migration was made (drizzle's created_at), oldest first; lastTag names the last one. */
  migrations: z.object({ applied: z.array(z.number().int()), lastTag: z.string().nullable() }),
  tables: z.array(
    z.object({
      name: z.string().min(1),
      columns: z.array(z.string().min(1)).min(1),
      rows: z.number().int().nonnegative(),
    }),
  ),
  sequences: z.array(
    z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
});
export type ArchiveManifest = z.infer<typeof manifestSchema>;

const tableLineSchema = z.object({ table: z.string(), rows: z.number().int().nonnegative() });
const endLineSchema = z.object({
  end: z.literal(true),
  lines: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export type BackupErrorCode = "usage" | "busy" | "refused" | "not_empty";

/** An expected refusal, with the exit code the scripts give it; anything else is a bug or an outage (exit 1). */
export class BackupError extends Error {
  readonly code: BackupErrorCode;
  constructor(code: BackupErrorCode, message: string) {
    super(message);
    this.name = "BackupError";
    this.code = code;
  }
}

export const EXIT_CODES: Record<BackupErrorCode | "ok" | "failed", number> = {
  ok: 0,
  failed: 1,
  usage: 2,
  busy: 3,
  refused: 4,
  not_empty: 5,
};

/** Writes lines, hashing them, and closes with the end line. */
export class ArchiveWriter {
  private readonly hash: Hash = createHash("sha256");
  private lines = 0;

  line(text: string): Buffer {
    if (text.includes("\n")) throw new Error("an archive line cannot contain a line break");
    const bytes = Buffer.from(text + "\n", "utf8");
    this.hash.update(bytes);
    this.lines += 1;
    return bytes;
  }

  end(): Buffer {
    return Buffer.from(
      JSON.stringify({ end: true, lines: this.lines, sha256: this.hash.digest("hex") }) + "\n",
      "utf8",
    );
  }
}

export type ArchiveEvent =
  | { kind: "manifest"; manifest: ArchiveManifest }
  | { kind: "table"; name: string; rows: number }
  | { kind: "row"; line: string }
  | { kind: "end" };

function refused(file: string, reason: string): BackupError {
  return new BackupError("refused", `${file} is not a usable Bureau backup: ${reason}. Nothing was restored.`);
}

async function* rawLines(file: string): AsyncGenerator<Buffer> {
  const source = fs.createReadStream(file);
  const gunzip = createGunzip();
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let pending: Buffer[] = [];
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, index));
        yield pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        pending = [];
        start = index + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES" || code === "EISDIR")
      throw new BackupError("usage", `Cannot read ${file}: ${(error as Error).message}`);
    throw refused(file, `the compressed data is damaged or cut short (${(error as Error).message})`);
  } finally {
    source.destroy();
  }
  if (pending.length > 0 && Buffer.concat(pending).length > 0)
    throw refused(file, "it ends in the middle of a line (cut short)");
}

function parseLine<T>(schema: z.ZodType<T>, bytes: Buffer): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(bytes.toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads an archive, checking its shape as it goes: the manifest, each table's header and row count,
 * and at the end the line count and SHA-256. A problem throws BackupError("refused"); a caller loading
 * rows as they come (the restore) must therefore treat everything as provisional until "end".
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEvent> {
  const hash = createHash("sha256");
  let count = 0;
  const lines = rawLines(file);
  const next = async (what: string): Promise<Buffer> => {
    const result = await lines.next();
    if (result.done) throw refused(file, `it ends before ${what} (cut short)`);
    return result.value;
  };
  const take = (bytes: Buffer) => {
    hash.update(bytes);
    hash.update("\n");
    count += 1;
  };

  const first = await next("the manifest");
  let header: unknown;
  try {
    header = JSON.parse(first.toString("utf8"));
  } catch {
    throw refused(file, "its first line is not a Bureau backup manifest");
  }
  const format = header as { format?: unknown; formatVersion?: unknown };
  if (format.format !== ARCHIVE_FORMAT) throw refused(file, "its first line is not a Bureau backup manifest");
  if (typeof format.formatVersion === "number" && format.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw refused(
      file,
      `it was written by a newer Bureau (archive format ${format.formatVersion}; this version reads ${ARCHIVE_FORMAT_VERSION}). Restore it with that version or newer`,
    );
  }
  const manifest = manifestSchema.safeParse(header);
  if (!manifest.success)
    throw refused(
      file,
      `its manifest is malformed (${manifest.error.issues[0]?.path.join(".")}: ${manifest.error.issues[0]?.message})`,
    );
  take(first);
  yield { kind: "manifest", manifest: manifest.data };

  for (const table of manifest.data.tables) {
    const bytes = await next(`table ${table.name}`);
    const header = parseLine(tableLineSchema, bytes);
    if (!header || header.table !== table.name || header.rows !== table.rows)
      throw refused(file, `table ${table.name} is not where the manifest says, or has another row count`);
    take(bytes);
    yield { kind: "table", name: table.name, rows: table.rows };
    for (let row = 0; row < table.rows; row++) {
      const line = await next(`row ${row + 1} of ${table.rows} of table ${table.name}`);
      // A row is one JSON object; anything else means the file was cut or spliced.
      if (line[0] !== 0x7b || line[line.length - 1] !== 0x7d)
        throw refused(file, `row ${row + 1} of table ${table.name} is not a JSON object`);
      take(line);
      yield { kind: "row", line: line.toString("utf8") };
    }
  }

  const endBytes = await next("its end marker");
  const end = parseLine(endLineSchema, endBytes);
  if (!end) throw refused(file, "its end marker is missing or malformed (cut short or spliced)");
  if (end.lines !== count || end.sha256 !== hash.digest("hex"))
    throw refused(file, "its checksum does not match its content (the file was changed or damaged)");
  const extra = await lines.next();
  if (!extra.done) throw refused(file, "it goes on after its end marker");
  yield { kind: "end" };
}
