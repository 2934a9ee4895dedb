"use client";

import { useEffect, useSyncExternalStore } from "react";
import { reportBrowserError } from "@/modules/monitoring/sentry-browser";

const noSubscription = () => () => {};

/**
 * The application error page, word for word. An error that came from the server
 * carries a digest (its details stay in the server logs, found by that digest).
 */
export function ApplicationError({ error }: { error: Error & { digest?: string } }) {
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
      <h1 className="text-lg font-semibold">
        {fromServer
          ? `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`
          : `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`}
      </h1>
      {fromServer ? <p className="font-mono text-sm text-muted-foreground">Digest: {error.digest}</p> : null}
      <p className="text-sm">
        {/* A full page load on purpose: after an error, start again from a clean state. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a className="underline underline-offset-4" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
