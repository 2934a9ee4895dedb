import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { auditEvent } from "@/db/schema";

export type AuditFilter = { entity?: string; entityId?: string; page?: number; pageSize?: number };

/** One record's history (an invoice's, a quote's), newest first, from the events written with each change. */
export function findRecordHistory(db: Executor, entity: string, entityId: string) {
  return db
    .select({
      id: auditEvent.id,
      entity: auditEvent.entity,
      entityId: auditEvent.entityId,
      action: auditEvent.action,
      actorName: auditEvent.actorName,
      summary: auditEvent.summary,
      createdAt: auditEvent.createdAt,
    })
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, entity), eq(auditEvent.entityId, entityId)))
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
    .limit(200);
}

/** The latest events, without the count a paged list needs (the dashboard's "Recent changes"). */
export function findLatestAuditEvents(db: Executor, limit: number) {
  return db
    .select()
    .from(auditEvent)
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
    .limit(Math.min(Math.max(Math.trunc(limit), 1), 200));
}

export async function findAuditEvents(db: Executor, filter: AuditFilter = {}) {
  const pageSize = Math.min(Math.max(Math.trunc(Number(filter.pageSize) || 50), 1), 200);
  const page = Math.max(Math.trunc(Number(filter.page) || 1), 1);
  const where = and(
    filter.entity ? eq(auditEvent.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditEvent.entityId, filter.entityId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvent)
      .where(where)
      .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(auditEvent).where(where),
  ]);
  return { rows, total: total?.value ?? 0, page, pageSize };
}

/** Every entity name the log holds, for its filter: whatever has been recorded, not a fixed list. */
export async function findAuditEntities(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditEvent.entity }).from(auditEvent).orderBy(auditEvent.entity);
  return rows.map((row) => row.entity);
}
