// The mails Bureau writes: HTML and text, in the firm's name and brand colour. Everything that
// comes from people (names, messages, subjects) is escaped; the HTML uses inline styles only,
// since mail clients drop <style> blocks and the outbox preview forbids everything else.
// Mails to clients about their invoices are in the invoice's language (decision 061).
import { documentTranslator, type DocumentTranslator } from "@/i18n/document-language";

/**
 * The sender's look: name, colour and, when uploaded, the logo (PNG or JPEG bytes); and the
 * language the mail is written in (its recipient's, decision 067), English when not given.
 */
export type Firm = {
  name: string;
  brandColor: string;
  email?: string | null;
  logo?: { data: Buffer; mimeType: string } | null;
  language?: string;
};

/** The language a mail to `firm`'s recipient is written in. */
function languageOf(firm: Firm): string {
  return firm.language ?? "en";
}
/** A mail as written: `inline` holds the parts its HTML shows by Content-ID (the logo), if any. */
export type RenderedMail = { subject: string; text: string; html: string; inline?: InlinePart[] };

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}

/** Only a plain #rrggbb colour reaches the style attribute. */
function safeColor(value: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(value) ? value : "#1f4fd1";
}

/** Only http(s) links reach an href. */
function safeUrl(value: string): string {
  return /^https?:\/\//i.test(value) ? value : "#";
}

function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((block) => `<p style="margin:0 0 16px">${escapeHtml(block).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

type Block =
  | { kind: "text"; text: string }
  | { kind: "facts"; rows: [string, string][] }
  | { kind: "button"; label: string; url: string }
  | { kind: "quote"; text: string };

/** The Content-ID of the logo's inline part: the HTML shows it as `cid:` + this. */
export const LOGO_CONTENT_ID = "logo@bureau";

/** An inline part of a mail (the logo), sent with its Content-ID beside the HTML. */
export type InlinePart = { filename: string; contentType: string; content: Buffer; contentId: string };

function hasLogo(firm: Firm): firm is Firm & { logo: { data: Buffer; mimeType: string } } {
  return Boolean(firm.logo && /^image\/(png|jpeg)$/.test(firm.logo.mimeType));
}

/**
 * The logo in place of the firm's name, as an inline part (`cid:`, decision 041): Gmail, Outlook
 * and Apple Mail show those, while Gmail and Outlook drop `data:` images. Its alt text is the
 * firm's name, so a client that blocks images still shows who writes; without a logo, the name.
 */
function headerHtml(firm: Firm): string {
  if (!hasLogo(firm)) return escapeHtml(firm.name);
  return `<img src="cid:${LOGO_CONTENT_ID}" alt="${escapeHtml(firm.name)}" height="48" style="display:block;max-height:48px;max-width:200px;height:auto;background:#ffffff;padding:4px;border-radius:4px">`;
}

/** The logo's inline part, when the mail shows it. */
function inlinePartsOf(firm: Firm): InlinePart[] {
  if (!hasLogo(firm)) return [];
  return [
    {
      filename: firm.logo.mimeType === "image/png" ? "logo.png" : "logo.jpg",
      contentType: firm.logo.mimeType,
      content: firm.logo.data,
      contentId: LOGO_CONTENT_ID,
    },
  ];
}

function layout(firm: Firm, title: string, blocks: Block[], language: string): string {
  const color = safeColor(firm.brandColor);
  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case "text":
          return paragraphs(block.text);
        case "quote":
          return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f6f7f9;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
        case "facts":
          return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">${block.rows
            .map(
              ([label, value]) =>
                `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;color:#555;font-weight:normal;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
            )
            .join("")}</table>`;
        case "button":
          return `<p style="margin:24px 0"><a href="${escapeHtml(safeUrl(block.url))}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${escapeHtml(block.label)}</a></p>`;
      }
    })
    .join("");
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2933;font-size:15px;line-height:1.5"><table role="presentation" style="width:100%;border-collapse:collapse"><tr><td style="padding:24px 12px"><table role="presentation" style="max-width:600px;width:100%;margin:0 auto;border-collapse:collapse;background:#ffffff;border-radius:8px;overflow:hidden"><tr><td style="background:${color};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:600">${headerHtml(firm)}</td></tr><tr><td style="padding:24px">${body}</td></tr><tr><td style="padding:12px 24px;color:#6b7280;font-size:12px;border-top:1px solid #e5e7eb">${escapeHtml(firm.name)}${firm.email ? ` · ${escapeHtml(firm.email)}` : ""}</td></tr></table></td></tr></table></body></html>`;
}

function textOf(firm: Firm, blocks: Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.kind) {
      case "text":
        return block.text.trim();
      case "quote":
        return block.text
          .trim()
          .split(/\r?\n/)
          .map((line) => `> ${line}`)
          .join("\n");
      case "facts":
        return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
      case "button":
        return `${block.label}: ${block.url}`;
    }
  });
  return `${parts.join("\n\n")}\n\n-- \n${firm.name}${firm.email ? `\n${firm.email}` : ""}\n`;
}

function mail(firm: Firm, subject: string, blocks: Block[], language = "en"): RenderedMail {
  const inline = inlinePartsOf(firm);
  return {
    subject,
    text: textOf(firm, blocks),
    html: layout(firm, subject, blocks, language),
    ...(inline.length > 0 ? { inline } : {}),
  };
}

export type InvoiceMailInput = {
  subject: string;
  message: string;
  number: string;
  total: string;
  /** An invoice's balance due; null for a credit note (or when unknown). */
  balance?: string | null;
  dueDate: string;
  clientName: string;
  kind?: "invoice" | "credit_note";
  /** A client share link to view the document online (decision 059), when the settings ask for one. */
  viewUrl?: string | null;
};

/**
 * The amounts a mail states: for an invoice the balance due (after payments and credit notes), and
 * the total when it differs; for a credit note the amount credited.
 */
function amountRows(input: InvoiceMailInput, t: DocumentTranslator): [string, string][] {
  if (input.kind === "credit_note" || !input.balance)
    return [[input.kind === "credit_note" ? t("email.amountCredited") : t("email.amount"), input.total]];
  if (input.balance === input.total) return [[t("email.amountDue"), input.total]];
  return [
    [t("email.invoiceTotal"), input.total],
    [t("email.balanceDue"), input.balance],
  ];
}

/** The invoice mail, its fixed words in `language` (the invoice's; English by default). */
export function invoiceMail(firm: Firm, input: InvoiceMailInput, language = "en"): RenderedMail {
  const t = documentTranslator(language);
  const kind = input.kind ?? "invoice";
  return mail(
    firm,
    input.subject,
    [
      { kind: "text", text: input.message },
      {
        kind: "facts",
        rows: [
          [t("email.documentLabel", { kind }), input.number],
          ...amountRows(input, t),
          ...(input.kind === "credit_note" ? [] : ([[t("email.dueDate"), input.dueDate]] as [string, string][])),
        ],
      },
      ...(input.viewUrl
        ? ([{ kind: "button", label: t("email.viewOnline", { kind }), url: input.viewUrl }] as Block[])
        : []),
      { kind: "text", text: t("email.attached", { kind }) },
    ],
    language,
  );
}

export type QuoteMailInput = {
  subject: string;
  message: string;
  number: string;
  total: string;
  validUntil: string;
  /** A client share link to view, accept or decline the quote online (decision 064). */
  viewUrl: string | null;
};

/** The quote mail (decision 064), its fixed words in `language` (the quote's). */
export function quoteMail(firm: Firm, input: QuoteMailInput, language = "en"): RenderedMail {
  const t = documentTranslator(language);
  return mail(
    firm,
    input.subject,
    [
      { kind: "text", text: input.message },
      {
        kind: "facts",
        rows: [
          [t("email.documentLabel", { kind: "quote" }), input.number],
          [t("email.quoteTotal"), input.total],
          [t("email.validUntil"), input.validUntil],
        ],
      },
      ...(input.viewUrl
        ? ([{ kind: "button", label: t("email.viewQuoteOnline"), url: input.viewUrl }] as Block[])
        : []),
      { kind: "text", text: t("email.quoteAttached") },
    ],
    language,
  );
}

/** To the person who sent a quote: the client answered it through its link (decision 064). */
export function quoteAnsweredMail(
  firm: Firm,
  input: { number: string; clientName: string; accepted: boolean; name: string; url: string },
): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  const values = { number: input.number, client: input.clientName, name: input.name };
  const answer = input.accepted ? "accepted" : "declined";
  return mail(
    firm,
    t("email.quoteAnswered.subject", { ...values, answer }),
    [
      { kind: "text", text: t("email.quoteAnswered.text", { ...values, answer }) },
      { kind: "button", label: t("email.quoteAnswered.button"), url: input.url },
    ],
    languageOf(firm),
  );
}

export type ReminderMailInput = {
  number: string;
  balance: string;
  dueDate: string;
  daysOverdue: number;
  clientName: string;
};

/** The payment reminder, in `language` (the invoice's; English by default). */
export function paymentReminderMail(firm: Firm, input: ReminderMailInput, language = "en"): RenderedMail {
  const t = documentTranslator(language);
  return mail(
    firm,
    t("email.reminderSubject", { number: input.number }),
    [
      {
        kind: "text",
        text: t("email.reminderIntro", {
          client: input.clientName,
          number: input.number,
          dueDate: input.dueDate,
          days: input.daysOverdue,
        }),
      },
      {
        kind: "facts",
        rows: [
          [t("email.reminderInvoice"), input.number],
          [t("email.balanceDue"), input.balance],
          [t("email.dueDate"), input.dueDate],
        ],
      },
      { kind: "text", text: t("email.reminderClosing") },
    ],
    language,
  );
}

export type ContactMessageInput = {
  name: string;
  email: string;
  company?: string | null;
  phone?: string | null;
  subject: string;
  body: string;
  wantsCallback: boolean;
  url: string;
};

export function contactMessageNotificationMail(firm: Firm, input: ContactMessageInput): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.contact.notificationSubject", { subject: input.subject }),
    [
      { kind: "text", text: t("email.contact.notificationText", { name: input.name }) },
      {
        kind: "facts",
        rows: [
          [t("email.contact.from"), `${input.name} <${input.email}>`],
          ...(input.company ? ([[t("email.contact.company"), input.company]] as [string, string][]) : []),
          ...(input.phone ? ([[t("email.contact.phone"), input.phone]] as [string, string][]) : []),
          [t("email.contact.callBack"), t("email.contact.callBackValue", { wanted: String(input.wantsCallback) })],
          [t("email.contact.subject"), input.subject],
        ],
      },
      { kind: "quote", text: input.body },
      { kind: "button", label: t("email.openInBureau"), url: input.url },
    ],
    languageOf(firm),
  );
}

/**
 * The acknowledgement goes to an address nobody has verified: anyone can type someone else's. So it
 * quotes nothing the visitor wrote (not the name, the subject or the message): a fixed text from the
 * firm cannot be used to send a stranger the attacker's words (security review, finding d). It is
 * in the language of the page the visitor wrote from (`firm.language`).
 */
export function contactMessageAcknowledgementMail(firm: Firm, input: { wantsCallback: boolean }): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.contact.acknowledgementSubject"),
    [
      {
        kind: "text",
        text: t("email.contact.acknowledgementText", { firm: firm.name, callback: String(input.wantsCallback) }),
      },
      { kind: "text", text: t("email.contact.notYou") },
    ],
    languageOf(firm),
  );
}

/** A reply to a contact message: the firm's answer, then the visitor's message quoted below it. */
export function contactMessageReplyMail(
  firm: Firm,
  input: { subject: string; body: string; authorName: string; original: { body: string; createdAt: string } },
): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    input.subject,
    [
      { kind: "text", text: `${input.body}\n\n${input.authorName}` },
      { kind: "text", text: t("email.contact.youWrote", { date: input.original.createdAt }) },
      { kind: "quote", text: input.original.body },
    ],
    languageOf(firm),
  );
}

export type ApplicationInput = {
  name: string;
  email: string;
  jobTitle: string;
  phone?: string | null;
  links?: string[];
  url: string;
};

export function applicationNotificationMail(firm: Firm, input: ApplicationInput): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.application.notificationSubject", { job: input.jobTitle, name: input.name }),
    [
      { kind: "text", text: t("email.application.notificationText", { job: input.jobTitle, name: input.name }) },
      {
        kind: "facts",
        rows: [
          [t("email.application.name"), input.name],
          [t("email.application.email"), input.email],
          ...(input.phone ? ([[t("email.application.phone"), input.phone]] as [string, string][]) : []),
          ...(input.links ?? []).map(
            (link, index) => [t("email.application.link", { number: String(index + 1) }), link] as [string, string],
          ),
        ],
      },
      { kind: "button", label: t("email.application.review"), url: input.url },
    ],
    languageOf(firm),
  );
}

/** Like the contact acknowledgement: the firm's own words only (the job title is the firm's text). */
export function applicationAcknowledgementMail(firm: Firm, input: { jobTitle: string }): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.application.acknowledgementSubject", { job: input.jobTitle }),
    [
      { kind: "text", text: t("email.application.acknowledgementText", { job: input.jobTitle, firm: firm.name }) },
      { kind: "text", text: t("email.application.notYou") },
    ],
    languageOf(firm),
  );
}

export function welcomeMail(firm: Firm, input: { name: string; email: string; signInUrl: string }): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.account.welcomeSubject", { firm: firm.name }),
    [
      { kind: "text", text: t("email.account.welcomeText", { name: input.name, firm: firm.name, email: input.email }) },
      { kind: "button", label: t("email.account.signIn"), url: input.signInUrl },
    ],
    languageOf(firm),
  );
}

export function invitationMail(
  firm: Firm,
  input: { name: string; invitedBy: string; acceptUrl: string; expiresInDays: number },
): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.account.invitationSubject", { firm: firm.name }),
    [
      {
        kind: "text",
        text: t("email.account.invitationText", {
          name: input.name,
          invitedBy: input.invitedBy,
          firm: firm.name,
          days: input.expiresInDays,
        }),
      },
      { kind: "button", label: t("email.account.acceptInvitation"), url: input.acceptUrl },
      { kind: "text", text: t("email.account.invitationNotExpected") },
    ],
    languageOf(firm),
  );
}

export function passwordResetMail(firm: Firm, input: { resetUrl: string; expiresInMinutes: number }): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.account.resetSubject", { firm: firm.name }),
    [
      { kind: "text", text: t("email.account.resetText", { minutes: input.expiresInMinutes }) },
      { kind: "button", label: t("email.account.chooseNewPassword"), url: input.resetUrl },
      { kind: "text", text: t("email.account.resetNotAsked") },
    ],
    languageOf(firm),
  );
}

export function passwordChangedMail(firm: Firm): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.account.passwordChangedSubject", { firm: firm.name }),
    [{ kind: "text", text: t("email.account.passwordChangedText") }],
    languageOf(firm),
  );
}

export type BudgetAlertInput = {
  projectName: string;
  clientName: string;
  threshold: number;
  percent: number;
  /** "All time" or the month ("November 2026"). */
  period: string;
  /** "16 h of 20 h" or "€4,000.00 of €5,000.00". */
  used: string;
  /** For a money budget with time not yet approved: what part of it is estimated. */
  estimated?: string | null;
  url: string;
};

export function budgetAlertMail(firm: Firm, input: BudgetAlertInput, language = "en"): RenderedMail {
  const t = documentTranslator(language);
  const over = input.threshold >= 100;
  const names = { project: input.projectName, client: input.clientName };
  const subject = over
    ? t("email.budgetAlert.overSubject", names)
    : t("email.budgetAlert.subject", { ...names, threshold: input.threshold });
  return mail(
    firm,
    subject,
    [
      {
        kind: "text",
        text: over
          ? t("email.budgetAlert.overText", { ...names, percent: input.percent })
          : t("email.budgetAlert.text", { ...names, percent: input.percent }),
      },
      {
        kind: "facts",
        rows: [
          [t("email.budgetAlert.project"), `${input.projectName} (${input.clientName})`],
          [t("email.budgetAlert.period"), input.period],
          [t("email.budgetAlert.used"), `${input.used} (${input.percent} %)`],
          ...(input.estimated
            ? ([[t("email.budgetAlert.notYetApproved"), input.estimated]] as [string, string][])
            : []),
        ],
      },
      { kind: "button", label: t("email.budgetAlert.openClient"), url: input.url },
    ],
    language,
  );
}

// ---------------------------------------------------------------------------------------
// Timesheet notifications (issue 23.4): each person can turn them off in their account.

// In the recipient's language (their own, else the firm's; English by default).

/** To the managers: a week waits for their decision. */
export function timesheetSubmittedMail(
  firm: Firm,
  input: { ownerName: string; week: string; hours: string; url: string },
  language = "en",
): RenderedMail {
  const t = documentTranslator(language);
  const { ownerName: owner, week } = input;
  return mail(
    firm,
    t("email.timesheet.submittedSubject", { owner, week }),
    [
      { kind: "text", text: t("email.timesheet.submitted", { owner, week }) },
      { kind: "facts", rows: [[t("email.timesheet.hours"), input.hours]] },
      { kind: "button", label: t("email.timesheet.review"), url: input.url },
      { kind: "text", text: t("email.timesheet.notificationsOff") },
    ],
    language,
  );
}

/** To the owner: their week was approved, or rejected with the reason. */
export function timesheetDecidedMail(
  firm: Firm,
  input: { decision: "approved" | "rejected"; deciderName: string; week: string; reason?: string | null; url: string },
  language = "en",
): RenderedMail {
  const t = documentTranslator(language);
  const rejected = input.decision === "rejected";
  const { deciderName: decider, week, decision } = input;
  return mail(
    firm,
    t("email.timesheet.decidedSubject", { week, decision }),
    [
      {
        kind: "text",
        text: rejected
          ? t("email.timesheet.rejected", { decider, week })
          : t("email.timesheet.approved", { decider, week }),
      },
      ...(rejected && input.reason ? [{ kind: "quote" as const, text: input.reason }] : []),
      {
        kind: "button",
        label: rejected ? t("email.timesheet.correct") : t("email.timesheet.open"),
        url: input.url,
      },
      { kind: "text", text: t("email.timesheet.notificationsOff") },
    ],
    language,
  );
}

/** To someone whose last week is not submitted yet (the reminder day and time are in Settings). */
export function timesheetReminderMail(
  firm: Firm,
  input: { name: string; week: string; url: string },
  language = "en",
): RenderedMail {
  const t = documentTranslator(language);
  return mail(
    firm,
    t("email.timesheet.reminderSubject", { week: input.week }),
    [
      { kind: "text", text: t("email.timesheet.reminder", { name: input.name, week: input.week }) },
      { kind: "button", label: t("email.timesheet.fillIn"), url: input.url },
      { kind: "text", text: t("email.timesheet.notificationsOff") },
    ],
    language,
  );
}

export function emailChangeMail(
  firm: Firm,
  input: { newEmail: string; confirmUrl: string; expiresInHours: number },
): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.account.emailChangeSubject", { firm: firm.name }),
    [
      {
        kind: "text",
        text: t("email.account.emailChangeText", {
          firm: firm.name,
          email: input.newEmail,
          hours: input.expiresInHours,
        }),
      },
      { kind: "button", label: t("email.account.confirmNewAddress"), url: input.confirmUrl },
      { kind: "text", text: t("email.account.emailChangeNotAsked") },
    ],
    languageOf(firm),
  );
}

export function emailChangedMail(firm: Firm, input: { newEmail: string }): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.account.emailChangedSubject", { firm: firm.name }),
    [{ kind: "text", text: t("email.account.emailChangedText", { email: input.newEmail }) }],
    languageOf(firm),
  );
}

/** An administrator turned the person's second factor off (they lost their phone and recovery codes). */
export function twoFactorTurnedOffMail(
  firm: Firm,
  input: { name: string; administrator: string; requiredAgain: boolean },
): RenderedMail {
  const t = documentTranslator(languageOf(firm));
  return mail(
    firm,
    t("email.account.twoFactorOffSubject", { firm: firm.name }),
    [
      {
        kind: "text",
        text: t("email.account.twoFactorOffText", { name: input.name, administrator: input.administrator }),
      },
      {
        kind: "text",
        text: input.requiredAgain ? t("email.account.twoFactorRequired") : t("email.account.twoFactorOptional"),
      },
      { kind: "text", text: t("email.account.twoFactorNotAsked") },
    ],
    languageOf(firm),
  );
}
