// Who the firm's mail comes from and where replies go (Settings → Mail, MAIL_FROM as the default).
// Pure rules: the outbox fixes both headers on each row when it is written (outbox.ts).
import type { MailReplyTo } from "@/db/schema";

export type MailIdentitySettings = {
  firmName: string;
  email: string | null;
  mailFromName: string | null;
  mailFromAddress: string | null;
  mailReplyTo: MailReplyTo;
};

export type MailIdentity = { from: string; fromName: string; fromAddress: string; replyTo: string | null };

/** The name and address of a From header such as `"Acme" <billing@acme.example>` or a bare address. */
export function parseMailbox(value: string): { name: string | null; address: string } {
  const match = /^\s*(?:"?((?:[^"\\]|\\.)*?)"?\s*)?<([^<>\s]+)>\s*$/.exec(value);
  if (match) return { name: match[1]?.replace(/\\(.)/g, "$1").trim() || null, address: match[2]!.toLowerCase() };
  return { name: null, address: value.trim().toLowerCase() };
}

/** `"Name" <address>`: the name quoted (a comma or a dot in a firm's name is fine), one line. */
export function formatMailbox(name: string, address: string): string {
  const clean = name
    .replace(/[\r\n]+/g, " ")
    .replace(/[\\"]/g, (character) => `\\${character}`)
    .trim();
  return clean ? `"${clean}" <${address}>` : address;
}

/**
 * The From and Reply-To of a mail the firm sends. From: the name in Settings, else the firm's name;
 * the address in Settings, else MAIL_FROM's. Reply-To: the firm's email, or the person who sends the
 * mail (when a person does; else the firm's), or none; `replyTo` (a visitor's address on the firm's
 * copy of a contact message) wins over all of them.
 */
export function mailIdentity(
  settings: MailIdentitySettings,
  mailFrom: string,
  options: { senderEmail?: string | null; replyTo?: string | null } = {},
): MailIdentity {
  const environment = parseMailbox(mailFrom);
  const fromName = settings.mailFromName?.trim() || settings.firmName.trim() || environment.name || "Bureau";
  const fromAddress = settings.mailFromAddress?.trim().toLowerCase() || environment.address;
  const firmReplyTo = settings.email?.trim().toLowerCase() || null;
  let replyTo: string | null;
  if (options.replyTo) replyTo = options.replyTo.trim().toLowerCase();
  else if (settings.mailReplyTo === "none") replyTo = null;
  else if (settings.mailReplyTo === "sender") replyTo = options.senderEmail?.trim().toLowerCase() || firmReplyTo;
  else replyTo = firmReplyTo;
  // A Reply-To equal to the From says nothing.
  if (replyTo === fromAddress) replyTo = null;
  return { from: formatMailbox(fromName, fromAddress), fromName, fromAddress, replyTo };
}

/** Top-level names reserved for tests, examples and local networks (RFC 2606, RFC 6761, RFC 6762). */
const NOT_REAL_TLDS = new Set([
  "localhost",
  "localdomain",
  "local",
  "test",
  "example",
  "invalid",
  "internal",
  "lan",
  "home",
]);

/**
 * Why mail from this address would not reach people (no public domain), or null when the domain
 * looks real: a receiving server refuses, or files as spam, mail from localhost or *.test.
 */
export function unrealMailDomain(address: string): string | null {
  const domain = address.split("@")[1]?.trim().toLowerCase().replace(/\.$/, "") ?? "";
  if (!domain) return "it has no domain";
  if (/^\[?[\d.:]+\]?$/.test(domain)) return `${domain} is an IP address, not a domain`;
  if (!domain.includes(".")) return `${domain} has no dot, so it is not a public domain`;
  const labels = domain.split(".");
  const tld = labels[labels.length - 1]!;
  if (NOT_REAL_TLDS.has(tld)) return `.${tld} is reserved for local or test use`;
  if (labels.slice(0, -1).some((label) => label === "example") && ["com", "net", "org"].includes(tld))
    return `${domain} is reserved for examples`;
  return null;
}

/** The start-up's warning when the firm's mail would go out from a domain that is not a real one. */
export function unrealSenderWarning(settings: MailIdentitySettings, mailFrom: string): string | null {
  const { fromAddress } = mailIdentity(settings, mailFrom);
  const reason = unrealMailDomain(fromAddress);
  if (!reason) return null;
  return `Mail is sent from ${fromAddress}, and ${reason}: receiving servers refuse such mail or file it as spam. Set the sender address in Settings → Mail, or MAIL_FROM.`;
}
