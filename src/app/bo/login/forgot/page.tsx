import type { Metadata } from "next";
import Link from "@/components/app-link";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { ForgotPasswordForm } from "@/modules/auth/components/account-link-forms";
import { getPageSettings } from "@/modules/settings/page-settings";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.forgot");
  return { title: t("title") };
}

export default async function ForgotPasswordPage() {
  const [settings, t] = await Promise.all([getPageSettings(), getTranslations("auth.forgot")]);
  return (
    <AuthCard firmName={settings.firmName} title={t("title")}>
      <p className="mb-4 text-sm text-muted-foreground">{t("intro")}</p>
      <ForgotPasswordForm />
      <p className="mt-6 text-sm">
        <Link href="/bo/login" className="underline underline-offset-4">
          {t("back")}
        </Link>
      </p>
    </AuthCard>
  );
}
