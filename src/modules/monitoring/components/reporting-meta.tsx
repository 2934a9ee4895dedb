import { ConfigError, getConfig } from "@/lib/env";
import { browserReportingSettings, REPORTING_META_NAME } from "../reporting-settings";

function readSettings() {
  try {
    return browserReportingSettings(getConfig().sentry);
  } catch (error) {
    // A bad configuration stops the server at start-up; a page rendered meanwhile just does not report.
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}

/** The browser's error-reporting settings, read by instrumentation-client.ts; nothing when there is no DSN. */
export function ReportingMeta() {
  if (__BUREAU_SENTRY_SDK__ === "off") return null;
  const settings = readSettings();
  return settings ? <meta name={REPORTING_META_NAME} content={JSON.stringify(settings)} /> : null;
}
