import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getConfig } from "@/lib/env";

// Exists only when BUREAU_BENCH=1 (`npm run bench`): the smallest dynamic page of the build, rendered
// on every request through the same proxy and root layout as every other page, with no database
// and no session. Its latency is what the framework itself costs: the floor the pages are compared with.
export default async function BenchFloorPage() {
  await connection();
  if (!getConfig().benchEnabled) notFound();
  return <p>ok</p>;
}
