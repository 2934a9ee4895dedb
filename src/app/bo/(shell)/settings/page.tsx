import { availableLanguages, languageOptions, messageText, REFERENCE_LANGUAGE } from "@/i18n/catalogs";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { todayInZone } from "@/lib/dates";
import { currencyMinorDigits, minorToDecimalString } from "@/lib/money";
import { categoryOfRate } from "@/modules/invoices/vat-categories";
import { requirePagePermission } from "@/lib/session";
import { COUNTRIES, CURRENCIES } from "@/modules/clients/client-rules";
import { SettingsForm, type SettingsFormOptions } from "@/modules/settings/components/settings-form";
import { getFirmSettings } from "@/modules/settings/page-settings";
import { getConfig } from "@/lib/env";
import { parseMailbox } from "@/modules/mail/mail-identity";
import { generatedPublicTexts, missingLegalMentions } from "@/modules/public-site/legal-pages";
import { fecAccountsOf } from "@/modules/reports/fec-rules";
import {
  FecAccountsForm,
  MailIdentityForm,
  PublicPagesForm,
  ShareLinkSettingsForm,
} from "@/modules/settings/components/settings-sections";
import type { Settings } from "@/modules/settings/settings-queries";
import { LOCALES, type SettingsFormInput } from "@/modules/settings/settings-schemas";
import { minutesToHoursText } from "@/modules/users/capacity";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import Link from "@/components/app-link";
import { TimesheetReminderForm } from "@/modules/timesheets/components/timesheet-notification-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings.page");
  return { title: t("title") };
}

/** 550 → "5.5", 2000 → "20": the percentage as a person types it. */
function basisPointsToPercentText(basisPoints: number): string {
  return minorToDecimalString(basisPoints, 2).replace(/\.?0+$/, "");
}

function toFormValues(settings: Settings): SettingsFormInput {
  return {
    version: settings.version,
    firmName: settings.firmName,
    legalForm: settings.legalForm ?? "",
    registrationNumber: settings.registrationNumber ?? "",
    shareCapital:
      settings.shareCapital === null
        ? ""
        : minorToDecimalString(settings.shareCapital, currencyMinorDigits(settings.currency)),
    rcsCity: settings.rcsCity ?? "",
    vatNumber: settings.vatNumber ?? "",
    peppolId: settings.peppolId ?? "",
    addressLine1: settings.addressLine1 ?? "",
    addressLine2: settings.addressLine2 ?? "",
    postalCode: settings.postalCode ?? "",
    city: settings.city ?? "",
    countrySubdivision: settings.countrySubdivision ?? "",
    country: settings.country,
    email: settings.email ?? "",
    phone: settings.phone ?? "",
    iban: settings.iban ?? "",
    bic: settings.bic ?? "",
    brandColor: settings.brandColor,
    currency: settings.currency,
    locale: settings.locale as SettingsFormInput["locale"],
    timezone: settings.timezone,
    // The shared schema reads the rate with two decimals (85.50 → 8550), whatever the currency.
    defaultHourlyRate: settings.defaultHourlyRate === null ? "" : minorToDecimalString(settings.defaultHourlyRate, 2),
    weeklyHours: minutesToHoursText(settings.weeklyCapacityMinutes),
    taxRates: settings.taxRates.map((rate) => ({
      label: rate.label,
      percent: basisPointsToPercentText(rate.basisPoints),
      isDefault: rate.isDefault,
      category: categoryOfRate(rate),
      mention: rate.mention ?? "",
      vatexCode: rate.vatexCode ?? "",
    })),
    paymentTermsDays: String(settings.paymentTermsDays),
    invoiceNumberPattern: settings.invoiceNumberPattern,
    creditNoteNumberPattern: settings.creditNoteNumberPattern,
    quoteNumberPattern: settings.quoteNumberPattern,
    invoiceFooter: settings.invoiceFooter ?? "",
    invoiceEmailSubject: settings.invoiceEmailSubject,
    invoiceEmailMessage: settings.invoiceEmailMessage,
    documentLanguage: settings.documentLanguage,
    // One template per language other than English (whose template is the two fields above):
    // the firm's own, else the catalog's default wording.
    invoiceEmailTemplates: availableLanguages()
      .filter((language) => language !== REFERENCE_LANGUAGE)
      .map((language) => ({
        language,
        subject: settings.invoiceEmailTemplates[language]?.subject ?? messageText(language, "email.invoiceSubject"),
        message: settings.invoiceEmailTemplates[language]?.message ?? messageText(language, "email.invoiceMessage"),
      })),
    remindersEnabled: settings.reminders.enabled,
    reminderDays: settings.reminders.daysAfterDue.join(", "),
    notificationEmail: settings.notificationEmail ?? "",
    applicationRetentionMonths: String(settings.applicationRetentionMonths),
    messageRetentionMonths: String(settings.messageRetentionMonths),
  };
}

/**
 * The choices of the selects, built on the server: the browser's Intl data (time zones, names)
 * can differ from Node's, and one list on both sides keeps hydration exact. The saved value is
 * always offered, even when this runtime no longer lists it (e.g. a renamed time zone).
 */
function buildOptions(settings: Settings, language: string): SettingsFormOptions {
  const languageNames = new Intl.DisplayNames([language], { type: "language", fallback: "code" });
  const zones = new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
  zones.add(settings.timezone);
  const currencies = CURRENCIES.some((currency) => currency.code === settings.currency)
    ? CURRENCIES
    : [...CURRENCIES, { code: settings.currency, name: settings.currency }];
  const countries = COUNTRIES.some((country) => country.code === settings.country)
    ? COUNTRIES
    : [...COUNTRIES, { code: settings.country as (typeof COUNTRIES)[number]["code"], name: settings.country }];
  return {
    countries,
    currencies,
    locales: LOCALES.map((code) => ({ code, name: languageNames.of(code) ?? code })),
    documentLanguages: languageOptions(),
    timezones: [...zones].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b, "en"))),
  };
}

export default async function SettingsPage() {
  await requirePagePermission("settings.edit");
  // The settings as saved (the firm's own locale, not the page's): this page edits them.
  const [settings, t, language] = await Promise.all([getFirmSettings(), getTranslations("settings.page"), getLocale()]);
  const config = getConfig();

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <SettingsForm
        initialValues={toFormValues(settings)}
        options={buildOptions(settings, language)}
        today={todayInZone(settings.timezone)}
        logo={{ hasLogo: settings.logo !== null && settings.logoMimeType !== null, key: settings.version }}
      />
      <MailIdentityForm
        initialValues={{
          mailFromName: settings.mailFromName ?? "",
          mailFromAddress: settings.mailFromAddress ?? "",
          mailReplyTo: settings.mailReplyTo,
        }}
        environmentFrom={parseMailbox(config.mailFrom).address}
        firmName={settings.firmName}
        firmEmail={settings.email}
      />
      <ShareLinkSettingsForm
        initialValues={{
          shareLinkInMails: settings.shareLinkInMails,
          shareLinkMailDays: settings.shareLinkMailDays === null ? "" : String(settings.shareLinkMailDays),
        }}
      />
      <PublicPagesForm
        initialValues={{
          homeText: settings.homeText ?? "",
          legalNotice: settings.legalNotice ?? "",
          privacyNotice: settings.privacyNotice ?? "",
          publicationDirector: settings.publicationDirector ?? "",
          hostingProvider: settings.hostingProvider ?? "",
        }}
        generated={generatedPublicTexts(settings, config.appUrl)}
        missingMentions={missingLegalMentions(settings)}
      />
      <FecAccountsForm initialValues={fecAccountsOf(settings.fecAccounts)} />
      <Card>
        <CardHeader>
          <CardTitle>{t("reminder")}</CardTitle>
          <CardDescription>{t("reminderHelp")}</CardDescription>
        </CardHeader>
        <CardContent>
          <TimesheetReminderForm reminder={settings.timesheetReminder ?? null} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("webhooks")}</CardTitle>
          <CardDescription>{t("webhooksHelp")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/bo/settings/webhooks" className="text-sm font-medium underline underline-offset-4">
            {t("manageWebhooks")}
          </Link>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("import")}</CardTitle>
          <CardDescription>{t("importHelp")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/bo/import" className="text-sm font-medium underline underline-offset-4">
            {t("importLink")}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
