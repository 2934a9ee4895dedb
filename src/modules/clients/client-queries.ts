import "server-only";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Executor } from "@/db/client";
import { combinedRead, runRead } from "@/db/select-together";
import { client, project, projectMember, user } from "@/db/schema";
import { NotFoundError } from "@/lib/errors";
import { escapeLike } from "@/lib/sql-text";
import { can } from "@/modules/users/permissions";
import type { Role } from "@/modules/users/roles";
import type { ClientSort } from "./client-schemas";

/** Whose time a project picker is for: staff see only projects open to them (decision 046). */
export type TimePerson = { id: string; role: Role };

/**
 * The projects a person may log time on: every project for those holding timesheet.any_project,
 * else those open to everyone and the members-only ones they are a member of. Undefined: no limit.
 */
export function projectOpenTo(person: TimePerson | undefined): SQL | undefined {
  if (!person || can(person, "timesheet.any_project")) return undefined;
  return sql`(${project.membersOnly} = false or exists (select 1 from ${projectMember} where ${projectMember.projectId} = ${project.id} and ${projectMember.userId} = ${person.id}))`;
}

export type ClientOption = {
  id: string;
  name: string;
  currency: string;
  paymentTermsDays: number;
  projects: { id: string; name: string; billableByDefault: boolean }[];
};

/** How many clients the filter picker offers at once. */
export const CLIENT_PICKER_LIMIT = 20;

/**
 * The filter picker (invoices, calls): active clients whose name contains the text, those starting
 * with it first, then by name; empty text gives the first clients by name.
 */
export async function searchClientNames(
  db: Executor,
  text: string,
  limit = CLIENT_PICKER_LIMIT,
): Promise<{ id: string; name: string }[]> {
  const typed = text.trim();
  const byName = [sql`lower(${client.name})`, client.id];
  return db
    .select({ id: client.id, name: client.name })
    .from(client)
    .where(and(isNull(client.archivedAt), typed ? ilike(client.name, `%${escapeLike(typed)}%`) : undefined))
    .orderBy(...(typed ? [sql`${client.name} ilike ${`${escapeLike(typed)}%`} desc`, ...byName] : byName))
    .limit(limit);
}

/** A filter's chosen client (archived ones too, since an old link may name one), or null. */
export async function findClientName(
  db: Executor,
  id: string | undefined,
): Promise<{ id: string; name: string } | null> {
  const read = clientNameRead(db, id);
  return read ? runRead(db, read) : null;
}

/** The read of findClientName (none without an id), to run with the other reads of a page in one statement. */
export function clientNameRead(db: Executor, id: string | undefined) {
  if (!id) return null;
  return combinedRead(
    { rows: db.select({ id: client.id, name: client.name }).from(client).where(eq(client.id, id)).limit(1) },
    ({ rows }) => rows[0] ?? null,
  );
}

/** Filters: active clients, id and name only, ordered by name. */
export async function findClientNames(db: Executor): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: client.id, name: client.name })
    .from(client)
    .where(isNull(client.archivedAt))
    .orderBy(sql`lower(${client.name})`, client.id);
}

/**
 * Pickers (calls, invoices, timesheets): active clients and their active projects, ordered by name.
 * With `only`, just those projects (and the clients they belong to).
 */
export async function findClientOptions(
  db: Executor,
  only?: { projectIds: readonly string[] },
  forPerson?: TimePerson,
): Promise<ClientOption[]> {
  if (only && only.projectIds.length === 0) return [];
  const rows = await db
    .select({
      id: client.id,
      name: client.name,
      currency: client.currency,
      paymentTermsDays: client.paymentTermsDays,
      projectId: project.id,
      projectName: project.name,
      billableByDefault: project.billableByDefault,
    })
    .from(client)
    .leftJoin(project, and(eq(project.clientId, client.id), isNull(project.archivedAt), projectOpenTo(forPerson)))
    .where(and(isNull(client.archivedAt), only ? inArray(project.id, [...only.projectIds]) : undefined))
    .orderBy(sql`lower(${client.name})`, client.id, sql`lower(${project.name})`);
  const options: ClientOption[] = [];
  const byId = new Map<string, ClientOption>();
  for (const row of rows) {
    let option = byId.get(row.id);
    if (!option) {
      option = {
        id: row.id,
        name: row.name,
        currency: row.currency,
        paymentTermsDays: row.paymentTermsDays,
        projects: [],
      };
      byId.set(row.id, option);
      options.push(option);
    }
    if (row.projectId && row.projectName !== null && row.billableByDefault !== null) {
      option.projects.push({ id: row.projectId, name: row.projectName, billableByDefault: row.billableByDefault });
    }
  }
  return options;
}

/** How many projects can take time (active, of an active client). */
export async function countActiveProjects(db: Executor): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(project)
    .innerJoin(client, eq(client.id, project.clientId))
    .where(and(isNull(project.archivedAt), isNull(client.archivedAt)));
  return row?.value ?? 0;
}

export type ProjectSearchResult = { id: string; name: string; billableByDefault: boolean; clientName: string };

/** Active projects whose name or client's name contains the text, by client and name; at most `limit`. */
export async function searchProjectOptions(
  db: Executor,
  text: string,
  limit = 20,
  forPerson?: TimePerson,
): Promise<ProjectSearchResult[]> {
  const pattern = `%${escapeLike(text.trim())}%`;
  return db
    .select({
      id: project.id,
      name: project.name,
      billableByDefault: project.billableByDefault,
      clientName: client.name,
    })
    .from(project)
    .innerJoin(client, eq(client.id, project.clientId))
    .where(
      and(
        isNull(project.archivedAt),
        isNull(client.archivedAt),
        or(ilike(project.name, pattern), ilike(client.name, pattern)),
        projectOpenTo(forPerson),
      ),
    )
    .orderBy(sql`lower(${client.name})`, sql`lower(${project.name})`, project.id)
    .limit(limit);
}

export type ClientFilter = {
  q?: string;
  archived?: boolean;
  sort?: ClientSort;
  direction?: "asc" | "desc";
  page?: number;
  pageSize?: number;
};

/** The clients list: search by name, email, city or VAT number; archived hidden unless asked; sorted; paged. */
export async function findClients(db: Executor, filter: ClientFilter = {}) {
  const pageSize = Math.min(Math.max(Math.trunc(Number(filter.pageSize) || 50), 1), 200);
  const page = Math.max(Math.trunc(Number(filter.page) || 1), 1);
  const conditions: (SQL | undefined)[] = [filter.archived ? undefined : isNull(client.archivedAt)];
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(
      or(
        ilike(client.name, pattern),
        ilike(client.billingEmail, pattern),
        ilike(client.city, pattern),
        ilike(client.vatNumber, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const direction = filter.direction === "desc" ? desc : asc;
  const sortColumn = (() => {
    switch (filter.sort ?? "name") {
      case "name":
        return sql`lower(${client.name})`;
      case "city":
        return sql`lower(coalesce(${client.city}, ''))`;
      case "country":
        return sql`coalesce(${client.country}, '')`;
      case "created":
        return client.createdAt;
    }
  })();
  const projectCounts = db
    .select({
      clientId: project.clientId,
      active: sql<number>`count(*) filter (where ${project.archivedAt} is null)`.mapWith(Number).as("active"),
    })
    .from(project)
    .groupBy(project.clientId)
    .as("project_counts");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: client.id,
        name: client.name,
        billingEmail: client.billingEmail,
        city: client.city,
        country: client.country,
        currency: client.currency,
        archivedAt: client.archivedAt,
        createdAt: client.createdAt,
        activeProjects: sql<number>`coalesce(${projectCounts.active}, 0)`.mapWith(Number),
      })
      .from(client)
      .leftJoin(projectCounts, eq(projectCounts.clientId, client.id))
      .where(where)
      .orderBy(direction(sortColumn), asc(client.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(client).where(where),
  ]);
  return { rows, total: total?.value ?? 0, page, pageSize };
}

export type ClientRow = typeof client.$inferSelect;
export type ProjectRow = typeof project.$inferSelect;

export async function getClient(db: Executor, id: string): Promise<ClientRow> {
  if (!isUuid(id)) throw new NotFoundError("This client does not exist.", "client.not_found");
  const [row] = await db.select().from(client).where(eq(client.id, id)).limit(1);
  if (!row) throw new NotFoundError("This client does not exist.", "client.not_found");
  return row;
}

/** A client's projects, active first, then by name; with the minutes logged on each. */
export async function findClientProjects(db: Executor, clientId: string) {
  return db
    .select({
      ...getTableColumns(project),
      // The project's members, for the project form and the list (decision 046).
      memberIds: sql<
        string[]
      >`coalesce((select array_agg(${projectMember.userId}::text order by ${projectMember.userId}) from ${projectMember} where ${projectMember.projectId} = ${project.id}), '{}')`,
    })
    .from(project)
    .where(eq(project.clientId, clientId))
    .orderBy(sql`${project.archivedAt} is not null`, sql`lower(${project.name})`);
}

/** Who can be made a project's member: the active people, by name. */
export async function findAssignablePeople(db: Executor): Promise<{ id: string; name: string; role: Role }[]> {
  return db
    .select({ id: user.id, name: user.name, role: user.role })
    .from(user)
    .where(eq(user.active, true))
    .orderBy(sql`lower(${user.name})`, user.id);
}

export async function countArchivedProjects(db: Executor, clientId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(project)
    .where(and(eq(project.clientId, clientId), isNotNull(project.archivedAt)));
  return row?.value ?? 0;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Unknown ids are 404, and a malformed one must not reach PostgreSQL as a uuid cast error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
