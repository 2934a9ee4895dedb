import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { getCurrentUser } from "@/lib/session";
import { findEmailChangeLink } from "@/modules/auth/account-link-queries";
import { LINK_INVALID_MESSAGE } from "@/modules/auth/account-tokens";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { ConfirmEmailChange } from "@/modules/auth/components/account-security";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Confirm your new address", referrer: "no-referrer" };

// Opening the link changes nothing (mail scanners open links too): only the button's action uses it.
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [link, settings, current] = await Promise.all([
    findEmailChangeLink(getDb(), token),
    getPageSettings(),
    getCurrentUser(),
  ]);
  return (
    <AuthCard firmName={settings.firmName} title="Confirm your new address">
      {link ? (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            From now on, <span className="font-medium text-foreground">{link.name}</span> signs in with{" "}
            <span className="font-medium break-all text-foreground">{link.newEmail}</span> instead of{" "}
            <span className="break-all">{link.email}</span>. The old address is told.
          </p>
          <ConfirmEmailChange token={token} signedIn={Boolean(current && !current.secondFactorPending)} />
        </>
      ) : (
        <Alert variant="destructive">
          <AlertDescription>{LINK_INVALID_MESSAGE} Ask for a new one from My account.</AlertDescription>
        </Alert>
      )}
    </AuthCard>
  );
}
