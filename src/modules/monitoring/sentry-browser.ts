// Error reporting in the browser. The server renders the browser's settings into the page (a <meta>
// in the root layout) at request time, so one build serves any DSN; with none, the SDK is never
// downloaded. Reports go to the same-origin tunnel /monitoring.
import type { BrowserReportingSettings } from "./reporting-settings";
import { REPORTING_META_NAME, parseReportingSettings } from "./reporting-settings";
import { PRIVATE_DATA_COLLECTION, scrubEvent } from "./scrub-event";

type SentryModule = typeof import("@sentry/nextjs");

const globalForSentry = globalThis as unknown as {
  bureauBrowserSentry?: Promise<SentryModule | undefined>;
  bureauPendingErrors?: (Error & { digest?: string })[];
};

function readSettings(): BrowserReportingSettings | undefined {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${REPORTING_META_NAME}"]`);
  return meta ? parseReportingSettings(meta.content) : undefined;
}

function load(settings: BrowserReportingSettings): void {
  if (__BUREAU_SENTRY_SDK__ === "off") return;
  globalForSentry.bureauBrowserSentry = import("@sentry/nextjs").then(
    (Sentry) => {
      Sentry.init({
        dsn: settings.dsn,
        tunnel: settings.tunnel,
        environment: settings.environment,
        release: settings.release,
        dataCollection: PRIVATE_DATA_COLLECTION,
        tracesSampleRate: settings.tracesSampleRate > 0 ? settings.tracesSampleRate : undefined,
        beforeSend: (event) => scrubEvent(event),
      });
      for (const error of globalForSentry.bureauPendingErrors?.splice(0) ?? []) captureWithDigest(Sentry, error);
      return Sentry;
    },
    () => undefined,
  );
}

function captureWithDigest(Sentry: SentryModule, error: Error & { digest?: string }): void {
  Sentry.withScope((scope) => {
    if (error.digest) scope.setTag("digest", error.digest);
    Sentry.captureException(error);
  });
}

/** Called once by instrumentation-client.ts, before the application starts. */
export function startBrowserReporting(): void {
  if (__BUREAU_SENTRY_SDK__ === "off" || globalForSentry.bureauBrowserSentry) return;
  const settings = readSettings();
  if (settings) return load(settings);
  // Scripts may run before the parser has reached the <meta>: look again once the document is parsed.
  if (document.readyState === "loading") {
    document.addEventListener(
      "DOMContentLoaded",
      () => {
        const late = readSettings();
        if (late && !globalForSentry.bureauBrowserSentry) load(late);
      },
      { once: true },
    );
  }
}

/** Reports an error an error boundary caught (React does not pass those to window.onerror). */
export function reportBrowserError(error: Error & { digest?: string }): void {
  if (__BUREAU_SENTRY_SDK__ === "off") return;
  // After a server render error Next.js serves a bare shell and React renders the layout (and its
  // <meta>) only afterwards, too late for instrumentation-client: read the settings now.
  if (!globalForSentry.bureauBrowserSentry) {
    const settings = readSettings();
    if (settings) load(settings);
  }
  const loading = globalForSentry.bureauBrowserSentry;
  if (loading) {
    void loading.then((Sentry) => Sentry && captureWithDigest(Sentry, error));
    return;
  }
  // The error page can mount before the settings were read (streamed page): keep a few until then.
  if (document.readyState === "loading") {
    globalForSentry.bureauPendingErrors ??= [];
    if (globalForSentry.bureauPendingErrors.length < 10) globalForSentry.bureauPendingErrors.push(error);
  }
}

export function reportRouterTransition(href: string, navigationType: string): void {
  void globalForSentry.bureauBrowserSentry?.then((Sentry) =>
    Sentry?.captureRouterTransitionStart(href, navigationType),
  );
}

/** Whether the SDK is running in this page (for /sentry-example-page). */
export async function isBrowserReportingActive(): Promise<boolean> {
  return Boolean(await globalForSentry.bureauBrowserSentry);
}
