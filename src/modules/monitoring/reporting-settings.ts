// What the server tells the browser about error reporting, rendered into every page.
import type { SentryConfig } from "@/lib/env";

export const REPORTING_META_NAME = "bureau-error-reporting";
export const TUNNEL_PATH = "/monitoring";

export type BrowserReportingSettings = {
  dsn: string;
  tunnel: string;
  environment: string;
  release: string;
  tracesSampleRate: number;
};

/** The settings for the page, or undefined when the browser must not report (no DSN). */
export function browserReportingSettings(config: SentryConfig): BrowserReportingSettings | undefined {
  if (!config.browserDsn) return undefined;
  return {
    dsn: config.browserDsn,
    tunnel: TUNNEL_PATH,
    environment: config.environment,
    release: config.release,
    tracesSampleRate: config.tracesSampleRate,
  };
}

export function parseReportingSettings(text: string): BrowserReportingSettings | undefined {
  try {
    const value = JSON.parse(text) as Partial<BrowserReportingSettings>;
    if (typeof value.dsn !== "string" || !value.dsn) return undefined;
    return {
      dsn: value.dsn,
      tunnel: typeof value.tunnel === "string" ? value.tunnel : TUNNEL_PATH,
      environment: typeof value.environment === "string" ? value.environment : "production",
      release: typeof value.release === "string" ? value.release : "unknown",
      tracesSampleRate: typeof value.tracesSampleRate === "number" ? value.tracesSampleRate : 0,
    };
  } catch {
    return undefined;
  }
}
