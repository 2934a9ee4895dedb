import type { Metadata } from "next";
import Link from "@/components/app-link";
import { getDb } from "@/db/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { findLinkHolder } from "@/modules/auth/account-link-queries";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { ChoosePasswordForm } from "@/modules/auth/components/account-link-forms";
import { getPageSettings } from "@/modules/settings/page-settings";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.reset");
  return { title: t("title"), referrer: "no-referrer" };
}

// Opening the link changes nothing (mail scanners open links too): only the form's action uses it.
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [holder, settings, t] = await Promise.all([
    findLinkHolder(getDb(), "password_reset", token),
    getPageSettings(),
    getTranslations("auth.reset"),
  ]);
  return (
    <AuthCard firmName={settings.firmName} title={t("title")}>
      {holder ? (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            {t.rich("intro", {
              email: holder.email,
              strong: (chunks) => <span className="font-medium text-foreground">{chunks}</span>,
            })}
          </p>
          <ChoosePasswordForm token={token} email={holder.email} purpose="reset" />
        </>
      ) : (
        <Alert variant="destructive">
          <AlertDescription>
            {t.rich("invalid", {
              link: (chunks) => (
                <Link href="/bo/login/forgot" className="underline underline-offset-4">
                  {chunks}
                </Link>
              ),
            })}
          </AlertDescription>
        </Alert>
      )}
    </AuthCard>
  );
}
