import { randomBytes } from "node:crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { email } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  claimEmails,
  drainOutbox,
  markSent,
  processOutboxBatch,
  type DeliveryOptions,
} from "../../src/modules/mail/mail-worker";
import { retryEmail } from "../../src/modules/mail/mail-mutations";
import { enqueueEmail } from "../../src/modules/mail/outbox";
import { createSmtpTransport, type MailTransport } from "../../src/modules/mail/smtp-transport";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { attachmentsOf, startSmtpReceiver, type SmtpReceiver } from "../support/smtp-receiver";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let receiver: SmtpReceiver;
let transport: MailTransport;
const FROM = "Bureau Tests <bureau@example.test>";

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  receiver = await startSmtpReceiver();
  transport = createSmtpTransport(receiver.url());
});
afterAll(async () => {
  transport?.close?.();
  await receiver?.stop();
  await tearDownDatabase(database);
});
beforeEach(() => receiver.reset());

const options = (overrides: Partial<DeliveryOptions> = {}): DeliveryOptions => ({
  transport,
  from: FROM,
  backoffBaseMs: 0,
  ...overrides,
});

async function queue(subject: string, extra: Partial<Parameters<typeof enqueueEmail>[1]> = {}) {
  return database.db.transaction((tx) =>
    enqueueEmail(tx, {
      to: ["client@example.com"],
      subject,
      text: `Text of ${subject}`,
      html: `<p>${subject}</p>`,
      ...extra,
    }),
  );
}

async function row(id: string) {
  const [found] = await database.db.select().from(email).where(eq(email.id, id));
  return found!;
}

describe(`the outbox on ${process.env.TEST_DB}`, () => {
  it("writes the mail in the caller's transaction: rolled back, there is no mail", async () => {
    const before = await database.db.select({ value: count() }).from(email);
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: ["a@example.com"], subject: "never", text: "x", html: "x" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const after = await database.db.select({ value: count() }).from(email);
    expect(after[0]?.value).toBe(before[0]?.value);
  });

  it("delivers over SMTP with the row's Message-ID and byte-identical attachments", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(40_000), Buffer.from([0, 255, 13, 10, 0])]);
    const id = await queue("With attachment", {
      cc: ["Copy@Example.com"],
      attachments: [{ filename: "invoice-2026-0001.pdf", contentType: "application/pdf", content: pdf }],
    });
    expect(await drainOutbox(database.db, options())).toBe(1);
    const sent = await row(id);
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(receiver.messages).toHaveLength(1);
    const received = receiver.messages[0]!;
    expect(received.messageId).toBe(sent.messageId);
    expect(sent.messageId.startsWith(`<${id}@`)).toBe(true);
    expect(received.rcptTo.sort()).toEqual(["client@example.com", "copy@example.com"]);
    const [attachment] = attachmentsOf(received.raw);
    expect(attachment?.filename).toBe("invoice-2026-0001.pdf");
    expect(attachment?.contentType).toBe("application/pdf");
    expect(attachment?.content.equals(pdf)).toBe(true);
  });

  it("keeps mail as captured when SMTP is not configured", async () => {
    const id = await queue("No SMTP");
    await drainOutbox(database.db, options({ transport: null }));
    expect((await row(id)).status).toBe("captured");
    expect((await row(id)).attempts).toBe(0);
    expect(receiver.messages).toHaveLength(0);
  });

  it("with the receiver down, retries with back-off, keeps each error, and delivers exactly once when it is back", async () => {
    await receiver.stop();
    const down = createSmtpTransport(receiver.url());
    try {
      const id = await queue("Receiver down");
      expect(await processOutboxBatch(database.db, options({ transport: down, backoffBaseMs: 60_000 }))).toBe(1);
      let current = await row(id);
      expect(current.status).toBe("queued");
      expect(current.attempts).toBe(1);
      expect(current.errors).toHaveLength(1);
      expect(current.lastError).toMatch(/ECONNREFUSED|connect/i);
      // Back-off: not due yet, so nothing is claimed.
      expect(current.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 45_000);
      expect(await processOutboxBatch(database.db, options({ transport: down }))).toBe(0);
      // A second failed try once due.
      await database.db
        .update(email)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(email.id, id));
      await processOutboxBatch(database.db, options({ transport: down }));
      current = await row(id);
      expect(current.attempts).toBe(2);
      expect(current.errors.map((entry) => entry.attempt)).toEqual([1, 2]);

      await receiver.start();
      await database.db
        .update(email)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(email.id, id));
      await drainOutbox(database.db, options({ transport: down }));
      await drainOutbox(database.db, options({ transport: down }));
      current = await row(id);
      expect(current.status).toBe("sent");
      expect(current.attempts).toBe(3);
      expect(receiver.messages.filter((message) => message.messageId === current.messageId)).toHaveLength(1);
      expect(receiver.messages).toHaveLength(1);
    } finally {
      down.close?.();
    }
  });

  it("gives up after 8 tries, keeping every error; a failed mail can be retried", async () => {
    const failing: MailTransport = {
      sendMail: async () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    };
    const id = await queue("Always failing");
    for (let i = 0; i < 10; i++) await drainOutbox(database.db, options({ transport: failing }));
    let current = await row(id);
    expect(current.status).toBe("failed");
    expect(current.attempts).toBe(8);
    expect(current.errors).toHaveLength(8);

    await retryEmail(database.db, admin, { id });
    current = await row(id);
    expect(current.status).toBe("queued");
    expect(current.errors).toHaveLength(8);
    await drainOutbox(database.db, options());
    current = await row(id);
    expect(current.status).toBe("sent");
    expect(receiver.messages).toHaveLength(1);
    await expect(retryEmail(database.db, admin, { id })).rejects.toThrow("Only a failed mail");
    await expect(retryEmail(database.db, { ...admin, role: "staff" }, { id })).rejects.toThrow(
      /administrators and managers/,
    );
  });

  it("a permanent SMTP refusal (5xx) fails at once", async () => {
    const refusing: MailTransport = {
      sendMail: async () => Promise.reject(Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 })),
    };
    const id = await queue("Refused");
    await drainOutbox(database.db, options({ transport: refusing }));
    expect((await row(id)).status).toBe("failed");
    expect((await row(id)).attempts).toBe(1);
  });

  it("a worker killed mid-send loses nothing and duplicates nothing: the row comes back after its lease", async () => {
    const id = await queue("Crash");
    // Worker A claims and dies before sending.
    const [claimed] = await claimEmails(database.db, 10, 60_000);
    expect(claimed?.id).toBe(id);
    // While the lease holds, nobody else takes it.
    expect(await processOutboxBatch(database.db, options())).toBe(0);
    expect((await row(id)).status).toBe("sending");
    // "Restart": the lease expires, worker B takes the row and delivers it.
    await database.db
      .update(email)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(email.id, id));
    expect(await drainOutbox(database.db, options())).toBe(1);
    const current = await row(id);
    expect(current.status).toBe("sent");
    expect(current.attempts).toBe(2);
    // Worker A coming back late cannot overwrite B's outcome.
    expect(await markSent(database.db, claimed!)).toBe(false);
    expect(receiver.messages).toHaveLength(1);
    expect(receiver.messages[0]?.messageId).toBe(current.messageId);
  });

  it("two workers never send the same mail: 50 mails, exactly 50 distinct Message-IDs", async () => {
    const ids: string[] = [];
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 50; i++)
        ids.push(
          await enqueueEmail(tx, { to: [`r${i}@example.com`], subject: `Bulk ${i}`, text: "t", html: "<p>t</p>" }),
        );
    });
    const second = createSmtpTransport(receiver.url());
    try {
      const [a, b] = await Promise.all([
        drainOutbox(database.db, options({ batchSize: 5, concurrency: 2 })),
        drainOutbox(database.db, options({ transport: second, batchSize: 5, concurrency: 2 })),
      ]);
      expect(a + b).toBe(50);
      if (process.env.TEST_DB === "postgres") expect(Math.min(a, b)).toBeGreaterThan(0);
    } finally {
      second.close?.();
    }
    const rows = await database.db.select().from(email).where(inArray(email.id, ids));
    expect(rows.every((current) => current.status === "sent" && current.attempts === 1)).toBe(true);
    expect(receiver.messages).toHaveLength(50);
    expect(new Set(receiver.messages.map((message) => message.messageId)).size).toBe(50);
    expect(new Set(receiver.messages.map((message) => message.messageId))).toEqual(
      new Set(rows.map((current) => current.messageId)),
    );
  });
});
