// The transactional outbox. A mail is a row written with the change that
// causes it, in the same transaction: both land or neither does. Nothing sends mail from a request;
// the worker (mail-worker.ts) delivers the rows.
import { asc, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { email, emailAttachment, settings, user } from "@/db/schema";
import { getConfig } from "@/lib/env";
import { type MailIdentity, mailIdentity } from "./mail-identity";

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
  /** The person sending it (a user id): their address is the Reply-To when Settings → Mail says so. */
  senderId?: string | null;
  /** A Reply-To that wins over the settings (the visitor, on the firm's copy of a contact message). */
  replyTo?: string | null;
};

const address = z.email();

/** The domain part of Message-IDs: the sender's domain (Settings → Mail, else MAIL_FROM). */
export function messageIdDomain(mailFrom: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom);
  return match?.[1]?.toLowerCase() ?? "bureau.invalid";
}

/** The Message-ID of an outbox row: derived from its id, so every try of one row carries the same one. */
export function messageIdFor(id: string, mailFrom = getConfig().mailFrom): string {
  return `<${id}@${messageIdDomain(mailFrom)}>`;
}

/** The From and Reply-To a mail written now gets (Settings → Mail over MAIL_FROM). */
export async function currentMailIdentity(
  tx: Executor,
  options: { senderId?: string | null; replyTo?: string | null } = {},
): Promise<MailIdentity> {
  const [firm] = await tx
    .select({
      firmName: settings.firmName,
      email: settings.email,
      mailFromName: settings.mailFromName,
      mailFromAddress: settings.mailFromAddress,
      mailReplyTo: settings.mailReplyTo,
    })
    .from(settings)
    .orderBy(asc(settings.createdAt))
    .limit(1);
  let senderEmail: string | null = null;
  if (options.senderId && firm?.mailReplyTo === "sender") {
    const [sender] = await tx.select({ email: user.email }).from(user).where(eq(user.id, options.senderId));
    senderEmail = sender?.email ?? null;
  }
  const fallback = {
    firmName: "",
    email: null,
    mailFromName: null,
    mailFromAddress: null,
    mailReplyTo: "firm" as const,
  };
  return mailIdentity(firm ?? fallback, getConfig().mailFrom, { senderEmail, replyTo: options.replyTo });
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
  const replyTo = input.replyTo?.trim().toLowerCase() || null;
  if (replyTo && !address.safeParse(replyTo).success) throw new Error(`enqueueEmail: not an email address: ${replyTo}`);
  const identity = await currentMailIdentity(tx, { senderId: input.senderId, replyTo });
  const id = uuidv7();
  await tx.insert(email).values({
    id,
    to,
    cc,
    subject,
    text: input.text,
    html: input.html,
    status: "queued",
    messageId: messageIdFor(id, identity.from),
    fromHeader: identity.from,
    replyTo: identity.replyTo,
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
