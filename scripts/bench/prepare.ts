// What the benchmark needs from the database: a refusal when it is empty, the ids the pages are
// loaded with, and the data the two actions consume (draft weeks to save, draft invoices to issue).
import pg from "pg";
import { newApiTokenSecret } from "../../src/modules/api/api-token-secret";

export const BENCH_DRAFT_NOTE = "Benchmark draft (npm run bench)";
/** Bench weeks are the administrator's weeks from this Monday on, far from any real week. */
export const BENCH_FIRST_WEEK = "2100-01-04";
/** The API's time entries go into weeks of their own, a year after the first bench week (after the grid saves'). */
export const BENCH_ENTRY_FIRST_WEEK = "2101-01-03";
export const BENCH_TOKEN_NAME = "Benchmark (npm run bench)";
/** What the API targets need: list invoices, and log one's own time. */
export const BENCH_TOKEN_SCOPES = ["invoice.read", "timesheet.read", "timesheet.edit"];

export type DatasetSize = Record<string, number>;

export type Fixtures = {
  adminId: string;
  today: string;
  issuedInvoiceId: string;
  issuedInvoiceNumber: string;
  searchNumber: string;
  busiestClientId: string;
  busiestClientInvoices: number;
  overdueInvoices: number;
  callsPersonId: string;
  callsSearch: string;
  busiestTimesheetId: string;
  busiestTimesheetEntries: number;
  projectIds: string[];
  draftClientId: string;
  draftCurrency: string;
  defaultTaxRateBp: number;
};

const TABLES = [
  "users",
  "clients",
  "projects",
  "timesheets",
  "time_entries",
  "invoices",
  "invoice_lines",
  "payments",
  "calls",
  "jobs",
  "job_applications",
  "contact_messages",
  "emails",
  "audit_events",
] as const;

export async function datasetSize(db: pg.Client): Promise<DatasetSize> {
  const size: DatasetSize = {};
  for (const table of TABLES) {
    const exists = await db.query<{ present: boolean }>("select to_regclass($1) is not null as present", [
      `public.${table}`,
    ]);
    if (!exists.rows[0]?.present) continue;
    const { rows } = await db.query<{ n: string }>(`select count(*) as n from ${table}`);
    size[table] = Number(rows[0]!.n);
  }
  return size;
}

/** Throws a message a person can act on when the database cannot be benchmarked. */
export function refuseEmpty(size: DatasetSize, databaseName: string): void {
  const missing = (["users", "invoices", "timesheets", "time_entries", "calls", "clients", "projects"] as const).filter(
    (table) => !size[table],
  );
  if (size.users === undefined) {
    throw new Error(
      `The database ${databaseName} has no Bureau tables. Fill it first: \`DATABASE_URL=… npm run seed:large\` (or, for a small trial, \`DATABASE_URL=… npm run seed:demo\`).`,
    );
  }
  if (missing.length > 0) {
    throw new Error(
      `The database ${databaseName} is empty or nearly so (no ${missing.join(", ")}): the figures would mean nothing. ` +
        "Fill it with `DATABASE_URL=… npm run seed:large` (the data set the budgets are written for), or for a trial run with `npm run seed:demo`.",
    );
  }
}

async function one<T extends pg.QueryResultRow>(
  db: pg.Client,
  what: string,
  text: string,
  values: unknown[] = [],
): Promise<T> {
  const { rows } = await db.query<T>(text, values);
  if (!rows[0]) throw new Error(`The benchmark needs ${what} in the database, and there is none.`);
  return rows[0];
}

export async function findFixtures(db: pg.Client, adminEmail: string): Promise<Fixtures> {
  const admin = await one<{ id: string; role: string }>(
    db,
    `the user ${adminEmail}`,
    "select id, role from users where lower(email) = lower($1)",
    [adminEmail],
  );
  if (admin.role !== "admin")
    throw new Error(`${adminEmail} is a ${admin.role}; the benchmark signs in as an administrator.`);
  const settings = await one<{ today: string; tax_rates: { basisPoints: number; isDefault: boolean }[] }>(
    db,
    "the settings row",
    "select to_char((now() at time zone timezone)::date, 'YYYY-MM-DD') as today, tax_rates from settings limit 1",
  );
  // The latest issued invoice of the firm's own, not one that a previous run's issue action made
  // (those keep the bench's note): the PDF target renders the same document from run to run.
  const issued = await one<{ id: string; number: string }>(
    db,
    "an issued invoice",
    "select id, number from invoices where kind = 'invoice' and status <> 'draft' and notes is distinct from $1 order by issue_date desc, id desc limit 1",
    [BENCH_DRAFT_NOTE],
  );
  // A number from the middle of the list: the search has to find it among all of them.
  const middle = await one<{ number: string }>(
    db,
    "an invoice number",
    "select number from invoices where number is not null order by issue_date, id offset (select count(*) / 2 from invoices where number is not null) limit 1",
  );
  // The client with the most invoices: the filter's worst case.
  const client = await one<{ client_id: string; n: string }>(
    db,
    "a client with invoices",
    "select client_id, count(*) as n from invoices group by client_id order by n desc limit 1",
  );
  const overdue = await one<{ n: string }>(
    db,
    "",
    "select count(*) as n from invoices where status in ('issued', 'partially_paid') and due_date < $1",
    [settings.today],
  );
  const person = await one<{ assigned_user_id: string }>(
    db,
    "a call assigned to someone",
    "select assigned_user_id from calls where assigned_user_id is not null group by 1 order by count(*) desc limit 1",
  );
  // The most frequent word of the contacts' names: the search's largest answer.
  const word = await one<{ word: string }>(
    db,
    "a call with a contact name",
    "select lower(w) as word from calls, regexp_split_to_table(contact_name, '\\s+') as w where length(w) >= 4 group by 1 order by count(*) desc limit 1",
  );
  const sheet = await one<{ timesheet_id: string; n: string }>(
    db,
    "a timesheet with entries",
    "select timesheet_id, count(*) as n from time_entries group by 1 order by n desc limit 1",
  );
  const { rows: projects } = await db.query<{ id: string }>(
    "select p.id from projects p join clients c on c.id = p.client_id where p.archived_at is null and c.archived_at is null order by p.id limit 20",
  );
  if (projects.length === 0)
    throw new Error("The benchmark needs an active project to log time on, and there is none.");
  const draftClient = await one<{ id: string; currency: string }>(
    db,
    "an active client",
    "select id, currency from clients where archived_at is null order by id limit 1",
  );
  const defaultRate = settings.tax_rates.find((rate) => rate.isDefault) ?? settings.tax_rates[0];
  return {
    adminId: admin.id,
    today: settings.today,
    issuedInvoiceId: issued.id,
    issuedInvoiceNumber: issued.number,
    searchNumber: middle.number,
    busiestClientId: client.client_id,
    busiestClientInvoices: Number(client.n),
    overdueInvoices: Number(overdue.n),
    callsPersonId: person.assigned_user_id,
    callsSearch: word.word,
    busiestTimesheetId: sheet.timesheet_id,
    busiestTimesheetEntries: Number(sheet.n),
    projectIds: projects.map((row) => row.id),
    draftClientId: draftClient.id,
    draftCurrency: draftClient.currency,
    defaultTaxRateBp: defaultRate?.basisPoints ?? 0,
  };
}

function mondays(first: string, count: number): string[] {
  const start = new Date(`${first}T00:00:00Z`);
  if (start.getUTCDay() !== 1) throw new Error(`${first} is not a Monday`);
  return Array.from({ length: count }, (_, index) =>
    new Date(start.getTime() + index * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Empty draft weeks of the administrator (only a week's owner may save its grid); earlier bench weeks are removed first. */
export async function prepareBenchWeeks(
  db: pg.Client,
  adminId: string,
  count: number,
): Promise<{ id: string; version: number }[]> {
  await removeBenchWeeks(db, adminId);
  const { rows } = await db.query<{ id: string; version: number }>(
    "insert into timesheets (id, user_id, week_start) select gen_random_uuid(), $1, week::date from unnest($2::text[]) as week returning id, version",
    [adminId, mondays(BENCH_FIRST_WEEK, count)],
  );
  return rows;
}

export async function removeBenchWeeks(db: pg.Client, adminId: string): Promise<void> {
  await db.query("delete from timesheets where user_id = $1 and week_start >= $2", [adminId, BENCH_FIRST_WEEK]);
}

export async function currentVersions(
  db: pg.Client,
  ids: readonly string[],
): Promise<{ id: string; version: number; status: string }[]> {
  const { rows } = await db.query<{ id: string; version: number; status: string }>(
    "select id, version, status from timesheets where id = any($1::uuid[])",
    [ids],
  );
  return rows;
}

async function columnsOf(db: pg.Client, table: string, except: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    "select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position",
    [table],
  );
  return rows.map((row) => row.column_name).filter((name) => !except.includes(name));
}

/**
 * `count` copies of a draft made by the real action (`templateId`), lines included, in one
 * statement: the drafts the issuing target consumes, each issued by exactly one request.
 */
export async function cloneDrafts(
  db: pg.Client,
  templateId: string,
  count: number,
): Promise<{ id: string; version: number }[]> {
  const invoiceColumns = (await columnsOf(db, "invoices", ["id", "created_at", "updated_at"])).map(
    (name) => `"${name}"`,
  );
  const lineColumns = (await columnsOf(db, "invoice_lines", ["id", "invoice_id", "created_at", "updated_at"])).map(
    (name) => `"${name}"`,
  );
  const { rows } = await db.query<{ id: string; version: number }>(
    `with copies as (
       insert into invoices (id, ${invoiceColumns.join(", ")})
       select gen_random_uuid(), ${invoiceColumns.map((name) => `t.${name}`).join(", ")}
       from invoices t, generate_series(1, $2::int) where t.id = $1 and t.status = 'draft'
       returning id, version
     ), lines as (
       insert into invoice_lines (id, invoice_id, ${lineColumns.join(", ")})
       select gen_random_uuid(), copies.id, ${lineColumns.map((name) => `l.${name}`).join(", ")}
       from copies, invoice_lines l where l.invoice_id = $1
     )
     select id, version from copies`,
    [templateId, count],
  );
  return rows;
}

/** Drafts left by this or an earlier run (issued ones stay: issued invoices can never be deleted). */
export async function removeBenchDrafts(db: pg.Client): Promise<number> {
  const { rowCount } = await db.query("delete from invoices where status = 'draft' and notes = $1", [BENCH_DRAFT_NOTE]);
  return rowCount ?? 0;
}

/**
 * The administrator's API token for the API targets, made as the app makes one (only its hash is
 * stored); a previous run's token is removed first. Returns the token itself.
 */
export async function prepareBenchToken(db: pg.Client, adminId: string): Promise<string> {
  await removeBenchToken(db, adminId);
  const { token, tokenHash, prefix } = newApiTokenSecret();
  await db.query(
    "insert into api_tokens (id, user_id, name, token_hash, prefix, scopes) values (gen_random_uuid(), $1, $2, $3, $4, $5)",
    [adminId, BENCH_TOKEN_NAME, tokenHash, prefix, BENCH_TOKEN_SCOPES],
  );
  return token;
}

export async function removeBenchToken(db: pg.Client, adminId: string): Promise<void> {
  await db.query("delete from api_tokens where user_id = $1 and name = $2", [adminId, BENCH_TOKEN_NAME]);
}

/**
 * Empty draft weeks of the administrator for POST /api/v1/time-entries (each request logs one
 * minute on one of their days: 100 weeks hold a million requests under 24 hours a day); earlier
 * ones, with their entries, are removed first. Returns their Mondays.
 */
export async function prepareBenchEntryWeeks(db: pg.Client, adminId: string, count: number): Promise<string[]> {
  await db.query("delete from timesheets where user_id = $1 and week_start >= $2", [adminId, BENCH_ENTRY_FIRST_WEEK]);
  const { rows } = await db.query<{ week_start: string }>(
    "insert into timesheets (id, user_id, week_start) select gen_random_uuid(), $1, week::date from unnest($2::text[]) as week returning to_char(week_start, 'YYYY-MM-DD') as week_start",
    [adminId, mondays(BENCH_ENTRY_FIRST_WEEK, count)],
  );
  return rows.map((row) => row.week_start);
}
