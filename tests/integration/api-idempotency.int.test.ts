// Idempotency keys on the API's money POSTs and the per-token rate limit (decision 051), through
// the handler on a real database. On PostgreSQL the concurrent retries really run in parallel on
// the pool's connections; on PGlite they queue on its single connection.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiIdempotencyKey, invoice, payment } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { purgeExpiredIdempotencyKeys } from "../../src/modules/api/api-idempotency";
import { createApiToken } from "../../src/modules/api/api-tokens";
import { apiCall, type ApiCallOptions, apiPerson } from "../support/api-fixtures";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let alice: Actor;
let bob: Actor;
let aliceToken: string;
let bobToken: string;
let clientId: string;

const MONEY_SCOPES = ["invoice.read", "invoice.edit", "invoice.issue", "payment.record"];

const manager = (email: string) => apiPerson(database.db, admin, "manager", email, email);

type CallOptions = ApiCallOptions & { key?: string };
const call = (token: string, method: string, path: string, body?: unknown, { key, ...options }: CallOptions = {}) =>
  apiCall(database.db, token, method, path, body, { ...options, idempotencyKey: key });

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown> & { code?: string };
}

async function invoiceCount() {
  const [row] = await database.db.select({ value: count() }).from(invoice);
  return row!.value;
}

async function paymentCount(invoiceId: string) {
  const [row] = await database.db.select({ value: count() }).from(payment).where(eq(payment.invoiceId, invoiceId));
  return row!.value;
}

const draftBody = (notes = "") => draftInput(clientId, { notes, lines: [line()] });
const uniqueKey = (label: string) => `${label}-${crypto.randomUUID()}`;

/** An issued invoice made through the API, without keys. */
async function issuedInvoice(): Promise<{ id: string; version: number }> {
  const draft = await json(await call(aliceToken, "POST", "/invoices", draftBody()));
  const issued = await call(aliceToken, "POST", `/invoices/${draft.id}/issue`, { version: draft.version });
  expect(issued.status).toBe(200);
  return (await json(issued)) as { id: string; version: number };
}

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  alice = await manager("alice@example.com");
  bob = await manager("bob@example.com");
  aliceToken = (await createApiToken(database.db, alice, { name: "Alice", scopes: MONEY_SCOPES })).token;
  bobToken = (await createApiToken(database.db, bob, { name: "Bob", scopes: MONEY_SCOPES })).token;
  clientId = (await insertClient(database.db)).id;
});
afterAll(() => tearDownDatabase(database));

describe(`idempotency keys on ${process.env.TEST_DB}`, () => {
  it("answers a repeated key with the first result and creates one invoice", async () => {
    const key = uniqueKey("create");
    const before = await invoiceCount();
    const first = await call(aliceToken, "POST", "/invoices", draftBody("once"), { key });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstText = await first.text();
    const again = await call(aliceToken, "POST", "/invoices", draftBody("once"), { key });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toBe("application/json");
    expect(await again.text()).toBe(firstText);
    expect(await invoiceCount()).toBe(before + 1);
    const [stored] = await database.db.select().from(apiIdempotencyKey).where(eq(apiIdempotencyKey.key, key));
    expect(stored).toMatchObject({ userId: alice.id, request: "POST /api/v1/invoices", status: 201 });
    expect(stored!.bodyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses the same key with another body or on another path (422), creating nothing", async () => {
    const key = uniqueKey("reuse");
    expect((await call(aliceToken, "POST", "/invoices", draftBody("first"), { key })).status).toBe(201);
    const before = await invoiceCount();
    const otherBody = await call(aliceToken, "POST", "/invoices", draftBody("second"), { key });
    expect(otherBody.status).toBe(422);
    expect(otherBody.headers.get("content-type")).toBe("application/problem+json");
    expect(await json(otherBody)).toMatchObject({ status: 422, code: "api.idempotency_key_reused" });
    expect(await invoiceCount()).toBe(before);

    const target = await issuedInvoice();
    const otherPath = await call(
      aliceToken,
      "POST",
      `/invoices/${target.id}/payments`,
      { amount: "1", date: "2026-01-05", method: "bank_transfer" },
      { key },
    );
    expect(otherPath.status).toBe(422);
    expect((await json(otherPath)).code).toBe("api.idempotency_key_reused");
    expect(await paymentCount(target.id)).toBe(0);
  });

  it("records one payment for a repeated key, and issues once", async () => {
    const draft = await json(await call(aliceToken, "POST", "/invoices", draftBody()));
    const issueKey = uniqueKey("issue");
    const issued = await call(
      aliceToken,
      "POST",
      `/invoices/${draft.id}/issue`,
      { version: draft.version },
      { key: issueKey },
    );
    expect(issued.status).toBe(200);
    const issuedBody = await json(issued);
    // Without the key, a second issue is refused; with it, the first answer comes back.
    const replayedIssue = await call(
      aliceToken,
      "POST",
      `/invoices/${draft.id}/issue`,
      { version: draft.version },
      { key: issueKey },
    );
    expect(replayedIssue.status).toBe(200);
    expect(await json(replayedIssue)).toEqual(issuedBody);

    const key = uniqueKey("pay");
    const body = { amount: "10", date: "2026-01-05", method: "bank_transfer", reference: "R1" };
    const paid = await call(aliceToken, "POST", `/invoices/${draft.id}/payments`, body, { key });
    expect(paid.status).toBe(201);
    const paidBody = await json(paid);
    const repeated = await call(aliceToken, "POST", `/invoices/${draft.id}/payments`, body, { key });
    expect(repeated.status).toBe(201);
    expect(repeated.headers.get("idempotent-replayed")).toBe("true");
    expect(await json(repeated)).toEqual(paidBody);
    expect(await paymentCount(draft.id as string)).toBe(1);
  });

  it("runs five concurrent retries with one key exactly once, each getting the first's answer", async () => {
    const before = await invoiceCount();
    const key = uniqueKey("burst");
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => call(aliceToken, "POST", "/invoices", draftBody("burst"), { key })),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(responses.filter((response) => response.headers.get("idempotent-replayed") === "true")).toHaveLength(4);
    expect(await invoiceCount()).toBe(before + 1);

    const target = await issuedInvoice();
    const payKey = uniqueKey("burst-pay");
    const body = { amount: "5", date: "2026-01-06", method: "card" };
    const payments = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(aliceToken, "POST", `/invoices/${target.id}/payments`, body, { key: payKey }),
      ),
    );
    expect(payments.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await paymentCount(target.id)).toBe(1);
  });

  it("keeps two people's keys apart: the same key makes one invoice each", async () => {
    const key = uniqueKey("shared");
    const before = await invoiceCount();
    const fromAlice = await json(await call(aliceToken, "POST", "/invoices", draftBody("alice"), { key }));
    const fromBob = await call(bobToken, "POST", "/invoices", draftBody("bob"), { key });
    expect(fromBob.status).toBe(201);
    expect(fromBob.headers.get("idempotent-replayed")).toBeNull();
    const bobsInvoice = await json(fromBob);
    expect(bobsInvoice.id).not.toBe(fromAlice.id);
    expect(await invoiceCount()).toBe(before + 2);
    // Each person's retry gets their own first answer back.
    const bobAgain = await call(bobToken, "POST", "/invoices", draftBody("bob"), { key });
    expect(bobAgain.headers.get("idempotent-replayed")).toBe("true");
    expect((await json(bobAgain)).id).toBe(bobsInvoice.id);
    expect(await invoiceCount()).toBe(before + 2);
  });

  it("stores nothing for a refused request: the same key may be retried once corrected", async () => {
    const draft = await json(await call(aliceToken, "POST", "/invoices", draftBody()));
    const key = uniqueKey("stale");
    const stale = await call(aliceToken, "POST", `/invoices/${draft.id}/issue`, { version: 99 }, { key });
    expect(stale.status).toBe(409);
    expect((await json(stale)).code).toBe("invoice.stale");
    expect(await database.db.select().from(apiIdempotencyKey).where(eq(apiIdempotencyKey.key, key))).toHaveLength(0);
    const corrected = await call(
      aliceToken,
      "POST",
      `/invoices/${draft.id}/issue`,
      { version: draft.version },
      { key },
    );
    expect(corrected.status).toBe(200);
  });

  it("refuses a malformed key and ignores, then purges, keys older than 24 hours", async () => {
    for (const key of [" ", "has space", "é", "x".repeat(256)]) {
      const refused = await call(aliceToken, "POST", "/invoices", draftBody(), { key });
      expect(refused.status, JSON.stringify(key)).toBe(400);
      expect((await json(refused)).code).toBe("api.idempotency_key_invalid");
    }
    expect((await call(aliceToken, "POST", "/invoices", draftBody(), { key: "x".repeat(255) })).status).toBe(201);

    const key = uniqueKey("old");
    const before = await invoiceCount();
    await call(aliceToken, "POST", "/invoices", draftBody("old"), { key });
    const dayLater = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    const later = await call(aliceToken, "POST", "/invoices", draftBody("old"), { key, now: dayLater });
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await invoiceCount()).toBe(before + 2);

    const purged = await purgeExpiredIdempotencyKeys(database.db, new Date(dayLater.getTime() + 25 * 60 * 60 * 1000));
    expect(purged).toBeGreaterThan(0);
    expect(await database.db.select().from(apiIdempotencyKey)).toHaveLength(0);
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "answers 409 while another request with the key is still running",
    async () => {
      if (database.kind !== "postgres") return;
      const key = uniqueKey("in-flight");
      const connection = await database.pool.connect();
      try {
        // Another instance's request holds the key, uncommitted.
        await connection.query("begin");
        await connection.query(
          `insert into api_idempotency_keys (id, user_id, key, request, body_hash, status, content_type, response_body)
           values (gen_random_uuid(), $1, $2, 'POST /api/v1/invoices', 'x', 0, '', '')`,
          [alice.id, key],
        );
        const before = await invoiceCount();
        const waiting = await call(aliceToken, "POST", "/invoices", draftBody(), { key, idempotencyWaitMs: 300 });
        expect(waiting.status).toBe(409);
        expect(waiting.headers.get("retry-after")).toBe("1");
        expect((await json(waiting)).code).toBe("api.idempotency_in_progress");
        expect(await invoiceCount()).toBe(before);
      } finally {
        await connection.query("rollback");
        connection.release();
      }
    },
  );
});

describe(`the per-token rate limit on ${process.env.TEST_DB}`, () => {
  it("answers 429 after the limit with Retry-After, leaves other tokens alone, and resets with the window", async () => {
    const rateLimit = { bucket: "api-token-window-test", limit: 3, windowMs: 60_000 };
    // 10 s into a minute, so the window has 50 s left.
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 10_000);
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await call(aliceToken, "GET", "/invoices", undefined, { rateLimit, now });
      statuses.push(response.status);
      expect(response.headers.get("ratelimit-limit")).toBe("3");
      expect(response.headers.get("ratelimit-remaining")).toBe(String(2 - index));
      expect(response.headers.get("ratelimit-reset")).toBe("50");
    }
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await call(aliceToken, "GET", "/invoices", undefined, { rateLimit, now });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.headers.get("retry-after")).toBe("50");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect((await json(refused)).code).toBe("api.rate_limited");

    const other = await call(bobToken, "GET", "/invoices", undefined, { rateLimit, now });
    expect(other.status).toBe(200);
    expect(other.headers.get("ratelimit-remaining")).toBe("2");

    const nextWindow = new Date(now.getTime() + 50_000);
    const reset = await call(aliceToken, "GET", "/invoices", undefined, { rateLimit, now: nextWindow });
    expect(reset.status).toBe(200);
    expect(reset.headers.get("ratelimit-remaining")).toBe("2");
    expect(reset.headers.get("ratelimit-reset")).toBe("60");
  });

  it("lets exactly the limit through when requests arrive together, and puts the headers on problems too", async () => {
    const rateLimit = { bucket: "api-token-burst-test", limit: 4, windowMs: 60_000 };
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    const responses = await Promise.all(
      Array.from({ length: 9 }, () => call(bobToken, "GET", "/invoices?pageSize=999", undefined, { rateLimit, now })),
    );
    // Refused for the page size (400) or the limit (429): four counted within the limit.
    expect(responses.filter((response) => response.status === 400)).toHaveLength(4);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(5);
    expect(responses.every((response) => response.headers.get("ratelimit-limit") === "4")).toBe(true);
  });
});
