import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { findLinkHolder } from "@/modules/auth/account-link-queries";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { ChoosePasswordForm } from "@/modules/auth/components/account-link-forms";
import { getPageSettings } from "@/modules/settings/page-settings";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.invitation");
  return { title: t("title"), referrer: "no-referrer" };
}

// Opening the link changes nothing (mail scanners open links too): only the form's action uses it.
export default async function AcceptInvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [holder, settings, t] = await Promise.all([
    findLinkHolder(getDb(), "invitation", token),
    getPageSettings(),
    getTranslations("auth.invitation"),
  ]);
  return (
    <AuthCard firmName={settings.firmName} title={t("heading")}>
      {holder ? (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            {t.rich("intro", {
              name: holder.name,
              email: holder.email,
              strong: (chunks) => <span className="font-medium text-foreground">{chunks}</span>,
            })}
          </p>
          <ChoosePasswordForm token={token} email={holder.email} purpose="invitation" />
        </>
      ) : (
        <Alert variant="destructive">
          <AlertDescription>{t("invalid")}</AlertDescription>
        </Alert>
      )}
    </AuthCard>
  );
}
