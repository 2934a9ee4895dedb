import { defineConfig } from "vitest/config";
import path from "node:path";

// Three projects: pure unit tests, integration on PGlite, integration on PostgreSQL.
// The PostgreSQL project runs when TEST_DATABASE_URL is set (CI sets it and REQUIRE_POSTGRES=1,
// so a missing server fails there instead of being skipped).
// A fourth, "system", only when RUN_SYSTEM_TESTS=1: real `next start` processes on the production
// build (run by scripts/test.mjs after `next build`), one file at a time.
const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
};
const integration = ["src/**/*.int.test.ts", "tests/integration/**/*.int.test.ts"];
const testEnv = {
  BETTER_AUTH_SECRET: "integration-tests-secret-0123456789abcdef",
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
          exclude: integration,
          environment: "node",
        },
      },
      // E-invoices (decision 022): the writers against the official EN 16931, XRechnung and Peppol
      // rules (SaxonJS) and the XML schemas, the property test over generated invoices, Factur-X.
      // No database. Each file loads its stylesheets once; files spread over the workers.
      {
        resolve: { alias },
        test: {
          name: "einvoicing",
          include: ["tests/einvoicing/**/*.test.ts", "tests/einvoicing/**/*.test.tsx"],
          environment: "node",
          // The property tests validate 200+ documents a format: minutes on a loaded machine.
          testTimeout: 1_800_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "pglite",
          include: [...integration, "tests/integration-pglite/**/*.int.test.ts"],
          env: { TEST_DB: "pglite", ...testEnv },
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                include: integration,
                env: { TEST_DB: "postgres", ...testEnv },
                globalSetup: ["tests/support/global-setup.ts"],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(process.env.RUN_SYSTEM_TESTS === "1"
        ? [
            {
              resolve: { alias },
              test: {
                name: "system",
                include: ["tests/system/**/*.sys.test.ts"],
                env: testEnv,
                globalSetup: ["tests/system/support/global-setup.ts"],
                fileParallelism: false,
                testTimeout: 60_000,
                hookTimeout: 90_000,
              },
            },
          ]
        : []),
    ],
  },
});
