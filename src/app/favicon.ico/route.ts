// Browsers still ask for /favicon.ico (e.g. when a link downloads a file): answer with the SVG icon.
import fs from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-static";

export async function GET() {
  const svg = await fs.readFile(path.join(process.cwd(), "src/app/icon.svg"));
  return new Response(svg, { headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" } });
}
