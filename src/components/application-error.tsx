"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useSyncExternalStore } from "react";
import { reportBrowserError } from "@/modules/monitoring/sentry-browser";

const noSubscription = () => () => {};

// The required English words of the page (product spec), then, in another language, their translation.
const SERVER_ERROR = (host: string) =>
  `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`;
const DIGEST = "Digest: ";
/** The way out when the root layout itself failed: no catalog is loaded then, so it stays English. */
const GO_HOME = "Go to the home page";
const CLIENT_ERROR = (host: string) =>
  `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`;

/** The page's words in the person's language, below the English ones; nothing more in English. */
function Translation({ fromServer, host }: { fromServer: boolean; host: string }) {
  const t = useTranslations("common.pageError");
  const locale = useLocale();
  if (locale === "en") return null;
  return <p lang={locale}>{t(fromServer ? "serverError" : "clientError", { host })}</p>;
}

/**
 * The application error page, word for word. An error that came from the server
 * carries a digest (its details stay in the server logs, found by that digest). `translated`:
 * rendered inside the root layout (its messages), so the translation can follow.
 */
export function ApplicationError({
  error,
  translated = false,
}: {
  error: Error & { digest?: string };
  translated?: boolean;
}) {
  const host = useSyncExternalStore(
    noSubscription,
    () => window.location.host,
    () => "",
  );
  useEffect(() => {
    console.error(error);
    // Sent only when reporting is enabled; a server error carries its digest, the key to the server's report.
    reportBrowserError(error);
  }, [error]);
  const fromServer = Boolean(error.digest);
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-3 p-6" role="alert">
      <h1 className="text-lg font-semibold">{fromServer ? SERVER_ERROR(host) : CLIENT_ERROR(host)}</h1>
      {translated ? <Translation fromServer={fromServer} host={host} /> : null}
      {fromServer ? (
        <p className="font-mono text-sm text-muted-foreground">
          {DIGEST}
          {error.digest}
        </p>
      ) : null}
      <p className="text-sm">
        {/* A full page load on purpose: after an error, start again from a clean state. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a className="underline underline-offset-4" href="/">
          {translated ? <HomeLinkText /> : GO_HOME}
        </a>
      </p>
    </main>
  );
}

function HomeLinkText() {
  return useTranslations("common.pageError")("goHome");
}
