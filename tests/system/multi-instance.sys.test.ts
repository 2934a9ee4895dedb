// Issue 10, item 3: two production instances (`npm run multi-instance`) on one PostgreSQL, the
// worker running apart. Everything goes through HTTP the way the UI sends it, to either instance,
// with the same public APP_URL on both as behind a load balancer.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvent,
  contactMessage,
  email,
  invoice,
  numberingCounter,
  session,
  settings,
  user,
} from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createDraftInvoice } from "../../src/modules/invoices/invoice-mutations";
import { createUser } from "../../src/modules/users/user-mutations";
import { draftInput, insertClient } from "../support/invoice-fixtures";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp-receiver";
import { createSystemDatabase, type SystemDatabase } from "./support/database";
import { ACTIONS, callAction, getPage, hiddenFields, postForm, signIn, type Visitor } from "./support/http";
import {
  ADMIN,
  cleanEnv,
  eventually,
  type ManagedProcess,
  SECRET,
  sleep,
  spawnManaged,
  stopProcess,
} from "./support/processes";

const A = "http://127.0.0.1:3301";
const B = "http://127.0.0.1:3302";
const APP_URL = "http://bureau.test";
const RATE_LIMITED = "We have received several submissions from your network";

let database: SystemDatabase;
let receiver: SmtpReceiver;
let instances: ManagedProcess;
let admin: Actor;
let ipCount = 0;
const visitor = (cookie?: string): Visitor => ({ appUrl: APP_URL, ip: `198.51.100.${++ipCount}`, cookie });
const sender = visitor();
const burster = visitor();
/** The /mail form as each instance served it to each visitor (hidden fields, with its signed "loaded at" token). */
let forms: { fetchedAt: number; fields: Map<string, Record<string, string>> };

beforeAll(async () => {
  // Not migrated: the script's worker migrates, then both instances start at once on that database.
  database = await createSystemDatabase("multi");
  receiver = await startSmtpReceiver();
  instances = spawnManaged(
    "multi-instance",
    process.execPath,
    ["scripts/multi-instance.mjs", "--ports", "3301,3302"],
    cleanEnv({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: "5",
      BETTER_AUTH_SECRET: SECRET,
      APP_URL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: receiver.url(),
      LOG_LEVEL: "info",
      // Requests come as through a load balancer on loopback, naming each visitor's address.
      TRUSTED_PROXIES: "loopback",
    }),
  );
  await instances.waitForOutput("multi-instance: ready", 90_000);
  const [row] = await database.handle.db.select().from(user).where(eq(user.email, ADMIN.email));
  admin = { id: row!.id, name: row!.name, role: "admin" };
  const fields = new Map<string, Record<string, string>>();
  for (const who of [sender, burster])
    for (const base of [A, B])
      fields.set(`${who.ip} ${base}`, hiddenFields((await getPage(base, who, "/mail")).html, "formToken"));
  forms = { fetchedAt: Date.now(), fields };
});

/** Posts the /mail form as the visitor's browser (without JavaScript) would, to `base`. */
function postContact(base: string, who: Visitor, n: number) {
  const fields = forms.fields.get(`${who.ip} ${base}`) ?? forms.fields.get(`${sender.ip} ${base}`)!;
  return postForm(base, who, "/mail", {
    ...fields,
    name: `Sender ${n}`,
    email: `sender${n}@example.com`,
    subject: `Question ${n}`,
    body: `A question about your services, number ${n}.`,
  });
}

afterAll(async () => {
  const exit = await stopProcess(instances);
  await receiver?.stop();
  await database?.drop();
  // Stopped with SIGTERM, the script and its processes finish cleanly.
  expect(exit).toEqual({ code: 0, signal: null });
});

describe("two instances on one PostgreSQL, the worker apart", () => {
  it("all started at once on a new database; only the separate worker delivers mail", async () => {
    const output = instances.output();
    expect(output).toMatch(/\[worker\].*background worker started/);
    expect(output).not.toMatch(/\[[ab]:\d+\].*background worker started/);
    // One administrator and one settings row, though both instances ran the first-run steps at once.
    const [users] = await database.handle.db.select({ value: sql<number>`count(*)::int` }).from(user);
    const [firms] = await database.handle.db.select({ value: sql<number>`count(*)::int` }).from(settings);
    expect([users!.value, firms!.value]).toEqual([1, 1]);
  });

  it("a session made on A is valid on B; signing out on B ends it on A too", async () => {
    const signedIn = await signIn(A, visitor(), ADMIN.email, ADMIN.password);
    expect(signedIn.status).toBe(200);
    const browser = visitor(signedIn.cookie);
    for (const base of [A, B]) expect((await getPage(base, browser, "/bo/invoices")).status).toBe(200);

    const out = await callAction(B, browser, "/bo", ACTIONS.signOut, []);
    expect(out.redirect).toMatch(/^\/bo\/login/);
    const [left] = await database.handle.db.select({ value: sql<number>`count(*)::int` }).from(session);
    expect(left!.value).toBe(0);
    // The same cookie, replayed: refused everywhere (the session row is gone).
    for (const base of [A, B]) {
      const page = await getPage(base, browser, "/bo/invoices");
      expect(page.status).toBe(307);
      expect(page.location).toMatch(/\/bo\/login/);
    }
  });

  it("sign-in lock-out counts failures on both: 5 split across A and B, then 429 on either", async () => {
    await createUser(database.handle.db, admin, {
      name: "Lee Locked",
      email: "lee@example.com",
      role: "manager",
      defaultHourlyRate: "",
      password: "lee's real password 1",
    });
    const attacker = visitor();
    const statuses = [];
    for (const base of [A, B, A, B, A])
      statuses.push((await signIn(base, attacker, "lee@example.com", "wrong password 123")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const base of [B, A]) {
      const locked = await signIn(base, attacker, "lee@example.com", "wrong password 123");
      expect(locked.status).toBe(429);
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    }
    // Locked by email too: the right password from another address is refused on both.
    for (const base of [A, B])
      expect((await signIn(base, visitor(), "lee@example.com", "lee's real password 1")).status).toBe(429);
  });

  it("the public form limit (5 an hour per address) is shared by both instances", async () => {
    // Sent no sooner than a person could fill the form in (3 s after the page was served).
    await sleep(Math.max(0, 3_100 - (Date.now() - forms.fetchedAt)));
    const accepted = [];
    for (const [n, base] of [A, B, A, B, A].entries()) accepted.push(await postContact(base, sender, n));
    expect(accepted.map((answer) => [answer.status, answer.location])).toEqual(Array(5).fill([303, "/mail?sent=1"]));
    for (const base of [B, A]) {
      const refused = await postContact(base, sender, 9);
      expect(refused.status).toBe(200);
      expect(refused.html).toContain(RATE_LIMITED);
    }
    expect(await database.handle.db.select().from(contactMessage)).toHaveLength(5);
    // Per address: someone else is not affected.
    expect((await postContact(B, visitor(), 10)).location).toBe("/mail?sent=1");
  });

  it("a burst of 10 submissions at once from one address, across both instances: exactly 5 get in", async () => {
    await sleep(Math.max(0, 3_100 - (Date.now() - forms.fetchedAt)));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => postContact(n % 2 ? B : A, burster, 20 + n)),
    );
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 200 && answer.html.includes(RATE_LIMITED))).toHaveLength(5);
    expect(await database.handle.db.select().from(contactMessage)).toHaveLength(11);
  });

  it("20 drafts issued at once, half through A and half through B, get the numbers 1 to 20", async () => {
    const { handle } = database;
    const client = await insertClient(handle.db, { billingEmail: "billing@client.example" });
    const drafts = [];
    for (let n = 0; n < 20; n++) drafts.push(await createDraftInvoice(handle.db, admin, draftInput(client.id)));
    const browser = visitor((await signIn(B, visitor(), ADMIN.email, ADMIN.password)).cookie);

    const answers = await Promise.all(
      drafts.map((draft, n) =>
        callAction<{ ok: boolean; data?: { number: string } }>(
          n % 2 ? B : A,
          browser,
          `/bo/invoices/${draft.id}`,
          ACTIONS.issueInvoice,
          [{ id: draft.id, version: draft.version }],
        ),
      ),
    );
    expect(answers.map((answer) => answer.result?.ok)).toEqual(Array(20).fill(true));
    const numbers = answers.map((answer) => answer.result!.data!.number).sort();
    const year = numbers[0]!.slice(0, 4);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, n) => `${year}-${String(n + 1).padStart(4, "0")}`));

    const stored = await handle.db
      .select({ number: invoice.number, status: invoice.status })
      .from(invoice)
      .where(
        inArray(
          invoice.id,
          drafts.map((draft) => draft.id),
        ),
      );
    expect(stored.every((row) => row.status === "issued")).toBe(true);
    expect(stored.map((row) => row.number).sort()).toEqual(numbers);
    const [counter] = await handle.db.select().from(numberingCounter).where(eq(numberingCounter.series, "invoice"));
    expect(counter!.lastSequence).toBe(20);
    const issues = await handle.db.select().from(auditEvent).where(eq(auditEvent.action, "issue"));
    expect(issues).toHaveLength(20);
  });

  it("mail queued through both instances is delivered exactly once each", async () => {
    const { handle } = database;
    const browser = visitor((await signIn(A, visitor(), ADMIN.email, ADMIN.password)).cookie);
    const issued = await handle.db
      .select({ id: invoice.id })
      .from(invoice)
      .where(eq(invoice.status, "issued"))
      .limit(10);
    const sends = await Promise.all(
      issued.map((row, n) =>
        callAction(n % 2 ? B : A, browser, `/bo/invoices/${row.id}`, ACTIONS.sendInvoiceEmail, [
          {
            invoiceId: row.id,
            to: "billing@client.example",
            cc: "",
            subject: `Invoice ${n}`,
            message: "Please find the invoice attached.",
          },
        ]),
      ),
    );
    expect(sends.map((answer) => answer.result?.ok)).toEqual(Array(10).fill(true));

    // Everything queued so far: 10 invoices, 11 acknowledgements of the contact form, 1 welcome mail.
    const rows = await eventually(
      "every mail sent",
      async () => {
        const all = await handle.db.select().from(email);
        return all.length === 22 && all.every((row) => row.status === "sent") ? all : null;
      },
      30_000,
      250,
    );
    await sleep(1_500); // a second poll of the worker: nothing more arrives
    const delivered = receiver.messages.map((message) => message.messageId);
    expect(delivered).toHaveLength(rows.length);
    expect(new Set(delivered).size).toBe(rows.length);
    expect(new Set(delivered)).toEqual(new Set(rows.map((row) => row.messageId)));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });
});
