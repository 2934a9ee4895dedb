// invoice.overdue (decision 055): the worker's pass queues it once per issued invoice whose due date
// has passed with a balance, never for a paid invoice, a draft or a credit note, and never twice,
// even when two workers run the pass at the same moment (PostgreSQL).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookAnnouncement, webhookDelivery, webhookEndpoint } from "../../src/db/schema";
import { addDaysToDate } from "../../src/lib/dates";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createDraftInvoice, issueInvoice, recordPayment } from "../../src/modules/invoices/invoice-mutations";
import { createWebhookEndpoint, updateWebhookSettings } from "../../src/modules/webhooks/webhook-mutations";
import { queueOverdueInvoiceEvents } from "../../src/modules/webhooks/webhook-overdue";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, today } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let clientId: string;

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  clientId = (await insertClient(database.db, {})).id;
  await updateWebhookSettings(database.db, admin, { allowPrivate: true });
});
afterAll(() => tearDownDatabase(database));
beforeEach(async () => {
  await database.db.delete(webhookEndpoint);
});

/** An issued invoice due `dueInDays` from today (negative: already past). */
async function issued(dueInDays: number) {
  const issueDate = addDaysToDate(today(), -40);
  const draft = await createDraftInvoice(
    database.db,
    admin,
    draftInput(clientId, { issueDate, dueDate: addDaysToDate(today(), dueInDays) }),
  );
  return issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
}

async function overdueBodies(endpointId: string) {
  const rows = await database.db.select().from(webhookDelivery).where(eq(webhookDelivery.endpointId, endpointId));
  return rows
    .filter((row) => row.eventType === "invoice.overdue")
    .map((row) => JSON.parse(row.body) as { type: string; data: { id: string; balance: number } });
}

describe(`invoice.overdue on ${process.env.TEST_DB}`, () => {
  it("is queued once per overdue invoice with a balance, to the endpoints that asked for it", async () => {
    const endpoint = await createWebhookEndpoint(database.db, admin, {
      url: "http://127.0.0.1:9/hooks",
      events: ["invoice.overdue"],
    });
    const other = await createWebhookEndpoint(database.db, admin, {
      url: "http://127.0.0.1:9/other",
      events: ["invoice.paid"],
    });
    const late = await issued(-3);
    const notYet = await issued(0); // due today: not overdue before tomorrow
    const paid = await issued(-5);
    await recordPayment(database.db, admin, {
      invoiceId: paid.id,
      amount: (paid.balance / 100).toFixed(2),
      date: today(),
      method: "bank_transfer",
    });
    const partly = await issued(-1);
    await recordPayment(database.db, admin, {
      invoiceId: partly.id,
      amount: "1.00",
      date: today(),
      method: "bank_transfer",
    });
    await createDraftInvoice(
      database.db,
      admin,
      draftInput(clientId, { issueDate: addDaysToDate(today(), -40), dueDate: addDaysToDate(today(), -10) }),
    );

    await queueOverdueInvoiceEvents(database.db);
    const bodies = await overdueBodies(endpoint.id);
    expect(bodies.map((body) => body.data.id).sort()).toEqual([late.id, partly.id].sort());
    expect(bodies.find((body) => body.data.id === partly.id)!.data.balance).toBe(partly.balance - 100);
    expect(await overdueBodies(other.id)).toHaveLength(0);

    // Announced once: the next passes queue nothing for them; tomorrow the invoice due today is late.
    expect(await queueOverdueInvoiceEvents(database.db)).toBe(0);
    expect(await overdueBodies(endpoint.id)).toHaveLength(2);
    const tomorrow = new Date(Date.now() + 36 * 60 * 60 * 1000);
    expect(await queueOverdueInvoiceEvents(database.db, tomorrow)).toBe(1);
    expect((await overdueBodies(endpoint.id)).map((body) => body.data.id)).toContain(notYet.id);
  });

  it("is queued exactly once when two workers run the pass at the same time", async () => {
    const endpoint = await createWebhookEndpoint(database.db, admin, {
      url: "http://127.0.0.1:9/hooks",
      events: ["invoice.overdue"],
    });
    const made: string[] = [];
    for (let index = 0; index < 12; index += 1) made.push((await issued(-2 - index)).id);
    // Far enough ahead that every invoice of this file is overdue, whatever the previous test did.
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const counts = await Promise.all([
      queueOverdueInvoiceEvents(database.db, later),
      queueOverdueInvoiceEvents(database.db, later),
      queueOverdueInvoiceEvents(database.db, later),
    ]);
    const bodies = await overdueBodies(endpoint.id);
    const ids = bodies.map((body) => body.data.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of made) expect(ids).toContain(id);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(ids.length);
    const claims = await database.db.select().from(webhookAnnouncement);
    expect(claims.filter((claim) => made.includes(claim.subjectId))).toHaveLength(made.length);
  });
});
