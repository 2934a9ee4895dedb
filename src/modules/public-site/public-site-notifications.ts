// The mails of the public forms: the firm is told of each message and application, the sender gets
// an acknowledgement (a fixed text, at most ACKNOWLEDGEMENTS_PER_RECIPIENT a day per address). Rendered with the mail module's templates and written to the
// outbox inside the caller's transaction (both land or neither does). The firm's copy is in the
// firm's language; the acknowledgement in the language of the page the visitor wrote from
// (decision 067), passed along by the form, never stored.
import type { Executor } from "@/db/client";
import { isAvailableLanguage, REFERENCE_LANGUAGE } from "@/i18n/catalogs";
import {
  applicationAcknowledgementMail,
  applicationNotificationMail,
  contactMessageAcknowledgementMail,
  contactMessageNotificationMail,
  type Firm,
} from "@/modules/mail/mail-templates";
import { enqueueEmail } from "@/modules/mail/outbox";
import { consumeRateLimitInTransaction, type RateLimitRule } from "@/modules/rate-limits/rate-limit";
import type { Settings } from "@/modules/settings/settings-queries";

/**
 * Acknowledgements to one address, whatever the form and whoever sends it: the public forms accept
 * any address, so without this cap they could send the firm's mail to a stranger over and over.
 * Past it the submission is still stored and the firm told; only the acknowledgement is left out.
 */
export const ACKNOWLEDGEMENTS_PER_RECIPIENT: RateLimitRule = {
  bucket: "public-form:acknowledgement",
  limit: 3,
  windowMs: 24 * 60 * 60 * 1000,
};

async function mayAcknowledge(tx: Executor, recipient: string): Promise<boolean> {
  const state = await consumeRateLimitInTransaction(tx, ACKNOWLEDGEMENTS_PER_RECIPIENT, recipient.toLowerCase());
  return state.allowed;
}

function firmOf(settings: Settings): Firm {
  const language = isAvailableLanguage(settings.documentLanguage) ? settings.documentLanguage : REFERENCE_LANGUAGE;
  return { name: settings.firmName, brandColor: settings.brandColor, email: settings.email, language };
}

/** The firm writing to a visitor: in the visitor's language when known, else the firm's. */
function toVisitor(firm: Firm, visitorLanguage: string | undefined): Firm {
  return isAvailableLanguage(visitorLanguage) ? { ...firm, language: visitorLanguage } : firm;
}

/** Where the firm wants these mails (settings), else its public address; none configured → no firm mail. */
function firmAddress(settings: Settings): string | null {
  return settings.notificationEmail ?? settings.email ?? null;
}

export type MessageForMail = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  subject: string;
  body: string;
  phone: string | null;
  wantsCallback: boolean;
};

export async function notifyContactMessage(
  tx: Executor,
  message: MessageForMail,
  settings: Settings,
  appUrl: string,
  visitorLanguage?: string,
): Promise<void> {
  const firm = firmOf(settings);
  const about = { type: "message", id: message.id };
  const to = firmAddress(settings);
  if (to)
    await enqueueEmail(tx, {
      to: [to],
      ...contactMessageNotificationMail(firm, { ...message, url: `${appUrl}/bo/messages` }),
      about,
      // Answering the firm's copy answers the visitor.
      replyTo: message.email,
    });
  if (await mayAcknowledge(tx, message.email))
    await enqueueEmail(tx, {
      to: [message.email],
      ...contactMessageAcknowledgementMail(toVisitor(firm, visitorLanguage), message),
      about,
    });
}

export type ApplicationForMail = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  links: string[];
  jobId: string;
  jobTitle: string;
};

export async function notifyApplication(
  tx: Executor,
  application: ApplicationForMail,
  settings: Settings,
  appUrl: string,
  visitorLanguage?: string,
): Promise<void> {
  const firm = firmOf(settings);
  const about = { type: "application", id: application.id };
  const to = firmAddress(settings);
  if (to)
    await enqueueEmail(tx, {
      to: [to],
      ...applicationNotificationMail(firm, { ...application, url: `${appUrl}/bo/jobs/${application.jobId}` }),
      about,
      replyTo: application.email,
    });
  if (await mayAcknowledge(tx, application.email))
    await enqueueEmail(tx, {
      to: [application.email],
      ...applicationAcknowledgementMail(toVisitor(firm, visitorLanguage), application),
      about,
    });
}
