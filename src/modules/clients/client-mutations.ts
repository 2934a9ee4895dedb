// Writes of the clients domain: clients and their projects. Admins and managers only
// (SPEC section 1: staff read). One transaction per write, audited in it.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { client, project } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { ConflictError, InvalidError, NotFoundError } from "@/lib/errors";
import { type Actor, diffSummary, recordAudit } from "@/modules/audit/audit-log";
import { requirePermission } from "@/modules/users/permissions";
import {
  archiveClientInput,
  archiveProjectInput,
  createClientInput,
  createProjectInput,
  updateClientInput,
  updateProjectInput,
} from "./client-schemas";

const CLIENT_NAME_TAKEN = "Another active client already has this name.";
const PROJECT_NAME_TAKEN = "This client already has a project with this name.";
const CLIENT_STALE = "This client was changed by someone else. Reload the page and try again.";
const PROJECT_STALE = "This project was changed by someone else. Reload the page and try again.";
const FIX_FIELDS = "Please correct the highlighted fields.";

const MANAGERS_ONLY = "Only managers and administrators can change clients and projects.";

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === "23505") return true;
  }
  return false;
}

async function activeNameTaken(tx: Executor, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: client.id })
    .from(client)
    .where(
      and(
        eq(sql`lower(${client.name})`, name.toLowerCase()),
        isNull(client.archivedAt),
        exceptId ? ne(client.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function projectNameTaken(tx: Executor, clientId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: project.id })
    .from(project)
    .where(
      and(
        eq(project.clientId, clientId),
        eq(sql`lower(${project.name})`, name.toLowerCase()),
        exceptId ? ne(project.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

function uniqueOr(error: unknown, field: string, message: string): never {
  // Two people saving the same name at once: the unique index decides, the form says why.
  if (isUniqueViolation(error)) throw new InvalidError(FIX_FIELDS, { [field]: message });
  throw error;
}

export async function createClient(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const values = parseInput(createClientInput, input);
  return db.transaction(async (tx) => {
    if (await activeNameTaken(tx, values.name)) throw new InvalidError(FIX_FIELDS, { name: CLIENT_NAME_TAKEN });
    const [created] = await tx
      .insert(client)
      .values(values)
      .returning()
      .catch((error: unknown) => uniqueOr(error, "name", CLIENT_NAME_TAKEN));
    if (!created) throw new Error("insert returned no client");
    await recordAudit(tx, actor, {
      entity: "client",
      entityId: created.id,
      action: "create",
      summary: { name: created.name, currency: created.currency },
    });
    return created;
  });
}

export async function updateClient(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const { id, version, ...values } = parseInput(updateClientInput, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(client).where(eq(client.id, id)).for("update");
    if (!before) throw new NotFoundError("This client does not exist.");
    if (before.version !== version) throw new ConflictError(CLIENT_STALE);
    if (before.archivedAt === null && (await activeNameTaken(tx, values.name, id)))
      throw new InvalidError(FIX_FIELDS, { name: CLIENT_NAME_TAKEN });
    const [updated] = await tx
      .update(client)
      .set({ ...values, version: version + 1, updatedAt: new Date() })
      .where(and(eq(client.id, id), eq(client.version, version)))
      .returning()
      .catch((error: unknown) => uniqueOr(error, "name", CLIENT_NAME_TAKEN));
    if (!updated) throw new ConflictError(CLIENT_STALE);
    await recordAudit(tx, actor, {
      entity: "client",
      entityId: id,
      action: "update",
      summary: diffSummary(before, values),
    });
    return updated;
  });
}

/** Archive hides a client from pickers and lists (its history stays); restore brings it back. */
export async function setClientArchived(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const { id, version, archived } = parseInput(archiveClientInput, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(client).where(eq(client.id, id)).for("update");
    if (!before) throw new NotFoundError("This client does not exist.");
    if (before.version !== version) throw new ConflictError(CLIENT_STALE);
    if (!archived && before.archivedAt !== null && (await activeNameTaken(tx, before.name, id))) {
      throw new InvalidError(
        `Another active client is called "${before.name}"; rename one of them before restoring this one.`,
      );
    }
    const [updated] = await tx
      .update(client)
      .set({
        archivedAt: archived ? (before.archivedAt ?? new Date()) : null,
        version: version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(client.id, id), eq(client.version, version)))
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error))
          throw new InvalidError(
            `Another active client is called "${before.name}"; rename one of them before restoring this one.`,
          );
        throw error;
      });
    if (!updated) throw new ConflictError(CLIENT_STALE);
    await recordAudit(tx, actor, {
      entity: "client",
      entityId: id,
      action: archived ? "archive" : "restore",
      summary: { name: before.name },
    });
    return updated;
  });
}

export async function createProject(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const { clientId, budgetHours, ...values } = parseInput(createProjectInput, input);
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: client.id, archivedAt: client.archivedAt })
      .from(client)
      .where(eq(client.id, clientId))
      .for("update");
    if (!owner) throw new NotFoundError("This client does not exist.");
    if (owner.archivedAt) throw new InvalidError("This client is archived; restore it before adding projects.");
    if (await projectNameTaken(tx, clientId, values.name))
      throw new InvalidError(FIX_FIELDS, { name: PROJECT_NAME_TAKEN });
    const [created] = await tx
      .insert(project)
      .values({ ...values, clientId, budgetMinutes: budgetHours })
      .returning()
      .catch((error: unknown) => uniqueOr(error, "name", PROJECT_NAME_TAKEN));
    if (!created) throw new Error("insert returned no project");
    await recordAudit(tx, actor, {
      entity: "project",
      entityId: created.id,
      action: "create",
      summary: { clientId, name: created.name, hourlyRate: created.hourlyRate },
    });
    return created;
  });
}

export async function updateProject(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const { id, version, budgetHours, ...rest } = parseInput(updateProjectInput, input);
  const values = { ...rest, budgetMinutes: budgetHours };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(project).where(eq(project.id, id)).for("update");
    if (!before) throw new NotFoundError("This project does not exist.");
    if (before.version !== version) throw new ConflictError(PROJECT_STALE);
    if (await projectNameTaken(tx, before.clientId, values.name, id))
      throw new InvalidError(FIX_FIELDS, { name: PROJECT_NAME_TAKEN });
    const [updated] = await tx
      .update(project)
      .set({ ...values, version: version + 1, updatedAt: new Date() })
      .where(and(eq(project.id, id), eq(project.version, version)))
      .returning()
      .catch((error: unknown) => uniqueOr(error, "name", PROJECT_NAME_TAKEN));
    if (!updated) throw new ConflictError(PROJECT_STALE);
    await recordAudit(tx, actor, {
      entity: "project",
      entityId: id,
      action: "update",
      summary: diffSummary(before, values),
    });
    return updated;
  });
}

/** An archived project takes no new time; time already logged on it stays and can still be billed. */
export async function setProjectArchived(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const { id, version, archived } = parseInput(archiveProjectInput, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(project).where(eq(project.id, id)).for("update");
    if (!before) throw new NotFoundError("This project does not exist.");
    if (before.version !== version) throw new ConflictError(PROJECT_STALE);
    const [updated] = await tx
      .update(project)
      .set({
        archivedAt: archived ? (before.archivedAt ?? new Date()) : null,
        version: version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(project.id, id), eq(project.version, version)))
      .returning();
    if (!updated) throw new ConflictError(PROJECT_STALE);
    await recordAudit(tx, actor, {
      entity: "project",
      entityId: id,
      action: archived ? "archive" : "restore",
      summary: { name: before.name, clientId: before.clientId },
    });
    return updated;
  });
}
