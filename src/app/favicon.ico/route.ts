// Browsers still ask for /favicon.ico (e.g. when a link downloads a file): answer with the SVG icon.
import fs from "node:fs/promises";
import path from "node:path";
import { headersOutsideProxy } from "@/lib/security-headers";

export const dynamic = "force-static";

export async function GET() {
  const svg = await fs.readFile(path.join(process.cwd(), "src/app/icon.svg"));
  // Outside the proxy's matcher, and an SVG is a document that could hold script: the same headers
  // as everything else, and a policy under which nothing in it may run. Rendered at build time, so
  // NODE_ENV is the production build's.
  return new Response(svg, {
    headers: {
      ...headersOutsideProxy(process.env.NODE_ENV === "production"),
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=86400",
    },
  });
}
