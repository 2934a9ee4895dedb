import { connection } from "next/server";
import { readInstanceQueryTiming } from "@/db/query-timing";
import { getConfig } from "@/lib/env";

/**
 * Exists only when BUREAU_BENCH=1 (`npm run bench`): the query timing totals of this instance's
 * server processes (src/db/query-timing.ts; several under scripts/serve.mjs) and their pids, read
 * by the benchmark before and after each load.
 */
export async function GET() {
  await connection();
  if (!getConfig().benchEnabled) return new Response("Not found", { status: 404 });
  return Response.json(await readInstanceQueryTiming(), { headers: { "cache-control": "no-store" } });
}
