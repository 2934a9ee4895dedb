import type { Metadata } from "next";
import Link from "@/components/app-link";
import { getDb } from "@/db/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { findLinkHolder } from "@/modules/auth/account-link-queries";
import { LINK_INVALID_MESSAGE } from "@/modules/auth/account-tokens";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { ChoosePasswordForm } from "@/modules/auth/components/account-link-forms";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

// Opening the link changes nothing (mail scanners open links too): only the form's action uses it.
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [holder, settings] = await Promise.all([findLinkHolder(getDb(), "password_reset", token), getPageSettings()]);
  return (
    <AuthCard firmName={settings.firmName} title="Choose a new password">
      {holder ? (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            For <span className="font-medium text-foreground">{holder.email}</span>. Every session of this account will
            be signed out.
          </p>
          <ChoosePasswordForm token={token} email={holder.email} purpose="reset" />
        </>
      ) : (
        <Alert variant="destructive">
          <AlertDescription>
            {LINK_INVALID_MESSAGE}{" "}
            <Link href="/bo/login/forgot" className="underline underline-offset-4">
              Ask for a new link
            </Link>
          </AlertDescription>
        </Alert>
      )}
    </AuthCard>
  );
}
