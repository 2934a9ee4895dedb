"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { requestLanguage } from "@/i18n/request-language";
import { type ActionResult, runAction } from "@/lib/action";
import { getConfig } from "@/lib/env";
import { clientIpFrom } from "@/lib/request";
import { requireActor } from "@/lib/session";
import { readContactForm, replyToMessage, setMessageStatus, submitContactMessage } from "./message-mutations";

export type ContactFormState = {
  message: string | null;
  fieldErrors: Record<string, string>;
  /** What was typed, so the form (with or without JavaScript) shows it again after an error. */
  values: Record<string, string>;
  /** Sent too soon after the page loaded but otherwise valid: the form sends it again after this wait. */
  retryInSeconds?: number;
};

/** The public /mail form (useActionState): works as a plain POST without JavaScript. */
export async function sendContactMessageAction(
  _previous: ContactFormState,
  formData: FormData,
): Promise<ContactFormState> {
  const { values, formToken, honeypot } = readContactForm(formData);
  const config = getConfig();
  const requestHeaders = await headers();
  const language = await requestLanguage().catch(() => undefined);
  const result = await runAction(() =>
    submitContactMessage(getDb(), values, {
      ip: clientIpFrom(requestHeaders),
      formToken,
      honeypot,
      secret: config.authSecret,
      appUrl: config.appUrl,
      language,
    }),
  );
  if (result.ok) redirect(`/mail?sent=${values.wantsCallback === "on" ? "callback" : "1"}`);
  const fieldErrors = { ...(result.fieldErrors ?? {}) };
  const formMessage = fieldErrors._form ?? result.message;
  delete fieldErrors._form;
  if (result.code === "public_form.too_fast" && result.retryAfterSeconds)
    return { message: formMessage, fieldErrors, values, retryInSeconds: result.retryAfterSeconds };
  return { message: formMessage, fieldErrors, values };
}

export async function setMessageStatusAction(input: {
  id: string;
  version: number;
  status: string;
}): Promise<ActionResult<{ id: string; version: number }>> {
  // Inside runAction: a refused caller gets the forbidden ActionResult, not a thrown error (500).
  return runAction(
    async () => setMessageStatus(getDb(), await requireActor("message.edit"), input),
    "Message updated.",
  );
}

/** A manager's reply to a contact message (mailed through the outbox; the message becomes answered). */
export async function replyToMessageAction(
  input: unknown,
): Promise<ActionResult<{ id: string; version: number; replyId: string; emailId: string }>> {
  return runAction(async () => {
    const { id, version, replyId, emailId } = await replyToMessage(getDb(), await requireActor("message.edit"), input);
    return { id, version, replyId, emailId };
  }, "Reply sent.");
}
