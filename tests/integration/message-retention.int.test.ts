// Issue 31, item 2: contact messages (call-back requests included) are deleted with their replies
// once older than Settings → Public site → Message retention; the calls they asked for stay.
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, call, contactMessage, contactMessageReply, settings } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { purgeExpiredApplications } from "../../src/modules/jobs/job-mutations";
import { requestCallback } from "../../src/modules/calls/call-mutations";
import { purgeExpiredMessages, replyToMessage } from "../../src/modules/messages/message-mutations";
import { PURGE_BATCH_SIZE } from "../../src/modules/public-site/retention-mutations";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
const NOW = new Date("2026-06-15T08:00:00Z");

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  await getSettings(database.db);
});
afterAll(() => tearDownDatabase(database));

/** A message as the /mail form stores it (with its requested call when it asks for one), arrived at `createdAt`. */
async function sendMessage(subject: string, createdAt: Date, callback = false) {
  const visitor = { name: "Jane Prospect", email: "jane@prospect.example", phone: "+33612345678" };
  const body = "We would like to talk about a redesign of our website next spring.";
  const callId = callback
    ? (
        await requestCallback(database.db, null, {
          contactName: visitor.name,
          phone: visitor.phone,
          email: visitor.email,
          subject,
          notes: body,
        })
      ).id
    : null;
  const [row] = await database.db
    .insert(contactMessage)
    .values({ ...visitor, subject, body, wantsCallback: callback, callId, createdAt })
    .returning({ id: contactMessage.id });
  return { messageId: row!.id, callId };
}

async function reply(messageId: string) {
  const { replyId } = await replyToMessage(database.db, admin, {
    id: messageId,
    subject: "Re: your message",
    body: "Thank you, let us talk next week.",
  });
  return replyId;
}

const messageExists = async (id: string) =>
  (await database.db.select().from(contactMessage).where(eq(contactMessage.id, id))).length === 1;
const repliesOf = async (id: string) =>
  database.db.select().from(contactMessageReply).where(eq(contactMessageReply.messageId, id));
const purgeEvents = async () =>
  database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, "message"), eq(auditEvent.action, "purge")))
    .orderBy(auditEvent.createdAt);
const messageCount = async () => (await database.db.select({ value: count() }).from(contactMessage))[0]!.value;

describe(`the message retention purge on ${process.env.TEST_DB}`, () => {
  it("deletes messages older than the setting with their replies, keeps newer ones and the calls asked for", async () => {
    const old = await sendMessage("An old question", new Date("2025-06-14T08:00:00Z"));
    const oldReplies = [await reply(old.messageId), await reply(old.messageId)];
    const oldCallback = await sendMessage("Call me, long ago", new Date("2025-05-01T09:00:00Z"), true);
    expect(oldCallback.callId).not.toBeNull();
    const recent = await sendMessage("A recent question", new Date("2025-06-16T08:00:00Z"));
    const recentReply = await reply(recent.messageId);

    const purged = await purgeExpiredMessages(database.db, NOW);

    expect(purged).toBe(2);
    expect(await messageExists(old.messageId)).toBe(false);
    expect(await messageExists(oldCallback.messageId)).toBe(false);
    expect(await repliesOf(old.messageId)).toEqual([]);
    expect(
      await database.db.select().from(contactMessageReply).where(inArray(contactMessageReply.id, oldReplies)),
    ).toEqual([]);
    // The newer message and its reply stay.
    expect(await messageExists(recent.messageId)).toBe(true);
    expect((await repliesOf(recent.messageId)).map((row) => row.id)).toEqual([recentReply]);
    // The call made from the call-back request stays in the call log; nothing links to it any more.
    const [callRow] = await database.db.select().from(call).where(eq(call.id, oldCallback.callId!));
    expect(callRow).toMatchObject({ status: "requested", contactName: "Jane Prospect" });
    expect(
      await database.db.select().from(contactMessage).where(eq(contactMessage.callId, oldCallback.callId!)),
    ).toEqual([]);
    // One audit event counts what went (no ids, no content).
    const events = await purgeEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: null, entityId: null });
    expect(events[0]!.summary).toEqual({ count: 2, before: "2025-06-15T08:00:00.000Z", retentionMonths: 12 });

    // A second run finds nothing: nothing changes, nothing is audited.
    const before = await messageCount();
    expect(await purgeExpiredMessages(database.db, NOW)).toBe(0);
    expect(await messageCount()).toBe(before);
    expect(await messageExists(recent.messageId)).toBe(true);
    expect(await purgeEvents()).toHaveLength(1);
  });

  it("honours the message retention setting, not the applications'", async () => {
    const sevenMonths = await sendMessage("Seven months ago", new Date("2025-11-14T08:00:00Z"));
    const fiveMonths = await sendMessage("Five months ago", new Date("2026-01-16T08:00:00Z"));

    // A short application retention leaves the messages alone.
    await database.db.update(settings).set({ applicationRetentionMonths: 1 });
    await purgeExpiredApplications(database.db, NOW);
    expect(await purgeExpiredMessages(database.db, NOW)).toBe(0);
    expect(await messageExists(sevenMonths.messageId)).toBe(true);

    // Six months: the seven-month-old message goes, the five-month-old one stays.
    await database.db.update(settings).set({ applicationRetentionMonths: 12, messageRetentionMonths: 6 });
    expect(await purgeExpiredMessages(database.db, NOW)).toBeGreaterThanOrEqual(1);
    expect(await messageExists(sevenMonths.messageId)).toBe(false);
    expect(await messageExists(fiveMonths.messageId)).toBe(true);
    const events = await purgeEvents();
    expect(events.at(-1)!.summary).toMatchObject({ before: "2025-12-15T08:00:00.000Z", retentionMonths: 6 });
    await database.db.update(settings).set({ messageRetentionMonths: 12 });
  });

  it("deletes a backlog larger than one batch in one run, with one audit event", async () => {
    const backlog = PURGE_BATCH_SIZE * 2 + 37;
    const arrived = new Date("2024-01-10T10:00:00Z");
    const rows = await database.db
      .insert(contactMessage)
      .values(
        Array.from({ length: backlog }, (_, index) => ({
          name: `Visitor ${index}`,
          email: `visitor${index}@example.com`,
          subject: "Old",
          body: "An old message from the backlog.",
          createdAt: arrived,
        })),
      )
      .returning({ id: contactMessage.id });
    await reply(rows[0]!.id);
    await reply(rows.at(-1)!.id);
    const kept = await sendMessage("Still fresh", new Date("2026-06-01T08:00:00Z"));
    const eventsBefore = (await purgeEvents()).length;

    expect(await purgeExpiredMessages(database.db, NOW)).toBe(backlog);

    const ids = rows.map((row) => row.id);
    expect(
      (await database.db.select({ value: count() }).from(contactMessage).where(inArray(contactMessage.id, ids)))[0]!
        .value,
    ).toBe(0);
    expect(
      (
        await database.db
          .select({ value: count() })
          .from(contactMessageReply)
          .where(inArray(contactMessageReply.messageId, [ids[0]!, ids.at(-1)!]))
      )[0]!.value,
    ).toBe(0);
    expect(await messageExists(kept.messageId)).toBe(true);
    const events = await purgeEvents();
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)!.summary).toMatchObject({ count: backlog });
    expect(await purgeExpiredMessages(database.db, NOW)).toBe(0);
  });

  it("two workers purging at once delete each message once and record it once", async () => {
    const arrived = new Date("2024-03-10T10:00:00Z");
    await database.db.insert(contactMessage).values(
      Array.from({ length: 40 }, (_, index) => ({
        name: `Twice ${index}`,
        email: `twice${index}@example.com`,
        subject: "Old",
        body: "An old message purged by two workers at once.",
        createdAt: arrived,
      })),
    );
    const eventsBefore = (await purgeEvents()).length;

    const runs = await Promise.all([purgeExpiredMessages(database.db, NOW), purgeExpiredMessages(database.db, NOW)]);

    expect(runs[0] + runs[1]).toBe(40);
    const events = await purgeEvents();
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)!.summary).toMatchObject({ count: 40 });
  });
});
