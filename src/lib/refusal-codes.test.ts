// The refusal codes of every domain: well formed, each listed once, and the lists neither miss a
// code the code base uses nor keep one it no longer does. Translations and API clients rely on them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCOUNT_CODES } from "@/modules/auth/account-codes";
import { API_CODES } from "@/modules/api/api-codes";
import { CALL_CODES } from "@/modules/calls/call-codes";
import { CLIENT_CODES } from "@/modules/clients/client-codes";
import { EXPENSE_CODES } from "@/modules/expenses/expense-codes";
import { INVOICE_CODES } from "@/modules/invoices/invoice-codes";
import { JOB_CODES } from "@/modules/jobs/job-codes";
import { MAIL_CODES } from "@/modules/mail/mail-codes";
import { MESSAGE_CODES } from "@/modules/messages/message-codes";
import { PUBLIC_FORM_CODES } from "@/modules/public-site/public-form-codes";
import { QUOTE_CODES } from "@/modules/quotes/quote-codes";
import { SETTINGS_CODES } from "@/modules/settings/settings-codes";
import { SHARE_LINK_CODES } from "@/modules/share-links/share-link-codes";
import { TIMESHEET_CODES } from "@/modules/timesheets/timesheet-codes";
import { USER_CODES } from "@/modules/users/user-codes";
import { WEBHOOK_CODES } from "@/modules/webhooks/webhook-codes";
import { WEBHOOK_EVENT_TYPES } from "@/modules/webhooks/webhook-events";
import { PERMISSIONS } from "@/modules/users/permissions";
import { type Catalog, catalogOf, REFERENCE_LANGUAGE } from "@/i18n/catalogs";
import { INPUT_INVALID } from "./errors";

const LISTS: Record<string, readonly string[]> = {
  account: ACCOUNT_CODES,
  api: API_CODES,
  call: CALL_CODES,
  client: CLIENT_CODES,
  expense: EXPENSE_CODES,
  input: [INPUT_INVALID],
  invoice: INVOICE_CODES,
  job: JOB_CODES,
  mail: MAIL_CODES,
  message: MESSAGE_CODES,
  public_form: PUBLIC_FORM_CODES,
  quote: QUOTE_CODES,
  settings: SETTINGS_CODES,
  share_link: SHARE_LINK_CODES,
  timesheet: TIMESHEET_CODES,
  user: USER_CODES,
  webhook: WEBHOOK_CODES,
};
const ALL = Object.values(LISTS).flat();

const SRC = path.resolve(import.meta.dirname, "..");
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/-codes\.ts$/.test(entry.name) ? [full] : [];
  });
}
/** The catalogs' namespaces and keys ("settings.page", "api.tokens"): spelled like codes, but words. */
function catalogPaths(tree: Catalog, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => [
    `${prefix}${key}`,
    ...(typeof value === "string" ? [] : catalogPaths(value, `${prefix}${key}.`)),
  ]);
}
const CATALOG_PATHS = catalogPaths(catalogOf(REFERENCE_LANGUAGE));
/** A catalog path, whole or under a namespace (t("settings.label") in dashboard.firstSteps). */
const isCatalogPath = (text: string) => CATALOG_PATHS.some((key) => key === text || key.endsWith(`.${text}`));

/** Every quoted `domain.snake_case` of a known domain in the sources, with the files it is in. */
function codesInSources(): Map<string, string[]> {
  const pattern = new RegExp(`["'\`]((?:${Object.keys(LISTS).join("|")})\\.[a-z0-9_]+)["'\`]`, "g");
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(pattern)) {
      // Permission names (users/permissions.ts) are spelled the same way but are not refusals.
      if (match[1]! in PERMISSIONS) continue;
      // Nor are the webhook events (invoice.issued…), which name what happened.
      if ((WEBHOOK_EVENT_TYPES as readonly string[]).includes(match[1]!)) continue;
      // Nor the catalogs' namespaces a translator is asked for (getTranslations("settings.page")).
      if (!ALL.includes(match[1]!) && isCatalogPath(match[1]!)) continue;
      found.set(match[1]!, [...(found.get(match[1]!) ?? []), path.relative(SRC, file)]);
    }
  }
  return found;
}

describe("refusal codes", () => {
  it("are lowercase domain.snake_case, in their domain's list", () => {
    for (const [domain, codes] of Object.entries(LISTS)) {
      for (const code of codes) expect(code).toMatch(new RegExp(`^${domain}\\.[a-z0-9]+(?:_[a-z0-9]+)*$`));
    }
  });

  it("are listed once, and none is also the name of a permission", () => {
    expect(new Set(ALL).size).toBe(ALL.length);
    expect(ALL.filter((code) => code in PERMISSIONS)).toEqual([]);
  });

  it("cover every code the sources use, and the sources use every listed code", () => {
    const used = codesInSources();
    const unlisted = [...used.entries()].filter(([code]) => !ALL.includes(code));
    expect(unlisted, "codes used but not listed (in their <domain>-codes.ts)").toEqual([]);
    const unused = ALL.filter((code) => !used.has(code));
    expect(unused, "codes listed but used nowhere").toEqual([]);
  });
});
