import { connection } from "next/server";
import { readQueryTiming } from "@/db/query-timing";
import { getConfig } from "@/lib/env";

/**
 * Exists only when BUREAU_BENCH=1 (`npm run bench`): the query timing totals of this server
 * process (src/db/query-timing.ts) and its pid, read by the benchmark before and after each load.
 */
export async function GET() {
  await connection();
  if (!getConfig().benchEnabled) return new Response("Not found", { status: 404 });
  return Response.json({ pid: process.pid, ...readQueryTiming() }, { headers: { "cache-control": "no-store" } });
}
