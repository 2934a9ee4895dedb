import "server-only";
import { asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { call, contactMessage, contactMessageReply, email, type MessageStatus } from "@/db/schema";

export async function findMessages(db: Executor, status: MessageStatus, limit = 50, offset = 0) {
  return db
    .select({
      id: contactMessage.id,
      name: contactMessage.name,
      email: contactMessage.email,
      company: contactMessage.company,
      subject: contactMessage.subject,
      body: contactMessage.body,
      phone: contactMessage.phone,
      wantsCallback: contactMessage.wantsCallback,
      status: contactMessage.status,
      version: contactMessage.version,
      createdAt: contactMessage.createdAt,
      callId: contactMessage.callId,
      callStatus: call.status,
    })
    .from(contactMessage)
    .leftJoin(call, eq(call.id, contactMessage.callId))
    .where(eq(contactMessage.status, status))
    .orderBy(desc(contactMessage.createdAt))
    .limit(limit)
    .offset(offset);
}
export type MessageRow = Awaited<ReturnType<typeof findMessages>>[number];

/** The "New" tab's count (the dashboard's figure): an index range, not a pass over every message. */
export async function countNewMessages(db: Executor): Promise<number> {
  const [row] = await newMessagesCount(db);
  return row?.value ?? 0;
}

/** The "New" tab's count as a query (the dashboard asks it with others, in one statement). */
export function newMessagesCount(db: Executor) {
  return db.select({ value: count() }).from(contactMessage).where(eq(contactMessage.status, "new"));
}

export async function countMessagesByStatus(db: Executor): Promise<Record<MessageStatus, number>> {
  const rows = await db
    .select({ status: contactMessage.status, value: count() })
    .from(contactMessage)
    .groupBy(contactMessage.status);
  const counts: Record<MessageStatus, number> = { new: 0, answered: 0, read: 0, archived: 0 };
  for (const row of rows) counts[row.status] = row.value;
  return counts;
}

/** The replies sent to these messages, oldest first, with where their mail stands in the outbox. */
export async function findReplies(db: Executor, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: contactMessageReply.id,
      messageId: contactMessageReply.messageId,
      authorName: contactMessageReply.authorName,
      subject: contactMessageReply.subject,
      body: contactMessageReply.body,
      createdAt: contactMessageReply.createdAt,
      emailId: contactMessageReply.emailId,
      emailStatus: email.status,
    })
    .from(contactMessageReply)
    .leftJoin(email, eq(email.id, contactMessageReply.emailId))
    .where(inArray(contactMessageReply.messageId, messageIds))
    .orderBy(asc(contactMessageReply.createdAt), asc(contactMessageReply.id));
}
export type ReplyRow = Awaited<ReturnType<typeof findReplies>>[number];
