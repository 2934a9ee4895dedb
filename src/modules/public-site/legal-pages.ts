// The public site's texts: the home text, the legal notice (/legal) and the privacy notice
// (/privacy). Each is the firm's own Markdown when Settings → Public site has one, else a text
// generated here from the settings, so a new firm has both pages from its first day.
// The generated texts are written in the page's language (decision 067; English by default), from
// the catalogs' `site.generated` messages. The pages render the Markdown with the job
// descriptions' sanitiser.
import { documentTranslator } from "@/i18n/document-language";
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

type Translator = ReturnType<typeof documentTranslator>;

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

export function defaultLegalNotice(firm: LegalFirm, siteUrl: string, language = "en"): string {
  const t: Translator = documentTranslator(language);
  const MISSING = t("site.generated.missing");
  const publisher = [`**${md(firm.firmName)}**`];
  if (firm.legalForm) publisher.push(md(firm.legalForm));
  if (firm.shareCapital !== null)
    publisher.push(
      t("site.generated.shareCapital", { amount: formatMoney(firm.shareCapital, firm.currency, firm.locale) }),
    );
  const registration =
    firm.registrationNumber && firm.rcsCity
      ? `RCS ${md(firm.rcsCity)} ${md(firm.registrationNumber)}`
      : firm.registrationNumber
        ? md(firm.registrationNumber)
        : MISSING;
  const rows: [string, string][] = [
    [t("site.generated.publisher"), publisher.join(", ")],
    [t("site.generated.office"), addressOf(firm) ?? MISSING],
    [firm.country === "FR" ? t("site.generated.rcs") : t("site.generated.registration"), registration],
  ];
  if (firm.vatNumber) rows.push([t("site.generated.vatNumber"), md(firm.vatNumber)]);
  rows.push(
    [t("site.generated.email"), firm.email ? md(firm.email) : MISSING],
    [t("site.generated.phone"), firm.phone ? md(firm.phone) : MISSING],
  );
  const host = firm.hostingProvider
    ? firm.hostingProvider
        .split(/\r?\n/)
        .map((line) => md(line.trim()))
        .filter(Boolean)
        .join("  \n")
    : MISSING;
  return [
    t("site.generated.publishedBy", { site: md(siteUrl), firm: md(firm.firmName) }),
    `## ${t("site.generated.publisherHeading")}`,
    rows.map(([label, value]) => t("site.generated.row", { label, value })).join("\n"),
    `## ${t("site.generated.directorHeading")}`,
    firm.publicationDirector ? md(firm.publicationDirector) : MISSING,
    `## ${t("site.generated.hostHeading")}`,
    host,
    `## ${t("site.generated.personalDataHeading")}`,
    t("site.generated.privacyLink"),
  ].join("\n\n");
}

/** How many days the retention settings keep applications and contact messages (retentionDays). */
export type RetentionInDays = { applications: number; messages: number };

export function defaultPrivacyNotice(firm: LegalFirm, retention: RetentionInDays, language = "en"): string {
  const t: Translator = documentTranslator(language);
  const contact = firm.email ? `[${md(firm.email)}](mailto:${firm.email})` : t("site.generated.contactFallback");
  const office = addressOf(firm);
  const authority = firm.country === "FR" ? t("site.generated.authorityFr") : t("site.generated.authorityOther");
  return [
    `## ${t("site.generated.responsibleHeading")}`,
    t("site.generated.responsible", { firm: md(firm.firmName), office: office ? `, ${office}` : "" }),
    `## ${t("site.generated.collectHeading")}`,
    [t("site.generated.collectContact"), t("site.generated.collectApplications")].join("\n"),
    `## ${t("site.generated.keepHeading")}`,
    [
      t("site.generated.keepApplications", { days: retention.applications }),
      t("site.generated.keepMessages", { days: retention.messages }),
      t("site.generated.keepCalls"),
    ].join("\n"),
    `## ${t("site.generated.whoHeading")}`,
    t("site.generated.who", { firm: md(firm.firmName) }),
    `## ${t("site.generated.rightsHeading")}`,
    t("site.generated.rights", { authority }),
    `## ${t("site.generated.askHeading")}`,
    t("site.generated.ask", { contact }),
  ].join("\n\n");
}

export function defaultHomeText(firm: { firmName: string }, language = "en"): string {
  return documentTranslator(language)("site.generated.home", { firm: md(firm.firmName) });
}

type RetentionSettings = { applicationRetentionMonths: number; messageRetentionMonths: number };

export type PublicTexts = { homeText: string; legalNotice: string; privacyNotice: string };

/** The texts generated from the settings (what the site shows while Settings → Public pages is empty). */
export function generatedPublicTexts(
  firm: LegalFirm & RetentionSettings,
  siteUrl: string,
  now: Date = new Date(),
  language = "en",
): PublicTexts {
  return {
    homeText: defaultHomeText(firm, language),
    legalNotice: defaultLegalNotice(firm, siteUrl, language),
    privacyNotice: defaultPrivacyNotice(
      firm,
      {
        applications: retentionDays(firm.applicationRetentionMonths, now),
        messages: retentionDays(firm.messageRetentionMonths, now),
      },
      language,
    ),
  };
}

/**
 * What the site shows: the firm's own text where it has one (as the firm wrote it, in every
 * language), else the one generated in `language` (the page's).
 */
export function publicTexts(
  firm: LegalFirm &
    RetentionSettings & {
      homeText: string | null;
      legalNotice: string | null;
      privacyNotice: string | null;
    },
  siteUrl: string,
  now: Date = new Date(),
  language = "en",
): PublicTexts {
  const generated = generatedPublicTexts(firm, siteUrl, now, language);
  return {
    homeText: firm.homeText ?? generated.homeText,
    legalNotice: firm.legalNotice ?? generated.legalNotice,
    privacyNotice: firm.privacyNotice ?? generated.privacyNotice,
  };
}
