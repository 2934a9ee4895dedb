import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Button } from "@/components/ui/button";
import { loginUrl, safeNextPath } from "@/lib/request";
import { getCurrentUser } from "@/lib/session";
import { signOutAction } from "@/modules/auth/auth-actions";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { SecondFactorForm } from "@/modules/auth/components/two-factor-forms";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Two-factor sign-in" };

/** The second step of a sign-in, for a session the password opened and the code must complete. */
export default async function TwoFactorPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const target = safeNextPath(Array.isArray(next) ? next[0] : next);
  const current = await getCurrentUser();
  if (!current) redirect(loginUrl(target));
  if (!current.secondFactorPending) redirect(target);
  const settings = await getPageSettings();
  return (
    <AuthCard firmName={settings.firmName} title="Enter your code">
      <p className="mb-4 text-sm text-muted-foreground">
        Signed in as <span className="font-medium text-foreground">{current.email}</span>. Open your authenticator app
        for the code, or use one of your recovery codes.
      </p>
      <SecondFactorForm next={target} />
      <form action={signOutAction} className="mt-6">
        <Button type="submit" variant="link" className="h-auto p-0">
          Cancel and sign out
        </Button>
      </form>
    </AuthCard>
  );
}
