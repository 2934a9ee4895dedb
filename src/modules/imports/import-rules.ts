// The pure part of imports (decision 054): reading a CSV into rows, the shapes every source maps
// to, and the small readers of dates, durations and yes/no they share. No database, no I/O:
// one file per source (harvest-import, toggl-import, kimai-import) maps rows with these.
import { createHash } from "node:crypto";
import Papa from "papaparse";
import { isValidDateString } from "@/lib/dates";
import { textProblem } from "@/lib/input-fields";
import { parseDuration } from "@/modules/timesheets/timesheet-rules";
import { type ImportSource, MAX_IMPORT_ROWS } from "./import-sources";

export type { ImportSource } from "./import-sources";

const MAX_NAME = 200;
const MAX_DESCRIPTION = 500;

/** One data row: its values by header name, and its line in the file (the header is line 1). */
export type CsvRow = { line: number; values: Record<string, string> };
export type CsvTable = { header: string[]; rows: CsvRow[] };

export type ImportedClient = { sourceId: string; name: string; currency: string | null };
export type ImportedProject = {
  sourceId: string;
  clientName: string;
  name: string;
  code: string | null;
  /** Minor units per hour, or null. */
  hourlyRate: number | null;
  billable: boolean;
};
export type ImportedEntry = {
  line: number;
  sourceId: string;
  email: string | null;
  personName: string | null;
  clientName: string;
  projectName: string;
  date: string;
  minutes: number;
  description: string | null;
  billable: boolean;
};
export type RefusedRow = { line: number; reason: string };

export type ParsedImport = {
  source: ImportSource;
  clients: ImportedClient[];
  projects: ImportedProject[];
  entries: ImportedEntry[];
  refused: RefusedRow[];
};

/** A file that cannot be imported at all (not CSV, a missing column, too large): nothing is imported. */
export class ImportFileError extends Error {}

/** Reads CSV text (comma, semicolon or tab, quoted fields, a BOM) into rows keyed by the header. */
export function readCsv(text: string): CsvTable {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") throw new ImportFileError("The file is empty.");
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: "greedy", delimitersToGuess: [",", ";", "\t"] });
  const fatal = parsed.errors.find((error) => error.type === "Quotes");
  if (fatal) throw new ImportFileError(`The file is not valid CSV near row ${(fatal.row ?? 0) + 1}: ${fatal.message}.`);
  const [header, ...data] = parsed.data;
  if (!header || header.length < 2) throw new ImportFileError("The file has no header row of column names.");
  if (data.length > MAX_IMPORT_ROWS)
    throw new ImportFileError(`The file has ${data.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`);
  const names = header.map((name) => name.trim());
  const rows = data.map((cells, index) => ({
    line: index + 2,
    values: Object.fromEntries(names.map((name, column) => [name, (cells[column] ?? "").trim()])),
  }));
  return { header: names, rows };
}

/** The first of `names` the header has (case-insensitive), or null. */
export function findColumn(header: readonly string[], ...names: string[]): string | null {
  for (const name of names) {
    const found = header.find((column) => column.toLowerCase() === name.toLowerCase());
    if (found !== undefined) return found;
  }
  return null;
}

/** Like findColumn, but the column must be there: a file without it is not this tool's export. */
export function requireColumn(header: readonly string[], label: string, ...names: string[]): string {
  const found = findColumn(header, ...names);
  if (found === null)
    throw new ImportFileError(
      `The file has no "${names[0]}" column; is it ${label}? The columns found: ${header.join(", ")}.`,
    );
  return found;
}

export function valueOf(row: CsvRow, column: string | null): string {
  return column === null ? "" : (row.values[column] ?? "");
}

/** The export's own id when it has one, else a SHA-256 of the row's content (with its rank among identical rows). */
export function sourceIdOf(prefix: string, id: string, content: readonly string[], seen: Map<string, number>): string {
  if (id !== "") return `${prefix}:${id}`;
  const digest = createHash("sha256")
    .update(content.map((part) => part.trim().toLowerCase()).join("\u001f"))
    .digest("hex");
  const rank = (seen.get(digest) ?? 0) + 1;
  seen.set(digest, rank);
  return `${prefix}:sha256:${digest}${rank > 1 ? `:${rank}` : ""}`;
}

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

type DateOrder = "ymd" | "mdy" | "dmy";

/**
 * A date as the tool writes it: ISO "2026-11-02" always, and "11/02/2026" (mdy, Harvest in the US)
 * or "02.11.2026" / "02/11/2026" (dmy, Kimai in Europe) as the source says.
 */
export function readDate(text: string, slashOrder: DateOrder = "ymd"): Read<string> {
  const value = text.trim();
  let iso: string | null = null;
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(value);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const pad = (part: string) => part.padStart(2, "0");
  if (isoMatch) iso = `${isoMatch[1]}-${pad(isoMatch[2]!)}-${pad(isoMatch[3]!)}`;
  else if (dotted) iso = `${dotted[3]}-${pad(dotted[2]!)}-${pad(dotted[1]!)}`;
  else if (slashed && slashOrder === "mdy") iso = `${slashed[3]}-${pad(slashed[1]!)}-${pad(slashed[2]!)}`;
  else if (slashed && slashOrder === "dmy") iso = `${slashed[3]}-${pad(slashed[2]!)}-${pad(slashed[1]!)}`;
  if (iso === null || !isValidDateString(iso))
    return {
      ok: false,
      reason: value === "" ? "The date is missing." : `"${value}" is not a date this export writes.`,
    };
  return { ok: true, value: iso };
}

/**
 * A duration in minutes: decimal hours "1.5" / "1,5", clock "1:30" and "01:30:00" (seconds rounded
 * to the nearest minute). Between 1 minute and 24 hours, as any time entry.
 */
export function readDuration(text: string): Read<number> {
  const value = text.trim();
  const withSeconds = /^(\d{1,3}):(\d{2}):(\d{2})$/.exec(value);
  let minutes: number | null;
  if (withSeconds) {
    const [, hours, mins, secs] = withSeconds;
    if (Number(mins) > 59 || Number(secs) > 59) return { ok: false, reason: `"${value}" is not a duration.` };
    minutes = Math.round((Number(hours) * 3600 + Number(mins) * 60 + Number(secs)) / 60);
    if (minutes > 1440) return { ok: false, reason: "A time entry lasts at most 24 hours." };
  } else {
    const read = parseDuration(value);
    if (!read.ok) return { ok: false, reason: `The duration "${value}" is refused: ${read.message}` };
    minutes = read.minutes;
  }
  if (minutes === null || minutes === 0)
    return { ok: false, reason: value === "" ? "The duration is missing." : "The duration is under a minute." };
  return { ok: true, value: minutes };
}

/** "Yes", "true", "1", "x" are yes; "No", "false", "0" and empty are no; anything else falls back. */
export function readYesNo(text: string, fallback: boolean): boolean {
  const value = text.trim().toLowerCase();
  if (["yes", "y", "true", "1", "x", "ja", "oui"].includes(value)) return true;
  if (["no", "n", "false", "0", "nein", "non"].includes(value)) return false;
  return fallback;
}

/** An amount like "120", "120.50", "1,234.50" in major units → minor units; null when empty or unreadable. */
export function readRate(text: string): number | null {
  const value = text.replace(/[^\d.,-]/g, "");
  if (value === "") return null;
  const normalised = value.includes(".") ? value.replace(/,/g, "") : value.replace(",", ".");
  const amount = Number(normalised);
  if (!Number.isFinite(amount) || amount < 0) return null;
  return Math.round(amount * 100);
}

/** Checks the names and the description of a time row; the reason of the first problem, or null. */
export function checkEntryText(clientName: string, projectName: string, description: string): string | null {
  if (projectName === "") return "The row has no project.";
  if (clientName === "")
    return `The project "${projectName}" has no client; in Bureau every project belongs to a client.`;
  if (clientName.length > MAX_NAME || projectName.length > MAX_NAME)
    return `A client or project name is longer than ${MAX_NAME} characters.`;
  if (description.length > MAX_DESCRIPTION) return `The description is longer than ${MAX_DESCRIPTION} characters.`;
  const bad = textProblem(clientName, "line") ?? textProblem(projectName, "line");
  if (bad) return `A client or project name cannot be stored: ${bad}`;
  const badDescription = textProblem(description, "multiline");
  if (badDescription) return `The description cannot be stored: ${badDescription}`;
  return null;
}

export function checkName(kind: string, name: string): string | null {
  if (name === "") return `The row has no ${kind} name.`;
  if (name.length > MAX_NAME) return `The ${kind} name is longer than ${MAX_NAME} characters.`;
  const bad = textProblem(name, "line");
  if (bad) return `The ${kind} name cannot be stored: ${bad}`;
  return null;
}

/** Which export the header looks like, or null. */
export function detectSource(header: readonly string[]): ImportSource | null {
  const has = (...names: string[]) => names.every((name) => findColumn(header, name) !== null);
  if (has("Start date", "Start time", "Duration")) return "toggl_time";
  if (has("From", "To", "Duration") && (has("Customer") || has("Activity"))) return "kimai_time";
  if (has("Hours", "Project") && (has("First Name") || has("Task"))) return "harvest_time";
  if (has("Client", "Project")) return "harvest_projects";
  if (has("Client Name") || has("Client")) return "harvest_clients";
  return null;
}

/** What a source read from one time row, before the shared checks. */
export type TimeRowFields = {
  id: string;
  email: string;
  personName: string;
  clientName: string;
  projectName: string;
  /** Kept in the description ("Task: notes") when the tool has tasks or activities and Bureau has none. */
  task: string;
  notes: string;
  date: Read<string>;
  duration: Read<number>;
  billable: boolean;
  /** More of the row that tells two entries apart (start time), for the content hash. */
  extra: string[];
};

/** Checks one time row and makes it an entry or a refusal; every time source ends here. */
export function mapTimeRow(
  prefix: string,
  row: CsvRow,
  fields: TimeRowFields,
  seen: Map<string, number>,
  into: Pick<ParsedImport, "entries" | "refused">,
): void {
  if (fields.email === "" && fields.personName.includes("@")) fields = { ...fields, email: fields.personName };
  const refuse = (reason: string): void => {
    into.refused.push({ line: row.line, reason });
  };
  if (fields.email === "" && fields.personName === "") return refuse("The row names no person.");
  if (!fields.date.ok) return refuse(fields.date.reason);
  if (!fields.duration.ok) return refuse(fields.duration.reason);
  const description = [fields.task, fields.notes].filter((part) => part !== "").join(": ");
  const problem = checkEntryText(fields.clientName, fields.projectName, description);
  if (problem) return refuse(problem);
  const sourceId = sourceIdOf(
    prefix,
    fields.id,
    [
      fields.email || fields.personName,
      fields.date.value,
      fields.clientName,
      fields.projectName,
      description,
      String(fields.duration.value),
      ...fields.extra,
    ],
    seen,
  );
  into.entries.push({
    line: row.line,
    sourceId,
    email: fields.email === "" ? null : fields.email.toLowerCase(),
    personName: fields.personName === "" ? null : fields.personName,
    clientName: fields.clientName,
    projectName: fields.projectName,
    date: fields.date.value,
    minutes: fields.duration.value,
    description: description === "" ? null : description,
    billable: fields.billable,
  });
}

/** Where each field of a time row is; `person` columns are joined with a space (first and last names). */
export type TimeColumns = {
  id: string | null;
  email: string | null;
  person: (string | null)[];
  client: string;
  project: string;
  task: string | null;
  notes: string | null;
  date: string;
  duration: string;
  billable: string | null;
  start: string | null;
};

/** Maps every row of a time export whose columns are `columns`; the three time sources are this with their columns. */
export function mapTimeTable(
  source: ImportSource,
  prefix: string,
  rows: readonly CsvRow[],
  columns: TimeColumns,
  slashOrder: DateOrder,
): ParsedImport {
  const parsed = emptyImport(source);
  const seen = new Map<string, number>();
  for (const row of rows) {
    const value = (name: string | null) => valueOf(row, name);
    mapTimeRow(
      prefix,
      row,
      {
        id: value(columns.id),
        email: value(columns.email),
        personName: columns.person.map(value).filter(Boolean).join(" "),
        clientName: value(columns.client),
        projectName: value(columns.project),
        task: value(columns.task),
        notes: value(columns.notes),
        date: readDate(value(columns.date), slashOrder),
        duration: readDuration(value(columns.duration)),
        billable: readYesNo(value(columns.billable), true),
        extra: [value(columns.start)],
      },
      seen,
      parsed,
    );
  }
  return parsed;
}

export function emptyImport(source: ImportSource): ParsedImport {
  return { source, clients: [], projects: [], entries: [], refused: [] };
}
