// Writes of contact messages: the public /mail form, the inbox's status changes and replies, and
// the retention purge.
import { and, eq, inArray, lt } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Database } from "@/db/client";
import { contactMessage, contactMessageReply } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { ConflictError, NotFoundError, invalidFields } from "@/lib/errors";
import { formatDateTime } from "@/lib/dates";
import { refuse, type Refusal } from "@/lib/rule-result";
import { type Actor, recordAudit, SYSTEM_ACTOR } from "@/modules/audit/audit-log";
import {
  ANTI_SPAM_MESSAGES,
  countLinks,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  MAX_LINKS_IN_TEXT,
} from "@/modules/public-site/anti-spam-rules";
import { INVALID_PHONE_MESSAGE, toE164 } from "@/modules/public-site/phone";
import type { PublicFormCode } from "@/modules/public-site/public-form-codes";
import {
  guardPublicForm,
  type PublicSubmission,
  recordPublicFormSubmission,
  requireHumanPace,
} from "@/modules/public-site/public-form-guard";
import { isAvailableLanguage } from "@/i18n/catalogs";
import { notifyContactMessage } from "@/modules/public-site/public-site-notifications";
import { purgeExpired } from "@/modules/public-site/retention-mutations";
import { requestCallback } from "@/modules/calls/call-mutations";
import { getSettings } from "@/modules/settings/settings-queries";
import { requirePermission } from "@/modules/users/permissions";
import { contactMessageReplyMail } from "@/modules/mail/mail-templates";
import { enqueueEmail } from "@/modules/mail/outbox";
import { contactMessageInput, messageReplyInput, messageStatusInput } from "./message-schemas";

const CONTACT_FIELDS = ["name", "email", "company", "subject", "body", "phone", "wantsCallback"] as const;

/**
 * What the /mail form sent: its text fields as typed (the form shows them again after an error;
 * a file sent in their place is dropped) and the anti-spam fields, checked by submitContactMessage.
 */
export function readContactForm(formData: unknown): {
  values: Record<string, string>;
  formToken: unknown;
  honeypot: unknown;
} {
  const values: Record<string, string> = {};
  // A server action receives whatever a client sends; anything but a form is an empty form.
  if (!(formData instanceof FormData)) return { values, formToken: null, honeypot: null };
  for (const field of CONTACT_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return { values, formToken: formData.get(FORM_TOKEN_FIELD), honeypot: formData.get(HONEYPOT_FIELD) };
}

export type SubmittedMessage = { outcome: "stored"; messageId: string; callId: string | null } | { outcome: "ignored" };

/**
 * The /mail form. With "call me back" a `requested` call is created in the same transaction and the
 * message links to it: outbound, as every call-back is (the firm makes it; requestCallback).
 */
export async function submitContactMessage(
  db: Database,
  raw: unknown,
  context: PublicSubmission,
): Promise<SubmittedMessage> {
  if ((await guardPublicForm(db, "mail", context)) === "ignore") return { outcome: "ignored" };
  const input = parseInput(contactMessageInput, raw);
  const settings = await getSettings(db);
  const refusals: Refusal<PublicFormCode>[] = [];
  let phone: string | null = null;
  if (input.phone) {
    phone = toE164(input.phone, settings.country);
    if (!phone) refusals.push(refuse("public_form.phone_invalid", INVALID_PHONE_MESSAGE, "phone"));
  }
  if (countLinks(input.body) > MAX_LINKS_IN_TEXT)
    refusals.push(refuse("public_form.too_many_links", ANTI_SPAM_MESSAGES.too_many_links, "body"));
  if (countLinks(input.subject) > 0 || countLinks(input.name) > 0)
    refusals.push(
      refuse(
        "public_form.link_in_line",
        ANTI_SPAM_MESSAGES.no_links,
        countLinks(input.subject) > 0 ? "subject" : "name",
      ),
    );
  if (refusals.length > 0) throw invalidFields(refusals);
  requireHumanPace("mail", context);

  return db.transaction(async (tx) => {
    await recordPublicFormSubmission(tx, "mail", context);
    let callId: string | null = null;
    if (input.wantsCallback && phone) {
      const requested = await requestCallback(tx, null, {
        contactName: input.name,
        phone,
        email: input.email,
        subject: input.subject,
        notes: input.body,
      });
      callId = requested.id;
    }
    const messageId = uuidv7();
    await tx.insert(contactMessage).values({
      id: messageId,
      name: input.name,
      email: input.email,
      company: input.company,
      subject: input.subject,
      body: input.body,
      phone,
      wantsCallback: input.wantsCallback,
      callId,
    });
    await recordAudit(tx, SYSTEM_ACTOR, {
      entity: "message",
      entityId: messageId,
      action: "receive",
      summary: { subject: input.subject, wantsCallback: input.wantsCallback, callId },
    });
    await notifyContactMessage(
      tx,
      {
        id: messageId,
        name: input.name,
        email: input.email,
        company: input.company,
        subject: input.subject,
        body: input.body,
        phone,
        wantsCallback: input.wantsCallback,
      },
      settings,
      context.appUrl,
      context.language,
    );
    return { outcome: "stored" as const, messageId, callId };
  });
}

export async function setMessageStatus(db: Database, actor: Actor, raw: unknown) {
  requirePermission(actor, "message.edit");
  const { id, version, status } = parseInput(messageStatusInput, raw);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: contactMessage.status })
      .from(contactMessage)
      .where(eq(contactMessage.id, id));
    if (!before) throw new NotFoundError("This message does not exist.", "message.not_found");
    const [updated] = await tx
      .update(contactMessage)
      .set({ status, version: version + 1 })
      .where(and(eq(contactMessage.id, id), eq(contactMessage.version, version)))
      .returning({ id: contactMessage.id, version: contactMessage.version });
    if (!updated)
      throw new ConflictError(
        "This message was changed by someone else. Reload the page and try again.",
        "message.stale",
      );
    await recordAudit(tx, actor, {
      entity: "message",
      entityId: id,
      action: "status",
      summary: { from: before.status, to: status },
    });
    return updated;
  });
}

/**
 * A manager answers a contact message: the reply goes to the visitor through the outbox (From and
 * Reply-To from Settings → Mail, the sender being this person), is kept with the message, and the
 * message becomes "answered", all in one transaction. Any status may be answered (an archived
 * message too: it comes back as answered). The row is locked, so two replies at once both go, one
 * after the other, each kept; no version is asked: a status change in between loses nothing.
 */
export async function replyToMessage(db: Database, actor: Actor, raw: unknown) {
  requirePermission(actor, "message.edit");
  const input = parseInput(messageReplyInput, raw);
  const settings = await getSettings(db);
  return db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessage).where(eq(contactMessage.id, input.id)).for("update");
    if (!message) throw new NotFoundError("This message does not exist.", "message.not_found");
    const rendered = contactMessageReplyMail(
      {
        name: settings.firmName,
        brandColor: settings.brandColor,
        email: settings.email,
        // The visitor's language is not kept: the fixed words of a reply are in the firm's.
        language: isAvailableLanguage(settings.documentLanguage) ? settings.documentLanguage : undefined,
      },
      {
        subject: input.subject,
        body: input.body,
        authorName: actor.name,
        original: {
          body: message.body,
          createdAt: formatDateTime(message.createdAt, settings.locale, settings.timezone),
        },
      },
    );
    const emailId = await enqueueEmail(tx, {
      to: [message.email],
      ...rendered,
      about: { type: "message", id: message.id },
      senderId: actor.id,
    });
    const replyId = uuidv7();
    await tx.insert(contactMessageReply).values({
      id: replyId,
      messageId: message.id,
      authorId: actor.id,
      authorName: actor.name,
      subject: input.subject,
      body: input.body,
      emailId,
    });
    const [updated] = await tx
      .update(contactMessage)
      .set({ status: "answered", version: message.version + 1 })
      .where(eq(contactMessage.id, message.id))
      .returning({ id: contactMessage.id, version: contactMessage.version, status: contactMessage.status });
    await recordAudit(tx, actor, {
      entity: "message",
      entityId: message.id,
      action: "reply",
      summary: { from: message.status, to: "answered", replyId, emailId, subject: input.subject },
    });
    return { ...updated!, replyId, emailId };
  });
}

/**
 * Retention: contact messages (call-back requests included) received more than
 * settings.messageRetentionMonths ago are deleted with the replies kept with them. A call made
 * from a call-back request stays in the call log: the message pointed to it, the call never points
 * back, so the link simply goes with the message. One audit event counts what went.
 * Run by the background worker (job "message-retention").
 */
export async function purgeExpiredMessages(db: Database, now: Date = new Date()): Promise<number> {
  const settings = await getSettings(db);
  return purgeExpired(
    db,
    {
      entity: "message",
      retentionMonths: settings.messageRetentionMonths,
      expired: async (tx, cutoff) =>
        (
          await tx.select({ id: contactMessage.id }).from(contactMessage).where(lt(contactMessage.createdAt, cutoff))
        ).map((row) => row.id),
      remove: async (tx, ids) => {
        await tx.delete(contactMessageReply).where(inArray(contactMessageReply.messageId, ids));
        const deleted = await tx
          .delete(contactMessage)
          .where(inArray(contactMessage.id, ids))
          .returning({ id: contactMessage.id });
        return deleted.map((row) => row.id);
      },
    },
    now,
  );
}
