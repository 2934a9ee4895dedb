// The settings saved apart from the main form, each section with its own button: who the firm's
// mail comes from (Settings → Mail sender) and the public site's texts (Settings → Public pages).
import { z } from "zod";
import { MAIL_REPLY_TO } from "@/db/schema/settings";
import { unrealMailDomain } from "@/modules/mail/mail-identity";
import { optionalEmail, optionalText } from "./settings-schemas";

export const MAIL_REPLY_TO_LABELS: Record<(typeof MAIL_REPLY_TO)[number], string> = {
  firm: "The firm's email address",
  sender: "The person who sends the mail",
  none: "No Reply-To (replies go to the sender address)",
};

export const mailIdentityInput = z.object({
  mailFromName: optionalText(120),
  mailFromAddress: optionalEmail.superRefine((value, ctx) => {
    const reason = value ? unrealMailDomain(value) : null;
    if (reason)
      ctx.addIssue({
        code: "custom",
        message: `Use an address at your firm's own domain: ${reason}.`,
      });
  }),
  mailReplyTo: z.enum(MAIL_REPLY_TO, { error: "Choose where replies go." }),
});
export type MailIdentityInput = z.input<typeof mailIdentityInput>;

export const PUBLIC_TEXT_MAX = 20_000;
const markdownText = (max: number) => optionalText(max, "multiline");

export const publicPagesInput = z.object({
  homeText: markdownText(5_000),
  legalNotice: markdownText(PUBLIC_TEXT_MAX),
  privacyNotice: markdownText(PUBLIC_TEXT_MAX),
  publicationDirector: optionalText(120),
  hostingProvider: optionalText(500, "multiline"),
});
export type PublicPagesInput = z.input<typeof publicPagesInput>;
