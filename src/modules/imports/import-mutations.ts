// Imports of other tools' CSV exports (decision 054): the plan (what the file would create, what is
// already imported, which rows are refused and why) read from the database, and the import that
// writes that plan in one transaction. The file is parsed by the pure mappers (import-parse).
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { client, importedRecord, project, projectMember, timeEntry, timesheet, user } from "@/db/schema";
import { isoWeekMonday } from "@/lib/dates";
import { InvalidError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { type Actor, recordAudit } from "@/modules/audit/audit-log";
import { getSettings } from "@/modules/settings/settings-queries";
import { MINUTES_PER_DAY, resolveHourlyRate } from "@/modules/timesheets/timesheet-rules";
import { can, requirePermission } from "@/modules/users/permissions";
import type { Role } from "@/modules/users/roles";
import { parseImportFile } from "./import-parse";
import { ImportFileError, type ImportedEntry, type ParsedImport, type RefusedRow } from "./import-rules";
import type { ImportSource } from "./import-sources";
import { type ImportWeekState, importInput } from "./import-schemas";

const CHUNK = 5000;
const ADMINS_ONLY = "Only administrators import data.";

type Person = { id: string; name: string; role: Role };
type ProjectRow = {
  id: string;
  clientId: string;
  archived: boolean;
  membersOnly: boolean;
  hourlyRate: number | null;
  clientRate: number | null;
};
type NewClient = { key: string; sourceId: string | null; name: string; currency: string | null };
type NewProject = {
  key: string;
  sourceId: string | null;
  clientKey: string;
  name: string;
  code: string | null;
  hourlyRate: number | null;
  billable: boolean;
};
type PlannedEntry = ImportedEntry & { userId: string; weekStart: string; projectKey: string };

export type ImportPlan = {
  source: ImportSource;
  weekState: ImportWeekState;
  clients: { create: NewClient[]; existing: number };
  projects: { create: NewProject[]; existing: number };
  entries: { create: PlannedEntry[]; existing: number };
  weeks: number;
  refused: RefusedRow[];
};

export type ImportSummary = {
  source: ImportSource;
  weekState: ImportWeekState;
  clients: { create: number; existing: number };
  projects: { create: number; existing: number };
  entries: { create: number; existing: number; minutes: number };
  weeks: number;
  refused: RefusedRow[];
};

const nameKey = (name: string) => name.trim().toLowerCase();
const projectKeyOf = (clientName: string, projectName: string) => `${nameKey(clientName)}\u001f${nameKey(projectName)}`;

async function inChunks<T, R>(items: readonly T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += CHUNK)
    results.push(...(await read(items.slice(start, start + CHUNK))));
  return results;
}

function parseFile(input: unknown) {
  const values = parseInput(importInput, input);
  try {
    return { values, parsed: parseImportFile(values.source, values.csv) };
  } catch (error) {
    if (error instanceof ImportFileError)
      throw new InvalidError(error.message, { csv: error.message }, "import.file_unreadable");
    throw error;
  }
}

/** Who the rows name: by email (case-insensitive), else by full name when exactly one active person has it. */
async function findPeople(tx: Executor) {
  const rows = await tx
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.active, true));
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
  const byName = new Map<string, Person | null>();
  for (const row of rows) byName.set(nameKey(row.name), byName.has(nameKey(row.name)) ? null : row);
  return (entry: ImportedEntry): Person | string => {
    if (entry.email !== null)
      return byEmail.get(entry.email) ?? `No active person in Bureau has the email ${entry.email}.`;
    const found = byName.get(nameKey(entry.personName ?? ""));
    if (found === undefined) return `No active person in Bureau is called "${entry.personName}"; add an Email column.`;
    if (found === null) return `Several people in Bureau are called "${entry.personName}"; add an Email column.`;
    return found;
  };
}

/** Reads what the file would do, without writing: the preview and the import both start here. */
export async function planImport(tx: Executor, parsed: ParsedImport, weekState: ImportWeekState): Promise<ImportPlan> {
  const refused: RefusedRow[] = [...parsed.refused];
  const allIds = [
    ...parsed.clients.map((row) => row.sourceId),
    ...parsed.projects.map((row) => row.sourceId),
    ...parsed.entries.map((row) => row.sourceId),
  ];
  const imported = new Set(
    (
      await inChunks(allIds, (chunk) =>
        tx.select({ id: importedRecord.sourceId }).from(importedRecord).where(inArray(importedRecord.sourceId, chunk)),
      )
    ).map((row) => row.id),
  );

  // Clients: the active client of that name, else one to create.
  const activeClients = await tx
    .select({ id: client.id, name: client.name, rate: client.defaultHourlyRate })
    .from(client)
    .where(isNull(client.archivedAt));
  const clientIds = new Map(activeClients.map((row) => [nameKey(row.name), row.id]));
  const newClients = new Map<string, NewClient>();
  let existingClients = 0;
  const needClient = (name: string, sourceId: string | null, currency: string | null) => {
    const key = nameKey(name);
    if (clientIds.has(key) || newClients.has(key)) return false;
    newClients.set(key, { key, sourceId, name: name.trim(), currency });
    return true;
  };
  for (const row of parsed.clients) {
    if (imported.has(row.sourceId) || !needClient(row.name, row.sourceId, row.currency)) existingClients += 1;
  }

  // Projects: one of that name under the client (archived ones included: their name is taken), else one to create.
  const projectRows = await tx
    .select({
      id: project.id,
      name: project.name,
      clientId: project.clientId,
      clientName: client.name,
      archived: sql<boolean>`(${project.archivedAt} is not null or ${client.archivedAt} is not null)`,
      membersOnly: project.membersOnly,
      hourlyRate: project.hourlyRate,
      clientRate: client.defaultHourlyRate,
    })
    .from(project)
    .innerJoin(client, eq(client.id, project.clientId))
    .where(isNull(client.archivedAt));
  const projects = new Map<string, ProjectRow>(projectRows.map((row) => [projectKeyOf(row.clientName, row.name), row]));
  const newProjects = new Map<string, NewProject>();
  let existingProjects = 0;
  const needProject = (row: Omit<NewProject, "key" | "clientKey"> & { clientName: string }) => {
    const key = projectKeyOf(row.clientName, row.name);
    if (projects.has(key) || newProjects.has(key)) return false;
    needClient(row.clientName, null, null);
    const { clientName, ...rest } = row;
    newProjects.set(key, { ...rest, name: row.name.trim(), key, clientKey: nameKey(clientName) });
    return true;
  };
  for (const row of parsed.projects) {
    if (imported.has(row.sourceId) || !needProject(row)) existingProjects += 1;
  }

  // Time entries: the person, the project, the week and the day must all take them.
  const personOf = await findPeople(tx);
  const candidates = parsed.entries.filter((entry) => !imported.has(entry.sourceId));
  const people = new Map<ImportedEntry, Person | string>(candidates.map((entry) => [entry, personOf(entry)]));
  const userIds = [
    ...new Set([...people.values()].flatMap((person) => (typeof person === "string" ? [] : [person.id]))),
  ];
  const dates = candidates.map((entry) => entry.date).sort();
  const [first, last] = [dates[0], dates[dates.length - 1]];
  const weeks = new Map<string, string>();
  const dayMinutes = new Map<string, number>();
  const members = new Set<string>();
  if (userIds.length > 0 && first && last) {
    const sheets = await inChunks(userIds, (chunk) =>
      tx
        .select({ userId: timesheet.userId, weekStart: timesheet.weekStart, status: timesheet.status })
        .from(timesheet)
        .where(
          and(
            inArray(timesheet.userId, chunk),
            sql`${timesheet.weekStart} between ${isoWeekMonday(first)} and ${isoWeekMonday(last)}`,
          ),
        ),
    );
    for (const sheet of sheets) weeks.set(`${sheet.userId}|${sheet.weekStart}`, sheet.status);
    const days = await inChunks(userIds, (chunk) =>
      tx
        .select({
          userId: timeEntry.userId,
          date: timeEntry.date,
          minutes: sql<number>`sum(${timeEntry.minutes})`.mapWith(Number),
        })
        .from(timeEntry)
        .where(and(inArray(timeEntry.userId, chunk), sql`${timeEntry.date} between ${first} and ${last}`))
        .groupBy(timeEntry.userId, timeEntry.date),
    );
    for (const day of days) dayMinutes.set(`${day.userId}|${day.date}`, day.minutes);
    const memberRows = await inChunks(userIds, (chunk) =>
      tx.select().from(projectMember).where(inArray(projectMember.userId, chunk)),
    );
    for (const row of memberRows) members.add(`${row.projectId}|${row.userId}`);
  }

  const create: PlannedEntry[] = [];
  const newWeeks = new Set<string>();
  for (const entry of candidates) {
    const person = people.get(entry)!;
    const refuse = (reason: string) => refused.push({ line: entry.line, reason });
    if (typeof person === "string") {
      refuse(person);
      continue;
    }
    const key = projectKeyOf(entry.clientName, entry.projectName);
    const existing = projects.get(key);
    if (existing?.archived) {
      refuse(`The project "${entry.projectName}" of ${entry.clientName} is archived.`);
      continue;
    }
    if (
      existing?.membersOnly &&
      !can({ role: person.role }, "timesheet.any_project") &&
      !members.has(`${existing.id}|${person.id}`)
    ) {
      refuse(`${person.name} is not a member of "${entry.projectName}", a members-only project.`);
      continue;
    }
    const weekStart = isoWeekMonday(entry.date);
    const week = `${person.id}|${weekStart}`;
    const status = weeks.get(week);
    if (status === "submitted" || status === "approved") {
      refuse(`${person.name}'s week of ${weekStart} is already ${status} in Bureau and cannot take new time.`);
      continue;
    }
    if (status !== undefined && weekState === "approved") {
      refuse(
        `${person.name}'s week of ${weekStart} is open in Bureau with its own time; import as draft, or approve that week first.`,
      );
      continue;
    }
    const day = `${person.id}|${entry.date}`;
    const total = (dayMinutes.get(day) ?? 0) + entry.minutes;
    if (total > MINUTES_PER_DAY) {
      refuse(`${person.name} would have more than 24 hours on ${entry.date}.`);
      continue;
    }
    dayMinutes.set(day, total);
    if (!existing)
      needProject({
        sourceId: null,
        clientName: entry.clientName,
        name: entry.projectName,
        code: null,
        hourlyRate: null,
        billable: true,
      });
    if (status === undefined) newWeeks.add(week);
    create.push({ ...entry, userId: person.id, weekStart, projectKey: key });
  }

  return {
    source: parsed.source,
    weekState,
    clients: { create: [...newClients.values()], existing: existingClients },
    projects: { create: [...newProjects.values()], existing: existingProjects },
    entries: { create, existing: parsed.entries.length - candidates.length },
    weeks: newWeeks.size,
    refused: refused.sort((a, b) => a.line - b.line),
  };
}

export function summaryOf(plan: ImportPlan): ImportSummary {
  return {
    source: plan.source,
    weekState: plan.weekState,
    clients: { create: plan.clients.create.length, existing: plan.clients.existing },
    projects: { create: plan.projects.create.length, existing: plan.projects.existing },
    entries: {
      create: plan.entries.create.length,
      existing: plan.entries.existing,
      minutes: plan.entries.create.reduce((sum, entry) => sum + entry.minutes, 0),
    },
    weeks: plan.weeks,
    refused: plan.refused,
  };
}

/** What importing the file would do; writes nothing. */
export async function previewImport(db: Database, actor: Actor, input: unknown): Promise<ImportSummary> {
  requirePermission(actor, "settings.edit", ADMINS_ONLY);
  const { values, parsed } = parseFile(input);
  return summaryOf(await planImport(db, parsed, values.weekState));
}

/**
 * Imports the file in one transaction: all of it, or, when a row is refused, nothing unless the
 * administrator chose to import the valid rows only. Re-running it creates nothing new.
 */
export async function runImport(db: Database, actor: Actor, input: unknown): Promise<ImportSummary> {
  requirePermission(actor, "settings.edit", ADMINS_ONLY);
  const { values, parsed } = parseFile(input);
  return db.transaction(async (tx) => {
    // One import at a time: two at once would both plan the same rows as new.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bureau.import'))`);
    const plan = await planImport(tx, parsed, values.weekState);
    const summary = summaryOf(plan);
    if (plan.refused.length > 0 && !values.validOnly) {
      throw new InvalidError(
        `${plan.refused.length} ${plan.refused.length === 1 ? "row is" : "rows are"} refused, so nothing was imported. Fix the file, or choose to import the valid rows only.`,
        {},
        "import.rows_refused",
      );
    }
    await applyPlan(tx, actor, plan);
    await recordAudit(tx, actor, {
      entity: "import",
      action: "run",
      summary: {
        source: summary.source,
        weekState: summary.weekState,
        validOnly: values.validOnly,
        clientsCreated: summary.clients.create,
        projectsCreated: summary.projects.create,
        entriesCreated: summary.entries.create,
        minutesCreated: summary.entries.minutes,
        weeksCreated: summary.weeks,
        alreadyImported: summary.clients.existing + summary.projects.existing + summary.entries.existing,
        refused: summary.refused.length,
      },
    });
    return summary;
  });
}

async function insertChunks<T>(items: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK / 5) await insert(items.slice(start, start + CHUNK / 5));
}

async function applyPlan(tx: Executor, actor: Actor, plan: ImportPlan): Promise<void> {
  const settings = await getSettings(tx);
  const records: { sourceId: string; kind: "client" | "project" | "time_entry"; entityId: string }[] = [];

  const clientIds = new Map<string, { id: string; rate: number | null }>();
  for (const row of await tx
    .select({ id: client.id, name: client.name, rate: client.defaultHourlyRate })
    .from(client)
    .where(isNull(client.archivedAt)))
    clientIds.set(nameKey(row.name), { id: row.id, rate: row.rate });
  for (const row of plan.clients.create) {
    const [created] = await tx
      .insert(client)
      .values({
        name: row.name,
        currency: row.currency ?? settings.currency,
        paymentTermsDays: settings.paymentTermsDays,
      })
      .returning({ id: client.id });
    if (!created) throw new Error("insert returned no client");
    clientIds.set(row.key, { id: created.id, rate: null });
    if (row.sourceId) records.push({ sourceId: row.sourceId, kind: "client", entityId: created.id });
  }

  const projectIds = new Map<string, { id: string; rate: number | null }>();
  for (const row of await tx
    .select({
      id: project.id,
      name: project.name,
      clientName: client.name,
      rate: sql<number | null>`coalesce(${project.hourlyRate}, ${client.defaultHourlyRate})`,
    })
    .from(project)
    .innerJoin(client, eq(client.id, project.clientId))
    .where(isNull(client.archivedAt)))
    projectIds.set(projectKeyOf(row.clientName, row.name), { id: row.id, rate: row.rate });
  for (const row of plan.projects.create) {
    const owner = clientIds.get(row.clientKey);
    if (!owner) throw new Error("the import planned a project without its client");
    const [created] = await tx
      .insert(project)
      .values({
        clientId: owner.id,
        name: row.name,
        code: row.code,
        hourlyRate: row.hourlyRate,
        billableByDefault: row.billable,
      })
      .returning({ id: project.id });
    if (!created) throw new Error("insert returned no project");
    projectIds.set(row.key, { id: created.id, rate: row.hourlyRate ?? owner.rate });
    if (row.sourceId) records.push({ sourceId: row.sourceId, kind: "project", entityId: created.id });
  }

  // The weeks: new ones in the chosen state; approved ones as approval leaves them (decided by the importer).
  const approved = plan.weekState === "approved";
  const now = new Date();
  const sheetKeys = [...new Set(plan.entries.create.map((entry) => `${entry.userId}|${entry.weekStart}`))];
  const sheetIds = new Map<string, string>();
  await insertChunks(sheetKeys, async (chunk) => {
    const rows = await tx
      .insert(timesheet)
      .values(
        chunk.map((key) => {
          const [userId = "", weekStart = ""] = key.split("|");
          return approved
            ? {
                userId,
                weekStart,
                status: "approved" as const,
                submittedAt: now,
                decidedAt: now,
                decidedById: actor.id,
              }
            : { userId, weekStart };
        }),
      )
      .onConflictDoNothing({ target: [timesheet.userId, timesheet.weekStart] })
      .returning({ id: timesheet.id, userId: timesheet.userId, weekStart: timesheet.weekStart });
    for (const row of rows) sheetIds.set(`${row.userId}|${row.weekStart}`, row.id);
  });
  // Weeks already open as drafts take the entries too (the plan refused those when importing approved weeks).
  const missing = sheetKeys.filter((key) => !sheetIds.has(key));
  for (const key of missing) {
    const [userId = "", weekStart = ""] = key.split("|");
    const [row] = await tx
      .select({ id: timesheet.id })
      .from(timesheet)
      .where(and(eq(timesheet.userId, userId), eq(timesheet.weekStart, weekStart)));
    if (!row) throw new Error("the week vanished during the import");
    sheetIds.set(key, row.id);
  }
  const positions = new Map<string, number>();
  if (missing.length > 0) {
    const rows = await tx
      .select({ id: timeEntry.timesheetId, next: sql<number>`max(${timeEntry.position}) + 1`.mapWith(Number) })
      .from(timeEntry)
      .where(
        inArray(
          timeEntry.timesheetId,
          missing.map((key) => sheetIds.get(key)!),
        ),
      )
      .groupBy(timeEntry.timesheetId);
    for (const row of rows) positions.set(row.id, row.next);
  }

  await insertChunks(plan.entries.create, async (chunk) => {
    const rows = await tx
      .insert(timeEntry)
      .values(
        chunk.map((entry) => {
          const sheetId = sheetIds.get(`${entry.userId}|${entry.weekStart}`)!;
          const position = positions.get(sheetId) ?? 0;
          positions.set(sheetId, position + 1);
          const target = projectIds.get(entry.projectKey);
          if (!target) throw new Error("the import planned an entry without its project");
          return {
            timesheetId: sheetId,
            userId: entry.userId,
            projectId: target.id,
            date: entry.date,
            minutes: entry.minutes,
            description: entry.description,
            billable: entry.billable,
            // Approval freezes the rate: the project's, else the client's, else the firm's.
            hourlyRate: approved
              ? resolveHourlyRate({ projectRate: target.rate, firmRate: settings.defaultHourlyRate })
              : null,
            position,
          };
        }),
      )
      .returning({ id: timeEntry.id });
    rows.forEach((row, index) =>
      records.push({ sourceId: chunk[index]!.sourceId, kind: "time_entry", entityId: row.id }),
    );
  });

  await insertChunks(records, (chunk) => tx.insert(importedRecord).values(chunk));
}
