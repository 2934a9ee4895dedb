"use client";

import { useTranslations } from "next-intl";
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

type Probe = "checking" | "reachable" | "notConfigured" | "unreachable";

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
  const t = useTranslations("site.sentryExample");
  const [probe, setProbe] = useState<Probe>("checking");
  const [browserResult, setBrowserResult] = useState<string>();
  const [serverResult, setServerResult] = useState<string>();
  const [calling, setCalling] = useState(false);

  useEffect(() => {
    let active = true;
    // The tunnel accepts POST only: a GET answered 405 proves the route is there and enabled.
    fetch(TUNNEL_PATH, { method: "GET", cache: "no-store" })
      .then((response) =>
        response.status === 405 ? "reachable" : response.status === 404 ? "notConfigured" : "unreachable",
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
      t("browserThrown", {
        time: new Date().toLocaleTimeString(),
        tunnel: TUNNEL_PATH,
        configured: configured ? "yes" : "no",
      }),
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
      setServerResult(t("serverThrown", { status: String(response.status), configured: configured ? "yes" : "no" }));
    } catch {
      setServerResult(t("serverUnreachable"));
    } finally {
      setCalling(false);
    }
  }

  return (
    <div className="mt-8 space-y-8">
      <section aria-labelledby="status-heading" className="rounded-lg border p-5">
        <h2 id="status-heading" className="font-semibold">
          {t("status")}
        </h2>
        <p className="mt-2" data-testid="reporting-status">
          {configured ? (destination ? t("configuredTo", { destination }) : t("configured")) : t("notConfigured")}
        </p>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="tunnel-status" aria-live="polite">
          {t(`probe.${probe}`, { tunnel: TUNNEL_PATH })}
        </p>
      </section>

      <section aria-labelledby="browser-heading" className="space-y-3">
        <h2 id="browser-heading" className="font-semibold">
          {t("browserHeading")}
        </h2>
        <Button onClick={throwInBrowser}>{t("browserButton")}</Button>
        {browserResult ? (
          <p role="status" data-testid="browser-result">
            {browserResult}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="server-heading" className="space-y-3">
        <h2 id="server-heading" className="font-semibold">
          {t("serverHeading")}
        </h2>
        {canRaiseServerError ? (
          <Button onClick={callFailingApi} disabled={calling}>
            {t("serverButton")}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="server-example-locked">
            {t.rich("serverLocked", {
              link: (chunks) => (
                <Link className="text-primary underline" href="/bo/login?next=/sentry-example-page">
                  {chunks}
                </Link>
              ),
            })}
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
