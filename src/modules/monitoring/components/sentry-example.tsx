"use client";

import { useEffect, useState } from "react";
import Link from "@/components/app-link";
import { Button } from "@/components/ui/button";
import { TUNNEL_PATH } from "../reporting-settings";

class SentryExampleFrontendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SentryExampleFrontendError";
  }
}

type Probe = "checking" | "reachable" | "not-configured" | "unreachable";

const probeText: Record<Probe, string> = {
  checking: `Checking ${TUNNEL_PATH}…`,
  reachable: `${TUNNEL_PATH} is reachable: this browser can send reports through it.`,
  "not-configured": `${TUNNEL_PATH} answers 404: the server has no DSN configured.`,
  unreachable: `${TUNNEL_PATH} is not reachable from this browser (offline, or blocked by an extension).`,
};

export function SentryExample({
  configured,
  destination,
  canRaiseServerError,
}: {
  configured: boolean;
  /** Where reports go: for administrators only. */
  destination: string | undefined;
  /** Only a signed-in administrator may raise the server example (each call is an event in the firm's quota). */
  canRaiseServerError: boolean;
}) {
  const [probe, setProbe] = useState<Probe>("checking");
  const [browserResult, setBrowserResult] = useState<string>();
  const [serverResult, setServerResult] = useState<string>();
  const [calling, setCalling] = useState(false);

  useEffect(() => {
    let active = true;
    // The tunnel accepts POST only: a GET answered 405 proves the route is there and enabled.
    fetch(TUNNEL_PATH, { method: "GET", cache: "no-store" })
      .then((response) =>
        response.status === 405 ? "reachable" : response.status === 404 ? "not-configured" : "unreachable",
      )
      .catch(() => "unreachable" as const)
      .then((result) => {
        if (active) setProbe(result);
      });
    return () => {
      active = false;
    };
  }, []);

  function throwInBrowser() {
    setBrowserResult(
      configured
        ? `Threw SentryExampleFrontendError in the browser at ${new Date().toLocaleTimeString()}. The SDK sends it to ${TUNNEL_PATH}, which forwards it to Sentry.`
        : `Threw SentryExampleFrontendError in the browser at ${new Date().toLocaleTimeString()}. Reporting is not configured, so only the browser console shows it.`,
    );
    // Thrown outside React's event handling, so it is an uncaught error as any bug would be.
    setTimeout(() => {
      throw new SentryExampleFrontendError("This error is raised in the browser by the Sentry example page.");
    });
  }

  async function callFailingApi() {
    setCalling(true);
    try {
      const response = await fetch("/api/sentry-example-api", { cache: "no-store" });
      setServerResult(
        `Called /api/sentry-example-api: the server threw SentryExampleAPIError and answered ${response.status}. ` +
          (configured
            ? "The error is in the server logs and was reported to Sentry by the server."
            : "The error is in the server logs; reporting is not configured."),
      );
    } catch {
      setServerResult("Could not call /api/sentry-example-api: the server did not answer.");
    } finally {
      setCalling(false);
    }
  }

  return (
    <div className="mt-8 space-y-8">
      <section aria-labelledby="status-heading" className="rounded-lg border p-5">
        <h2 id="status-heading" className="font-semibold">
          Status
        </h2>
        <p className="mt-2" data-testid="reporting-status">
          {configured
            ? destination
              ? `Error reporting is configured: reports go to ${destination}.`
              : "Error reporting is configured."
            : "Error reporting is not configured: set SENTRY_DSN to enable it."}
        </p>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="tunnel-status" aria-live="polite">
          {probeText[probe]}
        </p>
      </section>

      <section aria-labelledby="browser-heading" className="space-y-3">
        <h2 id="browser-heading" className="font-semibold">
          An error in the browser
        </h2>
        <Button onClick={throwInBrowser}>Throw an error in the browser</Button>
        {browserResult ? (
          <p role="status" data-testid="browser-result">
            {browserResult}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="server-heading" className="space-y-3">
        <h2 id="server-heading" className="font-semibold">
          An error on the server
        </h2>
        {canRaiseServerError ? (
          <Button onClick={callFailingApi} disabled={calling}>
            Call an API route that fails on the server
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="server-example-locked">
            Only a signed-in administrator can raise the example server error: each one is sent to the error reporting
            service.{" "}
            <Link className="text-primary underline" href="/bo/login?next=/sentry-example-page">
              Sign in
            </Link>{" "}
            to try it.
          </p>
        )}
        {serverResult ? (
          <p role="status" data-testid="server-result">
            {serverResult}
          </p>
        ) : null}
      </section>
    </div>
  );
}
