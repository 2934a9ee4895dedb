import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { findLinkHolder } from "@/modules/auth/account-link-queries";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { ChoosePasswordForm } from "@/modules/auth/components/account-link-forms";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Accept the invitation", referrer: "no-referrer" };

// Opening the link changes nothing (mail scanners open links too): only the form's action uses it.
export default async function AcceptInvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [holder, settings] = await Promise.all([findLinkHolder(getDb(), "invitation", token), getPageSettings()]);
  return (
    <AuthCard firmName={settings.firmName} title="Welcome to Bureau">
      {holder ? (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            Hello {holder.name}: choose the password you will sign in with as{" "}
            <span className="font-medium text-foreground">{holder.email}</span>.
          </p>
          <ChoosePasswordForm token={token} email={holder.email} purpose="invitation" />
        </>
      ) : (
        <Alert variant="destructive">
          <AlertDescription>
            This invitation has expired, was revoked or was already used. Ask your administrator to send a new one.
          </AlertDescription>
        </Alert>
      )}
    </AuthCard>
  );
}
