import { bigint, boolean, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { FecAccounts } from "@/modules/reports/fec-rules";
import type { VatCategory } from "@/modules/einvoicing/einvoice-model";
import { bytea, id, timestamps, version } from "./columns";

/**
 * A configured tax rate. `category` is the EN 16931 VAT category (UNCL5305); `mention` the legal
 * text printed for it (and its exemption reason, BT-120); `vatexCode` the reason's code (BT-121).
 * Rates saved before categories existed have none: standard above 0 %, zero rated at 0 %.
 */
export type TaxRate = {
  label: string;
  basisPoints: number;
  isDefault: boolean;
  category?: VatCategory;
  mention?: string | null;
  vatexCode?: string | null;
};
export const MAIL_REPLY_TO = ["firm", "sender", "none"] as const;
export type MailReplyTo = (typeof MAIL_REPLY_TO)[number];
export type InvoiceEmailTemplate = { subject: string; message: string };
export type TimesheetReminder = { weekday: number; time: string };
export type ReminderSchedule = { enabled: boolean; daysAfterDue: number[] };

/** The firm's settings: a single row (one deployment serves one firm). */
export const settings = pgTable("settings", {
  id: id(),
  firmName: text("firm_name").notNull(),
  legalForm: text("legal_form"),
  /** SIREN for a French firm (checked), else the trade register number. */
  registrationNumber: text("registration_number"),
  /** Share capital in minor units of the firm's currency (French companies print it, C. com. R123-238). */
  shareCapital: bigint("share_capital", { mode: "number" }),
  /** The city of the trade register (RCS) the firm is registered with. */
  rcsCity: text("rcs_city"),
  vatNumber: text("vat_number"),
  /** The firm's Peppol participant identifier, "scheme:identifier" (BT-34 with its EAS code); null: from the VAT number. */
  peppolId: text("peppol_id"),
  addressLine1: text("address_line1"),
  addressLine2: text("address_line2"),
  postalCode: text("postal_code"),
  city: text("city"),
  countrySubdivision: text("country_subdivision"),
  country: text("country").notNull().default("FR"),
  email: text("email"),
  phone: text("phone"),
  iban: text("iban"),
  bic: text("bic"),
  logo: bytea("logo"),
  logoMimeType: text("logo_mime_type"),
  brandColor: text("brand_color").notNull().default("#1f4fd1"),
  currency: text("currency").notNull().default("EUR"),
  locale: text("locale").notNull().default("en-GB"),
  timezone: text("timezone").notNull().default("Europe/Paris"),
  defaultHourlyRate: integer("default_hourly_rate"),
  taxRates: jsonb("tax_rates").$type<TaxRate[]>().notNull(),
  paymentTermsDays: integer("payment_terms_days").notNull().default(30),
  invoiceNumberPattern: text("invoice_number_pattern").notNull().default("{YYYY}-{SEQ:4}"),
  creditNoteNumberPattern: text("credit_note_number_pattern").notNull().default("CN-{YYYY}-{SEQ:4}"),
  quoteNumberPattern: text("quote_number_pattern").notNull().default("Q-{YYYY}-{SEQ:4}"),
  invoiceFooter: text("invoice_footer"),
  invoiceEmailSubject: text("invoice_email_subject").notNull().default("Invoice {number} from {firm}"),
  invoiceEmailMessage: text("invoice_email_message")
    .notNull()
    .default("Hello,\n\nPlease find attached invoice {number}, due on {dueDate}.\n\nThank you for your business."),
  /** The language of documents for clients without one of their own (a messages/ catalog). */
  documentLanguage: text("document_language").notNull().default("en"),
  /**
   * The invoice mail's subject and message per document language other than English (English is
   * invoiceEmailSubject and invoiceEmailMessage); a language without one uses its catalog's default.
   */
  invoiceEmailTemplates: jsonb("invoice_email_templates")
    .$type<Record<string, InvoiceEmailTemplate>>()
    .notNull()
    .default({}),
  reminders: jsonb("reminders")
    .$type<ReminderSchedule>()
    .notNull()
    .default({ enabled: false, daysAfterDue: [3, 10, 30] }),
  notificationEmail: text("notification_email"),
  /** The weekly reminder to people whose last week is not submitted: ISO weekday (1 = Monday) and "HH:mm"; null: off. */
  timesheetReminder: jsonb("timesheet_reminder").$type<TimesheetReminder | null>(),
  applicationRetentionMonths: integer("application_retention_months").notNull().default(12),
  /** Contact messages (with their replies) are deleted this many months after they arrive. */
  messageRetentionMonths: integer("message_retention_months").notNull().default(12),
  /** The firm's working week in minutes; null: 35 h for a French firm, else 40 h (weeklyCapacityMinutesOf). */
  weeklyCapacityMinutes: integer("weekly_capacity_minutes"),
  /** The From name of the firm's mail; null: the firm's name. */
  mailFromName: text("mail_from_name"),
  /** The From address of the firm's mail; null: the address of MAIL_FROM. */
  mailFromAddress: text("mail_from_address"),
  /** Where replies go: the firm's email, the person who sent the mail, or no Reply-To. */
  mailReplyTo: text("mail_reply_to", { enum: MAIL_REPLY_TO }).notNull().default("firm"),
  /** Markdown of the public pages; null: the text generated from these settings. */
  homeText: text("home_text"),
  legalNotice: text("legal_notice"),
  privacyNotice: text("privacy_notice"),
  /** The firm's host, for the legal notice (LCEN art. 6): name, address, phone. */
  hostingProvider: text("hosting_provider"),
  /** The director of publication (LCEN art. 6); null: not named. */
  publicationDirector: text("publication_director"),
  setupCompleted: boolean("setup_completed").notNull().default(false),
  /** Administrators and managers must have two-factor sign-in (they are sent to set it up). */
  requireTwoFactorForManagers: boolean("require_two_factor_for_managers").notNull().default(false),
  /** Webhooks may be sent to loopback, private and link-local addresses (on-premise use); off: refused (SSRF). */
  /** The FEC export's accounts and journal codes (Settings → Accounting export); null: the defaults (fecAccountsOf). */
  fecAccounts: jsonb("fec_accounts").$type<Partial<FecAccounts>>(),
  webhooksAllowPrivate: boolean("webhooks_allow_private").notNull().default(false),
  /** Invoice and credit-note mails carry a client share link to view the document online (decision 059). */
  shareLinkInMails: boolean("share_link_in_mails").notNull().default(false),
  /** Days a mailed share link keeps working; null: until revoked. */
  shareLinkMailDays: integer("share_link_mail_days"),
  version: version(),
  ...timestamps,
});
