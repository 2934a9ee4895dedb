// Before the browser tests: the capture server that plays Sentry for the server under test
// (playwright.config.ts points SENTRY_DSN at it), so every page can report without a real Sentry.
import { startCaptureServer } from "./sentry-capture-server";

export default async function globalSetup() {
  const server = await startCaptureServer();
  return async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
}
