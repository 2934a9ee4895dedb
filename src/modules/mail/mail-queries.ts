import "server-only";
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { email, emailAttachment, type EmailStatus } from "@/db/schema";
import { NotFoundError } from "@/lib/errors";

export type OutboxFilter = { status?: EmailStatus; page: number; pageSize: number };

/** The outbox, newest first; without the bodies. */
export async function findEmails(db: Executor, filter: OutboxFilter) {
  const where: SQL | undefined = filter.status ? eq(email.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: email.id,
        to: email.to,
        cc: email.cc,
        subject: email.subject,
        status: email.status,
        attempts: email.attempts,
        lastError: email.lastError,
        nextAttemptAt: email.nextAttemptAt,
        sentAt: email.sentAt,
        aboutType: email.aboutType,
        aboutId: email.aboutId,
        createdAt: email.createdAt,
      })
      .from(email)
      .where(where)
      .orderBy(desc(email.createdAt), desc(email.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ value: count() }).from(email).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function getEmail(db: Executor, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError("This mail does not exist.", "mail.not_found");
  const [row] = await db.select().from(email).where(eq(email.id, id));
  if (!row) throw new NotFoundError("This mail does not exist.", "mail.not_found");
  const attachments = await db
    .select({
      id: emailAttachment.id,
      filename: emailAttachment.filename,
      contentType: emailAttachment.contentType,
      size: emailAttachment.size,
      contentId: emailAttachment.contentId,
      // The inline parts (the logo) only: the preview shows them in place of their cid: references.
      inlineContent: sql<Buffer | null>`case when ${emailAttachment.contentId} is null then null else ${emailAttachment.content} end`,
    })
    .from(emailAttachment)
    .where(eq(emailAttachment.emailId, id))
    .orderBy(asc(emailAttachment.position));
  const inline = attachments.flatMap((attachment) =>
    attachment.contentId && attachment.inlineContent
      ? [
          {
            contentId: attachment.contentId,
            contentType: attachment.contentType,
            content: Buffer.from(attachment.inlineContent),
          },
        ]
      : [],
  );
  return {
    ...row,
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
      contentId: attachment.contentId,
    })),
    inline,
  };
}

export async function getEmailAttachment(db: Executor, emailId: string, attachmentId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(emailId) || !/^[0-9a-f-]{36}$/i.test(attachmentId))
    throw new NotFoundError(undefined, "mail.attachment_not_found");
  const [row] = await db
    .select()
    .from(emailAttachment)
    .where(and(eq(emailAttachment.id, attachmentId), eq(emailAttachment.emailId, emailId)));
  if (!row) throw new NotFoundError(undefined, "mail.attachment_not_found");
  return row;
}
