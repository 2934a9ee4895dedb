// Webhooks (decision 052): events queued with the change that causes them, signed deliveries to a
// real receiver, retries with back-off, the SSRF refusals, and who may manage endpoints.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { invoice, webhookDelivery, webhookEndpoint } from "../../src/db/schema";
import { ForbiddenError, InvalidError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createDraftInvoice, issueInvoice, recordPayment } from "../../src/modules/invoices/invoice-mutations";
import type { LookupAll } from "../../src/modules/webhooks/webhook-address";
import { drainWebhooks } from "../../src/modules/webhooks/webhook-delivery";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  redeliverWebhook,
  rotateWebhookSecret,
  setWebhookEndpointActive,
  updateWebhookSettings,
} from "../../src/modules/webhooks/webhook-mutations";
import { findWebhookEndpoints } from "../../src/modules/webhooks/webhook-queries";
import { createNamedUser, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, insertProject, today } from "../support/invoice-fixtures";
import { requestCallback } from "../../src/modules/calls/call-mutations";
import { approveTimesheet, createTimesheet } from "../../src/modules/timesheets/timesheet-mutations";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let manager: Actor;
let staff: Actor;

type Received = { headers: IncomingHttpHeaders; body: string };
let server: Server;
let received: Received[] = [];
let answers: number[] = [];
let receiverUrl = "";

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  manager = await createNamedUser(database.db, admin, "manager", "Mona Manager");
  staff = await createNamedUser(database.db, admin, "staff", "Sid Staff");
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.statusCode = answers.shift() ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await tearDownDatabase(database);
});
beforeEach(async () => {
  received = [];
  answers = [];
  await database.db.delete(webhookEndpoint);
  await updateWebhookSettings(database.db, admin, { allowPrivate: true });
});

async function draftInvoice() {
  const created = await insertClient(database.db, {});
  return createDraftInvoice(database.db, admin, draftInput(created.id));
}

async function deliveriesOf(endpointId: string) {
  return database.db.select().from(webhookDelivery).where(eq(webhookDelivery.endpointId, endpointId));
}

/** The Standard Webhooks check, written here from the documented recipe (docs/api.md). */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const content = `${String(headers["webhook-id"])}.${String(headers["webhook-timestamp"])}.${body}`;
  const expected = `v1,${createHmac("sha256", key).update(content).digest("base64")}`;
  return String(headers["webhook-signature"])
    .split(" ")
    .some((signature) => signature === expected);
}

describe(`webhooks on ${process.env.TEST_DB}`, () => {
  it("issuing an invoice queues exactly one invoice.issued for a subscriber and none for others", async () => {
    const subscribed = await createWebhookEndpoint(database.db, admin, {
      url: receiverUrl,
      events: ["invoice.issued"],
    });
    const other = await createWebhookEndpoint(database.db, admin, {
      url: receiverUrl,
      events: ["timesheet.approved", "invoice.paid"],
    });
    const disabled = await createWebhookEndpoint(database.db, admin, {
      url: receiverUrl,
      events: ["invoice.issued"],
      active: false,
    });
    const draft = await draftInvoice();
    const issued = await issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
    const rows = await deliveriesOf(subscribed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventType: "invoice.issued", status: "queued", attempts: 0 });
    const body = JSON.parse(rows[0]!.body) as { id: string; type: string; created: string; data: { id: string } };
    expect(body).toMatchObject({ id: rows[0]!.eventId, type: "invoice.issued", data: { id: issued.id } });
    expect(body.data).toMatchObject({ number: issued.number, total: issued.total, currency: issued.currency });
    expect(await deliveriesOf(other.id)).toHaveLength(0);
    expect(await deliveriesOf(disabled.id)).toHaveLength(0);
  });

  it("a payment that brings the balance to zero queues invoice.paid, a partial one does not", async () => {
    const endpoint = await createWebhookEndpoint(database.db, admin, { url: receiverUrl, events: ["invoice.paid"] });
    const draft = await draftInvoice();
    const issued = await issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
    const half = (issued.total / 2 / 100).toFixed(2);
    await recordPayment(database.db, admin, {
      invoiceId: issued.id,
      amount: half,
      date: today(),
      method: "bank_transfer",
    });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    const [current] = await database.db.select().from(invoice).where(eq(invoice.id, issued.id));
    await recordPayment(database.db, admin, {
      invoiceId: issued.id,
      amount: (current!.balance / 100).toFixed(2),
      date: today(),
      method: "bank_transfer",
    });
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((row) => row.eventType)).toEqual(["invoice.paid"]);
    expect(JSON.parse(rows[0]!.body)).toMatchObject({ data: { id: issued.id, status: "paid", balance: 0 } });
  });

  it("a week submitted and approved, and a call-back request, queue their events", async () => {
    const endpoint = await createWebhookEndpoint(database.db, admin, {
      url: receiverUrl,
      events: ["timesheet.submitted", "timesheet.approved", "call.requested"],
    });
    const created = await insertClient(database.db, {});
    const projectRow = await insertProject(database.db, created.id);
    const sheet = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: "2026-03-02",
      grid: {
        rows: [{ projectId: projectRow.id, description: "Work", billable: true, cells: ["2", "", "", "", "", "", ""] }],
      },
      submit: true,
    });
    await approveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version });
    const call = await database.db.transaction((tx) =>
      requestCallback(tx, null, { contactName: "Web visitor", phone: "06 12 34 56 78", subject: "Call me" }),
    );
    const rows = await deliveriesOf(endpoint.id);
    const bodies = rows.map((row) => JSON.parse(row.body) as { type: string; data: Record<string, unknown> });
    expect(bodies.map((body) => body.type).sort()).toEqual([
      "call.requested",
      "timesheet.approved",
      "timesheet.submitted",
    ]);
    expect(bodies.find((body) => body.type === "timesheet.submitted")!.data).toMatchObject({
      id: sheet.id,
      userId: staff.id,
      weekStart: "2026-03-02",
      status: "submitted",
    });
    expect(bodies.find((body) => body.type === "timesheet.approved")!.data).toMatchObject({
      id: sheet.id,
      status: "approved",
      approvedBy: manager.id,
    });
    expect(bodies.find((body) => body.type === "call.requested")!.data).toMatchObject({
      id: call.id,
      contactName: "Web visitor",
    });
  });

  it("a change that is rolled back queues nothing", async () => {
    const endpoint = await createWebhookEndpoint(database.db, admin, { url: receiverUrl, events: ["invoice.issued"] });
    const draft = await draftInvoice();
    await expect(
      database.db.transaction(async (tx) => {
        await issueInvoice(tx as unknown as Database, admin, { id: draft.id, version: draft.version });
        expect(await tx.select().from(webhookDelivery).where(eq(webhookDelivery.endpointId, endpoint.id))).toHaveLength(
          1,
        );
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    const [still] = await database.db.select().from(invoice).where(eq(invoice.id, draft.id));
    expect(still?.status).toBe("draft");
  });

  it("delivers a signed POST the receiver verifies with the secret shown at creation", async () => {
    const { id, secret } = await createWebhookEndpoint(database.db, admin, {
      url: receiverUrl,
      events: ["invoice.issued"],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Stored sealed: the secret is nowhere in the row.
    const [row] = await database.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, id));
    expect(row!.secretSealed).not.toContain(secret.slice(6));
    const draft = await draftInvoice();
    await issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
    expect(await drainWebhooks(database.db)).toBe(1);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(verify(secret, request!.headers, request!.body)).toBe(true);
    expect(verify(secret, request!.headers, request!.body.replace("}", " }"))).toBe(false);
    const [delivery] = await deliveriesOf(id);
    expect(request!.headers["webhook-id"]).toBe(delivery!.eventId);
    expect(Math.abs(Number(request!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, lastStatus: 200, lastError: null });
    expect(delivery!.log).toHaveLength(1);

    // A rotated secret signs the next try; the old one no longer verifies.
    const rotated = await rotateWebhookSecret(database.db, admin, { id });
    await redeliverWebhook(database.db, admin, { id: delivery!.id });
    await drainWebhooks(database.db);
    expect(received).toHaveLength(2);
    expect(received[1]!.headers["webhook-id"]).toBe(delivery!.eventId);
    expect(verify(rotated.secret, received[1]!.headers, received[1]!.body)).toBe(true);
    expect(verify(secret, received[1]!.headers, received[1]!.body)).toBe(false);
    const log = await findWebhookEndpoints(database.db, admin);
    expect(log[0]!.deliveries[0]).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("a 500 is retried after the back-off; attempt 2 succeeds", async () => {
    const { id, secret } = await createWebhookEndpoint(database.db, admin, {
      url: receiverUrl,
      events: ["invoice.issued"],
    });
    const draft = await draftInvoice();
    await issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
    answers = [500];
    await drainWebhooks(database.db);
    let [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ status: "queued", attempts: 1, lastStatus: 500, lastError: "HTTP 500" });
    const waitMs = delivery!.nextAttemptAt.getTime() - delivery!.lastAttemptAt!.getTime();
    expect(waitMs).toBeGreaterThanOrEqual(59_000);
    expect(waitMs).toBeLessThanOrEqual(61_000);
    // Not due yet: nothing is sent.
    expect(await drainWebhooks(database.db)).toBe(0);
    await database.db
      .update(webhookDelivery)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(webhookDelivery.id, delivery!.id));
    await drainWebhooks(database.db);
    [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 2, lastStatus: 200 });
    expect(delivery!.log.map((entry) => [entry.attempt, entry.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(received).toHaveLength(2);
    expect(received[0]!.body).toBe(received[1]!.body);
    expect(verify(secret, received[1]!.headers, received[1]!.body)).toBe(true);
  });

  it("refuses loopback, private and link-local targets at registration with the setting off", async () => {
    await updateWebhookSettings(database.db, admin, { allowPrivate: false });
    const toTen: LookupAll = async () => [{ address: "10.1.2.3", family: 4 }];
    const mapped: LookupAll = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "::ffff:127.0.0.1", family: 6 },
    ];
    for (const [url, lookup] of [
      [receiverUrl, undefined],
      ["http://localhost/hooks", undefined],
      ["http://10.0.0.5/hooks", undefined],
      ["http://169.254.169.254/latest/meta-data", undefined],
      ["http://[::1]/hooks", undefined],
      ["https://internal.example.test/hooks", toTen],
      ["https://mixed.example.test/hooks", mapped],
    ] as const) {
      const attempt = createWebhookEndpoint(database.db, admin, { url, events: ["invoice.issued"] }, { lookup });
      await expect(attempt, url).rejects.toBeInstanceOf(InvalidError);
      await expect(attempt, url).rejects.toMatchObject({ code: "webhook.url_refused" });
    }
    await expect(
      createWebhookEndpoint(database.db, admin, { url: "ftp://example.com/", events: ["invoice.issued"] }),
    ).rejects.toBeInstanceOf(InvalidError);
    expect(await database.db.select().from(webhookEndpoint)).toHaveLength(0);
    // A public address passes.
    const publicLookup: LookupAll = async () => [{ address: "93.184.216.34", family: 4 }];
    await createWebhookEndpoint(
      database.db,
      admin,
      { url: "https://hooks.example.test/in", events: ["invoice.issued"] },
      { lookup: publicLookup },
    );
    expect(await database.db.select().from(webhookEndpoint)).toHaveLength(1);
  });

  it("refuses them at delivery too: nothing reaches the receiver once the setting is off", async () => {
    const { id } = await createWebhookEndpoint(database.db, admin, { url: receiverUrl, events: ["invoice.issued"] });
    const rebound = await createWebhookEndpoint(
      database.db,
      admin,
      { url: "http://rebound.example.test/hooks", events: ["invoice.issued"] },
      { lookup: async () => [{ address: "93.184.216.34", family: 4 }] },
    );
    await updateWebhookSettings(database.db, admin, { allowPrivate: false });
    const draft = await draftInvoice();
    await issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
    // The name now points at the cloud metadata address (DNS rebinding).
    await drainWebhooks(database.db, { lookup: async () => [{ address: "169.254.169.254", family: 4 }] });
    expect(received).toHaveLength(0);
    const [direct] = await deliveriesOf(id);
    expect(direct).toMatchObject({ status: "queued", attempts: 1, lastStatus: null });
    expect(direct!.lastError).toMatch(/127\.0\.0\.1, a loopback address/);
    const [viaName] = await deliveriesOf(rebound.id);
    expect(viaName!.lastError).toMatch(/169\.254\.169\.254, a link-local address/);
  });

  it("a disabled endpoint's deliveries wait; deleting it removes its log", async () => {
    const { id } = await createWebhookEndpoint(database.db, admin, { url: receiverUrl, events: ["invoice.issued"] });
    const draft = await draftInvoice();
    await issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
    await setWebhookEndpointActive(database.db, admin, { id, active: false });
    expect(await drainWebhooks(database.db)).toBe(0);
    await setWebhookEndpointActive(database.db, admin, { id, active: true });
    expect(await drainWebhooks(database.db)).toBe(1);
    await deleteWebhookEndpoint(database.db, admin, { id });
    expect(await deliveriesOf(id)).toHaveLength(0);
  });

  it("refuses managers and staff on every action, and on the list", async () => {
    const { id } = await createWebhookEndpoint(database.db, admin, { url: receiverUrl, events: ["invoice.issued"] });
    const draft = await draftInvoice();
    await issueInvoice(database.db, admin, { id: draft.id, version: draft.version });
    const [delivery] = await deliveriesOf(id);
    for (const actor of [manager, staff]) {
      for (const attempt of [
        () => createWebhookEndpoint(database.db, actor, { url: receiverUrl, events: ["invoice.issued"] }),
        () => setWebhookEndpointActive(database.db, actor, { id, active: false }),
        () => rotateWebhookSecret(database.db, actor, { id }),
        () => deleteWebhookEndpoint(database.db, actor, { id }),
        () => redeliverWebhook(database.db, actor, { id: delivery!.id }),
        () => updateWebhookSettings(database.db, actor, { allowPrivate: false }),
        () => findWebhookEndpoints(database.db, actor),
      ])
        await expect(attempt()).rejects.toBeInstanceOf(ForbiddenError);
    }
    const [row] = await database.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, id));
    expect(row?.active).toBe(true);
  });
});
