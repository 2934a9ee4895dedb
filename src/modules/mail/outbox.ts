// The transactional outbox. A mail is a row written with the change that
// causes it, in the same transaction: both land or neither does. Nothing sends mail from a request;
// the worker (mail-worker.ts) delivers the rows.
import { v7 as uuidv7 } from "uuid";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { email, emailAttachment } from "@/db/schema";
import { getConfig } from "@/lib/env";

/** A file attached to a mail; with a `contentId`, an inline part its HTML shows as `cid:{contentId}`. */
export type OutgoingAttachment = { filename: string; contentType: string; content: Uint8Array; contentId?: string };

export type EnqueueEmailInput = {
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html: string;
  attachments?: OutgoingAttachment[];
  /** What the mail is about: an entity type ("invoice", "user", "message", "application"…) and its id. */
  about?: { type: string; id: string };
};

const address = z.email();

/** The domain part of Message-IDs: MAIL_FROM's domain, else the APP_URL host. */
export function messageIdDomain(mailFrom: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom);
  return match?.[1]?.toLowerCase() ?? "bureau.invalid";
}

/** The Message-ID of an outbox row: derived from its id, so every try of one row carries the same one. */
export function messageIdFor(id: string, mailFrom = getConfig().mailFrom): string {
  return `<${id}@${messageIdDomain(mailFrom)}>`;
}

/** Writes one mail to the outbox inside `tx` (the caller's transaction); returns its id. */
export async function enqueueEmail(tx: Executor, input: EnqueueEmailInput): Promise<string> {
  const to = input.to.map((value) => value.trim().toLowerCase()).filter(Boolean);
  const cc = (input.cc ?? []).map((value) => value.trim().toLowerCase()).filter(Boolean);
  if (to.length === 0) throw new Error("enqueueEmail: at least one recipient");
  for (const value of [...to, ...cc])
    if (!address.safeParse(value).success) throw new Error(`enqueueEmail: not an email address: ${value}`);
  // Header injection: a subject is one line.
  const subject = input.subject
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 998);
  const id = uuidv7();
  await tx.insert(email).values({
    id,
    to,
    cc,
    subject,
    text: input.text,
    html: input.html,
    status: "queued",
    messageId: messageIdFor(id),
    aboutType: input.about?.type ?? null,
    aboutId: input.about?.id ?? null,
  });
  const attachments = input.attachments ?? [];
  if (attachments.length > 0) {
    await tx.insert(emailAttachment).values(
      attachments.map((attachment, position) => ({
        emailId: id,
        position,
        filename: attachment.filename.replace(/[\r\n"\\/]+/g, "_").slice(0, 200),
        contentType: attachment.contentType,
        size: attachment.content.byteLength,
        content: Buffer.from(attachment.content),
        contentId: attachment.contentId ?? null,
      })),
    );
  }
  return id;
}
