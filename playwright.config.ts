import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CAPTURE_DSN } from "./tests/e2e/sentry-capture-server";

// Browser tests run the production build (npm test builds it first) on a fresh embedded database.
// The config is read by the runner and by each worker: the folder is chosen once and inherited.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "bureau-e2e-"));
const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  // Starts the loopback stand-in for Sentry that SENTRY_DSN below points at.
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-reports/e2e.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  webServer: {
    command: `node node_modules/next/dist/bin/next start -p ${port}`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_URL: baseURL,
      PORT: String(port),
      BETTER_AUTH_SECRET: "browser-tests-secret-0123456789abcdef",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "admin password for tests",
      BUREAU_TEST_ROUTES: "1",
      // The tests stand in for a reverse proxy on loopback: they spread their requests over made-up
      // client addresses with X-Forwarded-For, which only a trusted proxy may set (decision 018).
      TRUSTED_PROXIES: "loopback",
      LOG_LEVEL: "warn",
      SENTRY_DSN: CAPTURE_DSN,
      NEXT_PUBLIC_SENTRY_DSN: CAPTURE_DSN,
      SENTRY_ENVIRONMENT: "e2e",
    },
  },
});
