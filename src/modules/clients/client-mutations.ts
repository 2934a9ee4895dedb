// Writes of the clients domain: clients and their projects. Admins and managers only
// (staff read). One transaction per write, audited in it.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { client, project, projectMember, user } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { ConflictError, InvalidError, NotFoundError, invalidFrom } from "@/lib/errors";
import { refuse } from "@/lib/rule-result";
import { type Actor, diffSummary, recordAudit } from "@/modules/audit/audit-log";
import { isAvailableLanguage } from "@/i18n/catalogs";
import { requirePermission } from "@/modules/users/permissions";
import { checkBudgetAlerts, forgetBudgetAlerts } from "./project-budget-alerts";
import { budgetColumns } from "./project-budget-schemas";
import {
  archiveClientInput,
  archiveProjectInput,
  createClientInput,
  createProjectInput,
  updateClientInput,
  updateProjectInput,
} from "./client-schemas";

const FIX_FIELDS = "Please correct the highlighted fields.";
const clientNameTaken = () =>
  invalidFrom(refuse("client.name_taken", "Another active client already has this name.", "name"), FIX_FIELDS);
const projectNameTaken = () =>
  invalidFrom(
    refuse("client.project_name_taken", "This client already has a project with this name.", "name"),
    FIX_FIELDS,
  );
const clientStale = () =>
  new ConflictError("This client was changed by someone else. Reload the page and try again.", "client.stale");
const projectStale = () =>
  new ConflictError("This project was changed by someone else. Reload the page and try again.", "client.project_stale");
const clientNotFound = () => new NotFoundError("This client does not exist.", "client.not_found");
const projectNotFound = () => new NotFoundError("This project does not exist.", "client.project_not_found");
const restoreNameTaken = (name: string) =>
  new InvalidError(
    `Another active client is called "${name}"; rename one of them before restoring this one.`,
    {},
    "client.restore_name_taken",
  );

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

async function isProjectNameTaken(tx: Executor, clientId: string, name: string, exceptId?: string) {
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

function uniqueOr(error: unknown, refusal: () => InvalidError): never {
  // Two people saving the same name at once: the unique index decides, the form says why.
  if (isUniqueViolation(error)) throw refusal();
  throw error;
}

/** A document language must be one Bureau has a catalog for (messages/*.json). */
function checkDocumentLanguage(language: string | null | undefined) {
  if (language == null || isAvailableLanguage(language)) return;
  const message = "Choose a language from the list.";
  throw new InvalidError(message, { documentLanguage: message }, "client.document_language_unknown");
}

export async function createClient(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const values = parseInput(createClientInput, input);
  checkDocumentLanguage(values.documentLanguage);
  return db.transaction(async (tx) => {
    if (await activeNameTaken(tx, values.name)) throw clientNameTaken();
    const [created] = await tx
      .insert(client)
      .values(values)
      .returning()
      .catch((error: unknown) => uniqueOr(error, clientNameTaken));
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
  checkDocumentLanguage(values.documentLanguage);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(client).where(eq(client.id, id)).for("update");
    if (!before) throw clientNotFound();
    if (before.version !== version) throw clientStale();
    if (before.archivedAt === null && (await activeNameTaken(tx, values.name, id))) throw clientNameTaken();
    const [updated] = await tx
      .update(client)
      .set({ ...values, version: version + 1, updatedAt: new Date() })
      .where(and(eq(client.id, id), eq(client.version, version)))
      .returning()
      .catch((error: unknown) => uniqueOr(error, clientNameTaken));
    if (!updated) throw clientStale();
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
    if (!before) throw clientNotFound();
    if (before.version !== version) throw clientStale();
    if (!archived && before.archivedAt !== null && (await activeNameTaken(tx, before.name, id)))
      throw restoreNameTaken(before.name);
    const [updated] = await tx
      .update(client)
      .set({
        archivedAt: archived ? (before.archivedAt ?? new Date()) : null,
        version: version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(client.id, id), eq(client.version, version)))
      .returning()
      .catch((error: unknown) => uniqueOr(error, () => restoreNameTaken(before.name)));
    if (!updated) throw clientStale();
    await recordAudit(tx, actor, {
      entity: "client",
      entityId: id,
      action: archived ? "archive" : "restore",
      summary: { name: before.name },
    });
    return updated;
  });
}

/**
 * Sets a project's members to exactly these people (active ones only; an unknown or deactivated
 * person is refused next to the field), and says who was added and removed.
 */
async function replaceMembers(tx: Executor, projectId: string, memberIds: readonly string[]) {
  if (memberIds.length > 0) {
    const known = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(inArray(user.id, [...memberIds]), eq(user.active, true)));
    if (known.length !== memberIds.length)
      throw invalidFrom(
        refuse("client.member_not_found", "One of these people no longer exists or was deactivated.", "memberIds"),
      );
  }
  const before = await tx
    .delete(projectMember)
    .where(eq(projectMember.projectId, projectId))
    .returning({ userId: projectMember.userId });
  if (memberIds.length > 0) await tx.insert(projectMember).values(memberIds.map((userId) => ({ projectId, userId })));
  const had = new Set(before.map((row) => row.userId));
  const has = new Set(memberIds);
  return {
    added: memberIds.filter((memberId) => !had.has(memberId)),
    removed: [...had].filter((memberId) => !has.has(memberId)),
  };
}

export async function createProject(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const { clientId, budgetKind, budgetHours, budgetAmount, budgetPeriod, memberIds, ...values } = parseInput(
    createProjectInput,
    input,
  );
  const budget = budgetColumns({ budgetKind, budgetHours, budgetAmount, budgetPeriod });
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: client.id, archivedAt: client.archivedAt })
      .from(client)
      .where(eq(client.id, clientId))
      .for("update");
    if (!owner) throw clientNotFound();
    if (owner.archivedAt)
      throw new InvalidError(
        "This client is archived; restore it before adding projects.",
        {},
        "client.archived_takes_no_projects",
      );
    if (await isProjectNameTaken(tx, clientId, values.name)) throw projectNameTaken();
    const [created] = await tx
      .insert(project)
      .values({ ...values, ...budget, clientId })
      .returning()
      .catch((error: unknown) => uniqueOr(error, projectNameTaken));
    if (!created) throw new Error("insert returned no project");
    await replaceMembers(tx, created.id, memberIds);
    await recordAudit(tx, actor, {
      entity: "project",
      entityId: created.id,
      action: "create",
      summary: {
        clientId,
        name: created.name,
        hourlyRate: created.hourlyRate,
        ...budget,
        membersOnly: created.membersOnly,
        memberIds,
      },
    });
    return created;
  });
}

export async function updateProject(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const { id, version, budgetKind, budgetHours, budgetAmount, budgetPeriod, memberIds, ...rest } = parseInput(
    updateProjectInput,
    input,
  );
  const values = { ...rest, ...budgetColumns({ budgetKind, budgetHours, budgetAmount, budgetPeriod }) };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(project).where(eq(project.id, id)).for("update");
    if (!before) throw projectNotFound();
    if (before.version !== version) throw projectStale();
    if (await isProjectNameTaken(tx, before.clientId, values.name, id)) throw projectNameTaken();
    const [updated] = await tx
      .update(project)
      .set({ ...values, version: version + 1, updatedAt: new Date() })
      .where(and(eq(project.id, id), eq(project.version, version)))
      .returning()
      .catch((error: unknown) => uniqueOr(error, projectNameTaken));
    if (!updated) throw projectStale();
    const members = await replaceMembers(tx, id, memberIds);
    await recordAudit(tx, actor, {
      entity: "project",
      entityId: id,
      action: "update",
      summary: {
        ...diffSummary(before, values),
        ...(members.added.length > 0 ? { membersAdded: members.added } : {}),
        ...(members.removed.length > 0 ? { membersRemoved: members.removed } : {}),
      },
    });
    // A new budget (figure, unit or period) alerts afresh; a new rate changes what time is worth.
    const budgetChanged = (["budgetMinutes", "budgetAmount", "budgetPeriod"] as const).some(
      (key) => before[key] !== updated[key],
    );
    if (budgetChanged) await forgetBudgetAlerts(tx, id);
    await checkBudgetAlerts(tx, [id]);
    return updated;
  });
}

/** An archived project takes no new time; time already logged on it stays and can still be billed. */
export async function setProjectArchived(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "client.edit", MANAGERS_ONLY);
  const { id, version, archived } = parseInput(archiveProjectInput, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(project).where(eq(project.id, id)).for("update");
    if (!before) throw projectNotFound();
    if (before.version !== version) throw projectStale();
    const [updated] = await tx
      .update(project)
      .set({
        archivedAt: archived ? (before.archivedAt ?? new Date()) : null,
        version: version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(project.id, id), eq(project.version, version)))
      .returning();
    if (!updated) throw projectStale();
    await recordAudit(tx, actor, {
      entity: "project",
      entityId: id,
      action: archived ? "archive" : "restore",
      summary: { name: before.name, clientId: before.clientId },
    });
    return updated;
  });
}
