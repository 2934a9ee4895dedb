import type { Metadata } from "next";
import Link from "@/components/app-link";
import { redirect } from "next/navigation";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { safeNextPath } from "@/lib/request";
import { getCurrentUser } from "@/lib/session";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { SignInForm } from "@/modules/auth/components/sign-in-form";
import { getPageSettings } from "@/modules/settings/page-settings";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signIn");
  return { title: t("title") };
}

const DONE = ["invitation", "reset", "email"] as const;

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[]; done?: string | string[] }>;
}) {
  const { next, done } = await searchParams;
  const target = safeNextPath(Array.isArray(next) ? next[0] : next);
  const current = await getCurrentUser();
  // The password was right; the second factor is still to be given.
  if (current?.secondFactorPending) redirect(`/bo/login/two-factor?next=${encodeURIComponent(target)}`);
  if (current) redirect(target);
  const [settings, t] = await Promise.all([getPageSettings(), getTranslations("auth.signIn")]);
  const doneKey = DONE.find((key) => key === (Array.isArray(done) ? done[0] : done));
  const notice = doneKey ? t(`done.${doneKey}`) : null;
  return (
    <AuthCard firmName={settings.firmName} title={t("heading")}>
      {notice ? (
        <Alert role="status" className="mb-4">
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <SignInForm next={target} />
      <p className="mt-6 text-sm">
        <Link href="/bo/login/forgot" className="underline underline-offset-4">
          {t("forgot")}
        </Link>
      </p>
    </AuthCard>
  );
}
