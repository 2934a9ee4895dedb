import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { getCurrentUser } from "@/lib/session";
import { findEmailChangeLink } from "@/modules/auth/account-link-queries";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { ConfirmEmailChange } from "@/modules/auth/components/account-security";
import { getPageSettings } from "@/modules/settings/page-settings";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.emailChange");
  return { title: t("title"), referrer: "no-referrer" };
}

// Opening the link changes nothing (mail scanners open links too): only the button's action uses it.
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [link, settings, current, t] = await Promise.all([
    findEmailChangeLink(getDb(), token),
    getPageSettings(),
    getCurrentUser(),
    getTranslations("auth.emailChange"),
  ]);
  return (
    <AuthCard firmName={settings.firmName} title={t("title")}>
      {link ? (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            {t.rich("intro", {
              name: link.name,
              newEmail: link.newEmail,
              email: link.email,
              strong: (chunks) => <span className="font-medium text-foreground">{chunks}</span>,
              address: (chunks) => <span className="font-medium break-all text-foreground">{chunks}</span>,
              old: (chunks) => <span className="break-all">{chunks}</span>,
            })}
          </p>
          <ConfirmEmailChange token={token} signedIn={Boolean(current && !current.secondFactorPending)} />
        </>
      ) : (
        <Alert variant="destructive">
          <AlertDescription>{t("invalid")}</AlertDescription>
        </Alert>
      )}
    </AuthCard>
  );
}
