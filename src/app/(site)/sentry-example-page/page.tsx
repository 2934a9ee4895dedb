import type { Metadata } from "next";
import { getConfig } from "@/lib/env";
import { signedInUser } from "@/lib/session";
import { can } from "@/modules/users/permissions";
import { SentryExample } from "@/modules/monitoring/components/sentry-example";
import { parseDsn } from "@/modules/monitoring/tunnel-rules";

export const metadata: Metadata = { title: "Error reporting example" };

export default async function SentryExamplePage() {
  const dsn = __BUREAU_SENTRY_SDK__ === "off" ? undefined : parseDsn(getConfig().sentry.browserDsn ?? "");
  // Where reports go is the firm's business: shown to its administrators only.
  const viewer = await signedInUser();
  const isAdmin = Boolean(viewer?.mayProceed && can(viewer.user, "monitoring.test"));
  return (
    <main className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Error reporting example</h1>
      <p className="mt-3 text-muted-foreground">
        Checks that errors in the browser and on the server reach the error reporting service (Sentry, self-hosted
        Sentry or GlitchTip).
      </p>
      <SentryExample
        configured={Boolean(dsn)}
        destination={dsn && isAdmin ? `${dsn.protocol}//${dsn.host}${dsn.pathPrefix}` : undefined}
        canRaiseServerError={isAdmin}
      />
    </main>
  );
}
