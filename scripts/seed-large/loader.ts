// Bulk loading for the large seed: COPY ... FROM STDIN in text format on PostgreSQL (through a
// small pg "submittable", the same protocol messages pg-copy-streams sends) and COPY ... FROM
// '/dev/blob' on PGlite. One connection, one transaction: the load is all or nothing.
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { DatabaseHandle } from "../../src/db/client";

export type Loader = {
  kind: "postgres" | "pglite";
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** `took` receives the statement's own duration, queueing excluded. */
  copy(table: string, columns: readonly string[], data: string, took?: (ms: number) => void): Promise<void>;
  release(): void;
};

// ---------------------------------------------------------------------------------------
// COPY text format: tab-separated columns, \N for null, backslash escapes.

export type CopyValue = string | number | boolean | Date | Uint8Array | object | null | undefined;

function escapeText(text: string): string {
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (char) =>
        char === "\\" ? "\\\\" : char === "\t" ? "\\t" : char === "\n" ? "\\n" : "\\r",
      )
    : text;
}

export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return "\\N";
  switch (typeof value) {
    case "string":
      return escapeText(value);
    case "number":
      if (!Number.isFinite(value)) throw new RangeError(`cannot COPY ${value}`);
      return String(value);
    case "boolean":
      return value ? "t" : "f";
    default:
      if (value instanceof Date) return value.toISOString();
      // bytea in hex form, its backslash escaped for COPY.
      if (value instanceof Uint8Array) return `\\\\x${Buffer.from(value).toString("hex")}`;
      return escapeText(JSON.stringify(value));
  }
}

export function copyLine(values: readonly CopyValue[]): string {
  let line = "";
  for (let index = 0; index < values.length; index += 1) line += (index === 0 ? "" : "\t") + copyField(values[index]);
  return `${line}\n`;
}

// ---------------------------------------------------------------------------------------
// PostgreSQL: COPY FROM STDIN without pg-copy-streams.

type CopyConnection = { query(text: string): void; sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void };

/** A pg "submittable" (see pg's Client#query): sends the statement, then the data when the server asks. */
class CopyFromStdin {
  callback?: (error: Error | null, result?: unknown) => void;
  private failed = false;
  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {}
  submit(connection: CopyConnection) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: CopyConnection) {
    const CHUNK = 256 * 1024;
    for (let offset = 0; offset < this.data.length; offset += CHUNK)
      connection.sendCopyFromChunk(this.data.subarray(offset, offset + CHUNK));
    connection.endCopyFrom();
  }
  handleError(error: Error) {
    this.failed = true;
    this.callback?.(error);
  }
  handleReadyForQuery() {
    if (!this.failed) this.callback?.(null);
  }
  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

function copyStatement(table: string, columns: readonly string[], source: string) {
  return `copy ${quoteIdent(table)} (${columns.map(quoteIdent).join(", ")}) from ${source}`;
}

/**
 * The loader's statements run one after the other on its single connection: a COPY is started
 * when the previous statement is done (the caller may already be encoding the next batch).
 */
function serialised(loader: Loader): Loader {
  let tail: Promise<unknown> = Promise.resolve();
  const queue = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => {});
    return run;
  };
  return {
    kind: loader.kind,
    query: (text, params) => queue(() => loader.query(text, params)),
    copy: (table, columns, data, took) =>
      queue(async () => {
        const start = performance.now();
        await loader.copy(table, columns, data);
        took?.(performance.now() - start);
      }),
    release: () => loader.release(),
  };
}

export async function openLoader(handle: DatabaseHandle): Promise<Loader> {
  if (handle.kind === "postgres") {
    const client: pg.PoolClient = await handle.pool.connect();
    return serialised({
      kind: "postgres",
      query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      copy: (table, columns, data) =>
        new Promise<void>((resolve, reject) => {
          const submittable = new CopyFromStdin(copyStatement(table, columns, "stdin"), Buffer.from(data, "utf8"));
          submittable.callback = (error) => (error ? reject(error) : resolve());
          client.query(submittable as unknown as pg.QueryConfig);
        }),
      release: () => client.release(),
    });
  }
  const pglite: PGlite = handle.pglite;
  return serialised({
    kind: "pglite",
    query: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
    copy: async (table, columns, data) => {
      await pglite.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([data]) });
    },
    release: () => {},
  });
}

// ---------------------------------------------------------------------------------------
// Table writers: rows are encoded into a buffer and sent in batches of a few megabytes. The
// next batch is encoded while the server loads the previous one (the two cores overlap).

/** copyMs: time the database spent in this table's COPY statements; spanMs: first COPY sent to last done (generation overlapped). */
export type TableStats = { table: string; rows: number; bytes: number; copyMs: number; spanMs: number };

const BATCH_BYTES = 4 * 1024 * 1024;

export class TableWriter {
  private buffer = "";
  private pending: Promise<void> = Promise.resolve();
  private firstSend = 0;
  private lastDone = 0;
  readonly stats: TableStats;

  constructor(
    private readonly loader: Loader,
    readonly table: string,
    readonly columns: readonly string[],
  ) {
    this.stats = { table, rows: 0, bytes: 0, copyMs: 0, spanMs: 0 };
  }

  async add(values: readonly CopyValue[]): Promise<void> {
    if (values.length !== this.columns.length)
      throw new Error(`${this.table}: ${values.length} values for ${this.columns.length} columns`);
    this.buffer += copyLine(values);
    this.stats.rows += 1;
    if (this.buffer.length >= BATCH_BYTES) await this.send();
  }

  private async send() {
    const data = this.buffer;
    this.buffer = "";
    await this.pending;
    if (this.firstSend === 0) this.firstSend = performance.now();
    this.stats.bytes += data.length;
    const copied = this.loader
      .copy(this.table, this.columns, data, (ms) => {
        this.stats.copyMs += ms;
      })
      .then(() => {
        this.lastDone = performance.now();
      });
    // Awaited by the next send or by finish(); until then a failure must not count as unhandled.
    copied.catch(() => {});
    this.pending = copied;
  }

  async finish(): Promise<TableStats> {
    if (this.buffer.length > 0) await this.send();
    await this.pending;
    this.stats.spanMs = this.firstSend === 0 ? 0 : this.lastDone - this.firstSend;
    return this.stats;
  }
}
