// The daily pass of invoice.overdue (decision 055): an issued invoice whose due date has passed
// with a balance is announced once. Each pass claims the invoices in webhook_announcements and
// queues the event in the same transaction; the primary key makes a second worker's claim of the
// same invoice wait for the first and then do nothing, so the event is queued exactly once.
import { and, eq, gt, inArray, lt, notExists, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { invoice, webhookAnnouncement } from "@/db/schema";
import { todayInZone } from "@/lib/dates";
import { invoiceEventData } from "@/modules/invoices/invoice-events";
import { getSettings } from "@/modules/settings/settings-queries";
import { queueWebhookEvent } from "./webhook-queue";

const OVERDUE = "invoice.overdue";
/** Invoices claimed per transaction; the pass repeats until none is left. */
const BATCH = 500;

/** Queues invoice.overdue for each newly overdue invoice; returns how many were announced. */
export async function queueOverdueInvoiceEvents(db: Database, now: Date = new Date()): Promise<number> {
  const today = todayInZone((await getSettings(db)).timezone, now);
  let announced = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const due = tx
        .select({
          eventType: sql<string>`${OVERDUE}`.as("event_type"),
          subjectId: invoice.id,
          announcedAt: sql<Date>`now()`.as("announced_at"),
        })
        .from(invoice)
        .where(
          and(
            eq(invoice.kind, "invoice"),
            inArray(invoice.status, ["issued", "partially_paid"]),
            lt(invoice.dueDate, today),
            gt(invoice.balance, 0),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(webhookAnnouncement)
                .where(and(eq(webhookAnnouncement.eventType, OVERDUE), eq(webhookAnnouncement.subjectId, invoice.id))),
            ),
          ),
        )
        .orderBy(invoice.dueDate, invoice.id)
        .limit(BATCH);
      const rows = await tx
        .insert(webhookAnnouncement)
        .select(due)
        .onConflictDoNothing()
        .returning({ id: webhookAnnouncement.subjectId });
      if (rows.length === 0) return 0;
      const invoices = await tx
        .select()
        .from(invoice)
        .where(
          inArray(
            invoice.id,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(invoice.dueDate, invoice.id);
      for (const row of invoices) await queueWebhookEvent(tx, OVERDUE, invoiceEventData(row), now);
      return rows.length;
    });
    announced += claimed;
    if (claimed < BATCH) return announced;
  }
}
