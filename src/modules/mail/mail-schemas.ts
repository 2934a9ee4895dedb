// Shared by the forms and the actions of the mail domain (browser-safe).
import { z } from "zod";
import { checkLine, checkMultiline, normalizeLineBreaks } from "@/lib/input-fields";

/** The kinds of thing a mail is about that have a word (`outbox.about.<type>`). */
export const ABOUT_TYPES = ["invoice", "user", "message", "application", "timesheet", "quote"] as const;

/** Where the thing a mail is about lives in the back office, when it has a page. */
export function aboutHref(type: string | null, id: string | null): string | null {
  if (!type || !id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  if (type === "invoice") return `/bo/invoices/${id}`;
  if (type === "user") return `/bo/users/${id}`;
  if (type === "timesheet") return `/bo/timesheets/${id}`;
  return null;
}

/** The outbox preview: the mail's HTML with a policy that lets nothing load or run (inline styles and data: images only). */
export const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src 'none'; form-action 'none'; base-uri 'none'";

/**
 * The preview document. `images` maps the Content-IDs of the mail's inline parts (the logo) to
 * data: URIs, which take the place of their `cid:` references (the preview loads nothing else).
 */
export function previewDocument(html: string, images: Record<string, string> = {}): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"><base target="_blank">`;
  const shown = html.replace(/src="cid:([^"]+)"/g, (whole, id: string) =>
    Object.hasOwn(images, id) && /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(images[id]!)
      ? `src="${images[id]}"`
      : whole,
  );
  return /<head[^>]*>/i.test(shown) ? shown.replace(/<head[^>]*>/i, (head) => `${head}${meta}`) : `${meta}${shown}`;
}

export const emailRefInput = z.object({ id: z.uuid("Unknown mail.") });

/** "a@x.com, b@y.org; c@z.net" → a list; empty entries dropped. */
export function splitAddresses(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const addressList = (required: boolean) =>
  z.string().transform((value, ctx) => {
    const list = [...new Set(splitAddresses(value).map((address) => address.toLowerCase()))];
    if (required && list.length === 0) {
      ctx.addIssue({ code: "custom", message: "Enter at least one email address." });
      return z.NEVER;
    }
    const bad = list.filter((address) => !z.email().safeParse(address).success);
    if (bad.length > 0) {
      ctx.addIssue({ code: "custom", message: `Not a valid email address: ${bad.join(", ")}` });
      return z.NEVER;
    }
    if (list.length > 20) {
      ctx.addIssue({ code: "custom", message: "At most 20 addresses." });
      return z.NEVER;
    }
    return list;
  });

/** The send-invoice form: recipients and copies as typed (comma-separated), subject, message. */
export const sendInvoiceEmailInput = z.object({
  invoiceId: z.uuid("Unknown invoice."),
  to: z.union([z.string(), z.array(z.string()).transform((list) => list.join(", "))]).pipe(addressList(true)),
  cc: z
    .union([z.string(), z.array(z.string()).transform((list) => list.join(", "))])
    .optional()
    .transform((value) => value ?? "")
    .pipe(addressList(false)),
  subject: z.string().trim().min(1, "Enter a subject.").max(200, "Use at most 200 characters.").superRefine(checkLine),
  message: z
    .string()
    .overwrite(normalizeLineBreaks)
    .trim()
    .min(1, "Enter a message.")
    .max(5000, "Use at most 5,000 characters.")
    .superRefine(checkMultiline),
});
export type SendInvoiceEmailFormInput = z.input<typeof sendInvoiceEmailInput>;

/** Settings' invoice subject/message with {number} {firm} {dueDate} {client} replaced. */
export function fillInvoiceTemplate(
  template: string,
  values: { number: string; firm: string; dueDate: string; client: string },
): string {
  return template.replace(/\{(number|firm|dueDate|client)\}/g, (_, key: keyof typeof values) => values[key]);
}
