// The public site's texts: the home text, the legal notice (/legal) and the privacy notice
// (/privacy). Each is the firm's own Markdown when Settings → Public site has one, else a text
// generated here from the settings, so a new firm has both pages from its first day.
// Pure (no I/O): the pages render the Markdown with the job descriptions' sanitiser.
import { formatMoney } from "@/lib/money";
import { retentionDays } from "./retention-rules";

export type LegalFirm = {
  firmName: string;
  legalForm: string | null;
  registrationNumber: string | null;
  shareCapital: number | null;
  rcsCity: string | null;
  vatNumber: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  email: string | null;
  phone: string | null;
  currency: string;
  locale: string;
  publicationDirector: string | null;
  hostingProvider: string | null;
};

/** Markdown special characters in a value typed in Settings, so a firm's name prints as typed. */
function md(value: string): string {
  return value.replace(/([\\`*_[\]#<>|])/g, "\\$1");
}

function addressOf(firm: LegalFirm): string | null {
  const lines = [firm.addressLine1, firm.addressLine2, [firm.postalCode, firm.city].filter(Boolean).join(" ")]
    .map((line) => line?.trim())
    .filter(Boolean);
  return lines.length > 0 ? lines.map((line) => md(line!)).join(", ") : null;
}

const MISSING = "*not given yet*";

/**
 * The mentions the law asks of a site's publisher that the settings do not hold yet: for a French
 * firm the LCEN (loi 2004-575, art. 6-III) asks the name, legal form, share capital, registered
 * office, RCS registration, a phone and an email, the director of publication, and the host.
 */
export function missingLegalMentions(firm: LegalFirm): string[] {
  const missing: string[] = [];
  if (!addressOf(firm)) missing.push("the registered office's address");
  if (!firm.email) missing.push("an email address");
  if (!firm.phone) missing.push("a phone number");
  if (!firm.publicationDirector) missing.push("the director of publication");
  if (!firm.hostingProvider) missing.push("the host");
  if (firm.country === "FR") {
    if (!firm.legalForm) missing.push("the legal form");
    if (!firm.registrationNumber || !firm.rcsCity) missing.push("the RCS registration (SIREN and city)");
    if (firm.legalForm && !/^(EI|EIRL|micro)/i.test(firm.legalForm) && firm.shareCapital === null)
      missing.push("the share capital");
  }
  return missing;
}

export function defaultLegalNotice(firm: LegalFirm, siteUrl: string): string {
  const publisher = [`**${md(firm.firmName)}**`];
  if (firm.legalForm) publisher.push(md(firm.legalForm));
  if (firm.shareCapital !== null)
    publisher.push(`share capital ${formatMoney(firm.shareCapital, firm.currency, firm.locale)}`);
  const registration =
    firm.registrationNumber && firm.rcsCity
      ? `RCS ${md(firm.rcsCity)} ${md(firm.registrationNumber)}`
      : firm.registrationNumber
        ? md(firm.registrationNumber)
        : MISSING;
  const rows: [string, string][] = [
    ["Publisher", publisher.join(", ")],
    ["Registered office", addressOf(firm) ?? MISSING],
    [firm.country === "FR" ? "Trade register (RCS)" : "Registration", registration],
  ];
  if (firm.vatNumber) rows.push(["VAT number", md(firm.vatNumber)]);
  rows.push(["Email", firm.email ? md(firm.email) : MISSING], ["Phone", firm.phone ? md(firm.phone) : MISSING]);
  const host = firm.hostingProvider
    ? firm.hostingProvider
        .split(/\r?\n/)
        .map((line) => md(line.trim()))
        .filter(Boolean)
        .join("  \n")
    : MISSING;
  return [
    `The site ${md(siteUrl)} is published by ${md(firm.firmName)}.`,
    "## Publisher",
    rows.map(([label, value]) => `- ${label}: ${value}`).join("\n"),
    "## Director of publication",
    firm.publicationDirector ? md(firm.publicationDirector) : MISSING,
    "## Host",
    host,
    "## Personal data",
    "How we use the personal data you send us, and your rights, are set out in our [privacy notice](/privacy).",
  ].join("\n\n");
}

/** How many days the retention settings keep applications and contact messages (retentionDays). */
export type RetentionInDays = { applications: number; messages: number };

export function defaultPrivacyNotice(firm: LegalFirm, retention: RetentionInDays): string {
  const contact = firm.email ? `[${md(firm.email)}](mailto:${firm.email})` : "the address given in our legal notice";
  const office = addressOf(firm);
  const authority =
    firm.country === "FR"
      ? "the CNIL (Commission nationale de l'informatique et des libertés, [www.cnil.fr](https://www.cnil.fr))"
      : "the data protection authority of your country";
  return [
    "## Who is responsible",
    `${md(firm.firmName)}${office ? `, ${office}` : ""}, is responsible for the personal data collected through this site (the controller, GDPR art. 13).`,
    "## What we collect, and why",
    [
      "- **Contact form**: your name, email address, company, phone number and message, to answer you and, when you ask, to call you back. Legal basis: the steps you ask us to take before a possible contract, or our legitimate interest in answering the people who write to us (GDPR art. 6(1)(b) and (f)).",
      "- **Job applications**: your name, email address, phone number, links, cover letter and CV, to assess your application. Legal basis: your consent, given on the form, and the steps before a possible employment contract (GDPR art. 6(1)(a) and (b)).",
    ].join("\n"),
    "## How long we keep it",
    [
      `- Applications and their CVs are deleted automatically ${retention.applications} days after they arrive.`,
      `- Messages from the contact form, call-back requests included, and our replies to them are deleted automatically ${retention.messages} days after they arrive; ask us and we delete them sooner.`,
      "- When you ask us to call you back, the call (your name, number and what it was about) stays in our call log with our business records.",
    ].join("\n"),
    "## Who sees it",
    `Only the people of ${md(firm.firmName)} who handle your request or your application, and our host, which stores it for us. We do not sell it or pass it on for marketing.`,
    "## Your rights",
    `You may ask to see the data we hold about you, to correct it, to delete it, to restrict or object to its use, and to receive it in a common format (GDPR art. 15 to 21). You may withdraw your consent at any time, without affecting what was done before. You may also complain to ${authority}.`,
    "## Whom to ask",
    `Write to ${contact}. We answer within one month.`,
  ].join("\n\n");
}

export function defaultHomeText(firm: { firmName: string }): string {
  return `We work with clients on their projects and with people who want to join ${md(firm.firmName)}. See the positions we are hiring for, or write to us and we will answer or call you back.`;
}

type RetentionSettings = { applicationRetentionMonths: number; messageRetentionMonths: number };

export type PublicTexts = { homeText: string; legalNotice: string; privacyNotice: string };

/** The texts generated from the settings (what the site shows while Settings → Public pages is empty). */
export function generatedPublicTexts(
  firm: LegalFirm & RetentionSettings,
  siteUrl: string,
  now: Date = new Date(),
): PublicTexts {
  return {
    homeText: defaultHomeText(firm),
    legalNotice: defaultLegalNotice(firm, siteUrl),
    privacyNotice: defaultPrivacyNotice(firm, {
      applications: retentionDays(firm.applicationRetentionMonths, now),
      messages: retentionDays(firm.messageRetentionMonths, now),
    }),
  };
}

/** What the site shows: the firm's own text where it has one, else the generated one. */
export function publicTexts(
  firm: LegalFirm &
    RetentionSettings & {
      homeText: string | null;
      legalNotice: string | null;
      privacyNotice: string | null;
    },
  siteUrl: string,
  now: Date = new Date(),
): PublicTexts {
  const generated = generatedPublicTexts(firm, siteUrl, now);
  return {
    homeText: firm.homeText ?? generated.homeText,
    legalNotice: firm.legalNotice ?? generated.legalNotice,
    privacyNotice: firm.privacyNotice ?? generated.privacyNotice,
  };
}
