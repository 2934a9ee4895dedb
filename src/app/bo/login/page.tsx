import type { Metadata } from "next";
import Link from "@/components/app-link";
import { redirect } from "next/navigation";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { safeNextPath } from "@/lib/request";
import { getCurrentUser } from "@/lib/session";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { SignInForm } from "@/modules/auth/components/sign-in-form";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Sign in" };

const DONE: Record<string, string> = {
  invitation: "Your password is set. Sign in to continue.",
  reset: "Your password is changed and every session was signed out. Sign in with the new one.",
  email: "Your sign-in address is changed. Sign in with the new one.",
};

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
  const settings = await getPageSettings();
  const notice = DONE[(Array.isArray(done) ? done[0] : done) ?? ""];
  return (
    <AuthCard firmName={settings.firmName} title="Sign in to Bureau">
      {notice ? (
        <Alert role="status" className="mb-4">
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <SignInForm next={target} />
      <p className="mt-6 text-sm">
        <Link href="/bo/login/forgot" className="underline underline-offset-4">
          Forgot your password?
        </Link>
      </p>
    </AuthCard>
  );
}
