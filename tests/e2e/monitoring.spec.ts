// Error reporting end to end: the server runs with its DSN pointing at the capture server that
// tests/e2e/global-setup.ts starts on loopback (see sentry-capture-server.ts).
import { ADMIN, expect, signIn, test } from "./fixtures";
import { CAPTURE_PORT, type CapturedEnvelope, parseEnvelope, type ParsedEnvelope } from "./sentry-capture-server";

const captureUrl = `http://127.0.0.1:${CAPTURE_PORT}/__captured`;

type SentryEvent = {
  exception?: {
    values?: { type?: string; value?: string; stacktrace?: { frames?: { filename?: string; function?: string }[] } }[];
  };
  tags?: Record<string, string>;
  environment?: string;
  request?: { cookies?: unknown; headers?: Record<string, string> };
};

async function capturedEnvelopes(): Promise<ParsedEnvelope[]> {
  const response = await fetch(captureUrl);
  return ((await response.json()) as CapturedEnvelope[]).map(parseEnvelope);
}

function eventsOf(envelope: ParsedEnvelope): SentryEvent[] {
  return envelope.items
    .filter((item) => item.header.type === "event")
    .map((item) => JSON.parse(item.payload.toString("utf8")) as SentryEvent);
}

/** Waits until an envelope with an event matching `match` has arrived at the capture server. */
async function waitForEvent(
  match: (event: SentryEvent, envelope: ParsedEnvelope) => boolean,
): Promise<{ event: SentryEvent; envelope: ParsedEnvelope }> {
  let found: { event: SentryEvent; envelope: ParsedEnvelope } | undefined;
  await expect
    .poll(
      async () => {
        for (const envelope of await capturedEnvelopes()) {
          const event = eventsOf(envelope).find((candidate) => match(candidate, envelope));
          if (event) found = { event, envelope };
        }
        return Boolean(found);
      },
      { timeout: 15_000, message: "an envelope with the expected event reaches the capture server" },
    )
    .toBe(true);
  return found!;
}

const cameThroughTunnel = (envelope: ParsedEnvelope) =>
  String(envelope.headers["x-sentry-auth"] ?? "").includes("bureau-tunnel");

test.beforeEach(async () => {
  await fetch(captureUrl, { method: "DELETE" });
});

// The site header links to /jobs and /mail, whose prefetches answer 404 until those pages exist.
test.describe("/sentry-example-page", () => {
  test.use({
    allowedConsoleErrors: /raised in the browser by the Sentry example page|status of (405|500)|\/(jobs|mail)\?_rsc=/,
  });

  test("says reporting is configured and /monitoring is reachable; only an administrator sees where reports go", async ({
    page,
  }) => {
    await page.goto("/sentry-example-page");
    await expect(page.getByRole("heading", { name: "Error reporting example", level: 1 })).toBeVisible();
    await expect(page.getByTestId("reporting-status")).toHaveText("Error reporting is configured.");
    await expect(page.getByTestId("tunnel-status")).toHaveText(
      "/monitoring is reachable: this browser can send reports through it.",
    );
    // The page does not say where reports go (the browser SDK's DSN, public by design, is in a meta tag).
    expect(await page.locator("main").innerText()).not.toContain(String(CAPTURE_PORT));
    await expect(page.getByRole("button", { name: "Call an API route that fails on the server" })).toHaveCount(0);
    await expect(page.getByTestId("server-example-locked")).toBeVisible();

    await signIn(page, ADMIN.email, ADMIN.password, "/sentry-example-page");
    await expect(page.getByTestId("reporting-status")).toHaveText(
      `Error reporting is configured: reports go to http://127.0.0.1:${CAPTURE_PORT}.`,
    );
  });

  test("anonymous calls of the failing API route are refused and report nothing (security review, finding e)", async ({
    request,
  }) => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await request.get("/api/sentry-example-api")).status()),
    );
    expect(statuses).toEqual(Array(20).fill(403));
    // Give the server time to have sent anything it would send, then look.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const reported = (await capturedEnvelopes()).flatMap(eventsOf);
    expect(
      reported.filter((event) => event.exception?.values?.some((value) => value.type === "SentryExampleAPIError")),
    ).toEqual([]);
  });

  test("a browser error arrives at Sentry through /monitoring with its message and stack", async ({ page }) => {
    await page.goto("/sentry-example-page");
    const tunnelRequest = page.waitForRequest(
      (request) =>
        request.method() === "POST" &&
        new URL(request.url()).pathname === "/monitoring" &&
        (request.postData() ?? "").includes("SentryExampleFrontendError"),
    );
    await page.getByRole("button", { name: "Throw an error in the browser" }).click();
    await expect(page.getByTestId("browser-result")).toContainText("Threw SentryExampleFrontendError in the browser");
    await tunnelRequest;

    const { event, envelope } = await waitForEvent(
      (candidate) => candidate.exception?.values?.some((value) => value.type === "SentryExampleFrontendError") ?? false,
    );
    expect(cameThroughTunnel(envelope)).toBe(true);
    expect(envelope.path).toBe("/api/1/envelope/");
    const exception = event.exception!.values!.find((value) => value.type === "SentryExampleFrontendError")!;
    expect(exception.value).toBe("This error is raised in the browser by the Sentry example page.");
    expect(exception.stacktrace?.frames?.length ?? 0).toBeGreaterThan(0);
    expect(exception.stacktrace!.frames!.some((frame) => frame.filename?.includes("/_next/static/"))).toBe(true);
    expect(event.environment).toBe("e2e");
    expect(event.request?.cookies).toBeUndefined();
  });

  test("a server error from the API route is reported by the server and the page says what happened", async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password, "/sentry-example-page");
    await page.getByRole("button", { name: "Call an API route that fails on the server" }).click();
    await expect(page.getByTestId("server-result")).toContainText(
      "the server threw SentryExampleAPIError and answered 500",
    );

    const { event, envelope } = await waitForEvent(
      (candidate) => candidate.exception?.values?.some((value) => value.type === "SentryExampleAPIError") ?? false,
    );
    expect(cameThroughTunnel(envelope)).toBe(false);
    const exception = event.exception!.values!.find((value) => value.type === "SentryExampleAPIError")!;
    expect(exception.value).toBe("This error is raised on the server by /api/sentry-example-api.");
    expect(exception.stacktrace?.frames?.length ?? 0).toBeGreaterThan(0);
    expect(event.request?.headers?.cookie).toBeUndefined();
    expect(event.tags?.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

test.describe("server-side render errors", () => {
  // React error 441: production's stand-in for the message of an error thrown in a server component.
  test.use({
    allowedConsoleErrors: /Server Components render|React error #441|status of 500|Test error thrown on purpose/,
  });

  test("show the application error page with a digest, and the same error arrives with that digest", async ({
    page,
  }) => {
    await page.goto("/test-error");
    await expect(
      page.getByRole("heading", {
        name: /Application error: a server-side exception has occurred while loading localhost:\d+/,
      }),
    ).toBeVisible();
    const digestText = await page.getByText(/^Digest: /).textContent();
    const digest = digestText!.replace("Digest: ", "").trim();
    expect(digest).not.toBe("");

    const { event, envelope } = await waitForEvent(
      (candidate, from) =>
        !cameThroughTunnel(from) &&
        (candidate.exception?.values?.some((value) => value.value === "Test error thrown on purpose by /test-error") ??
          false),
    );
    expect(event.tags?.digest).toBe(digest);
    // The server SDK posts straight to the DSN (authenticating in the query string), not through the tunnel.
    expect(new URL(envelope.path, "http://capture").pathname).toBe("/api/1/envelope/");
    // The browser reports what its error page showed, tagged with the same digest.
    const fromBrowser = await waitForEvent(
      (candidate, from) => cameThroughTunnel(from) && candidate.tags?.digest === digest,
    );
    expect(fromBrowser.event.tags?.digest).toBe(digest);
  });
});
