// The contact form of /mail and the inbox actions (browser-safe).
import { z } from "zod";
import { checkLine, checkMultiline, normalizeLineBreaks, versionInput, whenValid } from "@/lib/input-fields";
import { choiceParam, defineList, pagingParams } from "@/lib/search-params";
import { BODY_MAX, BODY_MIN } from "./message-limits";

export { BODY_MAX, BODY_MIN };

/** The statuses a person sets by hand; "answered" is set by sending a reply (MESSAGE_TABS has all four). */
export const MESSAGE_STATUSES = ["new", "read", "archived"] as const;
export const MESSAGE_LIST_STATUSES = ["new", "answered", "read", "archived"] as const;
export const REPLY_MAX = 10_000;

const optionalText = (max: number, message = `Use at most ${max} characters.`) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, message).superRefine(checkLine))
    .transform((value) => (value === "" ? null : value));

export const contactMessageInput = z
  .object({
    name: z
      .string({ error: "Enter your name." })
      .trim()
      .min(1, "Enter your name.")
      .max(120, "Use at most 120 characters.")
      .superRefine(checkLine),
    email: z
      .string({ error: "Enter your email address." })
      .trim()
      .toLowerCase()
      .max(254, "Use at most 254 characters.")
      .pipe(z.email("Enter a valid email address, such as name@example.com.")),
    company: optionalText(200),
    subject: z
      .string({ error: "Enter a subject." })
      .trim()
      .min(1, "Enter a subject.")
      .max(200, "Use at most 200 characters.")
      .superRefine(checkLine),
    body: z
      .string({ error: "Write your message." })
      .overwrite(normalizeLineBreaks)
      .trim()
      .min(BODY_MIN, `Write at least ${BODY_MIN} characters.`)
      .max(BODY_MAX, `Use at most ${BODY_MAX.toLocaleString("en-GB")} characters.`)
      .superRefine(checkMultiline),
    phone: optionalText(40, "A phone number has at most 40 characters."),
    wantsCallback: z
      .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal(""), z.null()])
      .optional()
      .transform((value) => value === true || value === "on" || value === "true"),
  })
  .superRefine(
    (value, ctx) => {
      if (value.wantsCallback && !value.phone)
        ctx.addIssue({
          code: "custom",
          path: ["phone"],
          message: "Enter a phone number so that we can call you back.",
        });
    },
    // Also when another field is wrong: one submission shows every error.
    { when: whenValid("wantsCallback", "phone") },
  );
export type ContactMessageInput = z.input<typeof contactMessageInput>;

export const messageStatusInput = z.object({
  id: z.uuid(),
  version: versionInput,
  status: z.enum(MESSAGE_STATUSES),
});

/** A reply from the inbox: sent to the message's address through the outbox, kept with the message. */
export const messageReplyInput = z.object({
  id: z.uuid(),
  subject: z
    .string({ error: "Enter a subject." })
    .trim()
    .min(1, "Enter a subject.")
    .max(200, "Use at most 200 characters.")
    .superRefine(checkLine),
  body: z
    .string({ error: "Write your reply." })
    .overwrite(normalizeLineBreaks)
    .trim()
    .min(1, "Write your reply.")
    .max(REPLY_MAX, `Use at most ${REPLY_MAX.toLocaleString("en-GB")} characters.`)
    .superRefine(checkMultiline),
});
export type MessageReplyInput = z.input<typeof messageReplyInput>;

/** "Re: " once, whatever the visitor's subject already says. */
export function replySubject(subject: string): string {
  return /^re\s*:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** The inbox (/bo/messages): one tab per status, newest first. */
export const messageList = defineList("/bo/messages", {
  status: choiceParam(MESSAGE_LIST_STATUSES, "new"),
  ...pagingParams,
});
