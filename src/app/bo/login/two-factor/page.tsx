import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Button } from "@/components/ui/button";
import { loginUrl, safeNextPath } from "@/lib/request";
import { getCurrentUser } from "@/lib/session";
import { signOutAction } from "@/modules/auth/auth-actions";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { SecondFactorForm } from "@/modules/auth/components/two-factor-forms";
import { getPageSettings } from "@/modules/settings/page-settings";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.twoFactorStep");
  return { title: t("title") };
}

/** The second step of a sign-in, for a session the password opened and the code must complete. */
export default async function TwoFactorPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const target = safeNextPath(Array.isArray(next) ? next[0] : next);
  const current = await getCurrentUser();
  if (!current) redirect(loginUrl(target));
  if (!current.secondFactorPending) redirect(target);
  const [settings, t] = await Promise.all([getPageSettings(), getTranslations("auth.twoFactorStep")]);
  return (
    <AuthCard firmName={settings.firmName} title={t("heading")}>
      <p className="mb-4 text-sm text-muted-foreground">
        {t.rich("intro", {
          email: current.email,
          strong: (chunks) => <span className="font-medium text-foreground">{chunks}</span>,
        })}
      </p>
      <SecondFactorForm next={target} />
      <form action={signOutAction} className="mt-6">
        <Button type="submit" variant="link" className="h-auto p-0">
          {t("cancel")}
        </Button>
      </form>
    </AuthCard>
  );
}
