import type { Instrumentation } from "next";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ ConfigError, getConfig }, { startServerReporting }] = await Promise.all([
      import("./lib/env"),
      import("./modules/monitoring/sentry-server"),
    ]);
    // Reporting first, so a failing start-up (migrations, first admin) is reported too; a bad
    // configuration is left to startUp, which explains it and stops.
    try {
      await startServerReporting(getConfig().sentry);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
    }
    const { startUp } = await import("./server/start-up");
    await startUp();
  }
  // Bureau has no edge code: proxy.ts runs on Node.js in Next.js 16 (docs/decisions/*-error-reporting.md).
}

/** Every server error: a JSON log line with its digest and request id, and a report when enabled. */
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { reportRequestError } = await import("./modules/monitoring/sentry-server");
  await reportRequestError(...args);
};
