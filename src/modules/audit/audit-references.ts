import "server-only";
// The records a page of audit events names (their own record, the clients, people, invoices their
// summaries point to), read in one statement per kind of record for the whole page, never one per
// event, so each event can be written with names and numbers instead of ids (audit-words.ts).
import { eq, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import {
  apiToken,
  call,
  client,
  contactMessage,
  email,
  expense,
  invoice,
  job,
  jobApplication,
  project,
  recurringInvoice,
  timesheet,
  user,
  webhookEndpoint,
} from "@/db/schema";
import { auditTranslator } from "./audit-translator";
import {
  type AuditDescription,
  type AuditEventLike,
  type AuditReference,
  type AuditWords,
  describeAuditEvent,
  type ReferenceTable,
  referencesOf,
} from "./audit-words";

type Reader = (db: Executor, ids: string[]) => Promise<({ id: string } & AuditReference)[]>;

/** A record known by one column of its own table (a user's name, a job's title, an endpoint's URL). */
function byColumn(table: PgTable & { id: PgColumn }, name: PgColumn): Reader {
  return (db, ids) =>
    db
      .select({ id: table.id, name })
      .from(table as PgTable)
      .where(inArray(table.id, ids)) as Promise<{ id: string; name: string }[]>;
}

const READERS: Record<ReferenceTable, Reader> = {
  user: byColumn(user, user.name),
  client: (db, ids) =>
    db
      .select({ id: client.id, name: client.name, currency: client.currency })
      .from(client)
      .where(inArray(client.id, ids)),
  project: (db, ids) =>
    db
      .select({ id: project.id, name: project.name, currency: client.currency })
      .from(project)
      .innerJoin(client, eq(client.id, project.clientId))
      .where(inArray(project.id, ids)),
  invoice: (db, ids) =>
    db
      .select({ id: invoice.id, name: invoice.number, client: client.name, currency: invoice.currency })
      .from(invoice)
      .innerJoin(client, eq(client.id, invoice.clientId))
      .where(inArray(invoice.id, ids)),
  recurring_invoice: (db, ids) =>
    db
      .select({ id: recurringInvoice.id, name: recurringInvoice.name, currency: recurringInvoice.currency })
      .from(recurringInvoice)
      .where(inArray(recurringInvoice.id, ids)),
  timesheet: (db, ids) =>
    db
      .select({ id: timesheet.id, name: user.name, week: timesheet.weekStart })
      .from(timesheet)
      .innerJoin(user, eq(user.id, timesheet.userId))
      .where(inArray(timesheet.id, ids)),
  call: byColumn(call, call.contactName),
  job: byColumn(job, job.title),
  application: byColumn(jobApplication, jobApplication.name),
  message: byColumn(contactMessage, contactMessage.subject),
  email: byColumn(email, email.subject),
  webhook_endpoint: byColumn(webhookEndpoint, webhookEndpoint.url),
  api_token: byColumn(apiToken, apiToken.name),
  expense: (db, ids) =>
    db
      .select({
        id: expense.id,
        name: sql<string>`coalesce(${expense.description}, ${expense.category})`,
        currency: expense.currency,
      })
      .from(expense)
      .where(inArray(expense.id, ids)),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The records these events name, by id: one query per kind of record named, run together. */
export async function findAuditReferences(
  db: Executor,
  events: readonly AuditEventLike[],
): Promise<Map<string, AuditReference>> {
  const wanted = new Map<ReferenceTable, Set<string>>();
  for (const event of events)
    for (const { table, id } of referencesOf(event)) {
      // A summary written by hand (the seed, an old event) may hold something else than an id.
      if (!UUID.test(id)) continue;
      const ids = wanted.get(table) ?? new Set<string>();
      ids.add(id);
      wanted.set(table, ids);
    }
  const found = await Promise.all([...wanted].map(([table, ids]) => READERS[table](db, [...ids])));
  return new Map(found.flat().map(({ id, ...reference }) => [id, reference]));
}

/** How the viewer reads the log: their language, the firm's formats and currency. */
export type AuditViewer = { language: string; locale: string; timezone: string; currency: string };

/** Each event in the viewer's words, in the order given; the records they name are read once. */
export async function describeAuditEvents<Event extends AuditEventLike>(
  db: Executor,
  events: readonly Event[],
  viewer: AuditViewer,
): Promise<(Event & { description: AuditDescription })[]> {
  const references = await findAuditReferences(db, events);
  const words: AuditWords = {
    t: auditTranslator(viewer.language),
    locale: viewer.locale,
    timeZone: viewer.timezone,
    currency: viewer.currency,
    references,
  };
  return events.map((event) => ({ ...event, description: describeAuditEvent(event, words) }));
}
