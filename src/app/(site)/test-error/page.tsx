import { notFound } from "next/navigation";
import { getConfig } from "@/lib/env";

// Exists only when BUREAU_TEST_ROUTES=1 (browser tests): a server component that throws, to show
// the application error page and its digest.
export default async function TestErrorPage() {
  if (!getConfig().testRoutesEnabled) notFound();
  throw new Error("Test error thrown on purpose by /test-error");
}
