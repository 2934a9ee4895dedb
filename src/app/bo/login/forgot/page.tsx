import type { Metadata } from "next";
import Link from "@/components/app-link";
import { AuthCard } from "@/modules/auth/components/auth-card";
import { ForgotPasswordForm } from "@/modules/auth/components/account-link-forms";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Forgot your password?" };

export default async function ForgotPasswordPage() {
  const settings = await getPageSettings();
  return (
    <AuthCard firmName={settings.firmName} title="Forgot your password?">
      <p className="mb-4 text-sm text-muted-foreground">
        Type the address you sign in with: we mail it a link to choose a new password.
      </p>
      <ForgotPasswordForm />
      <p className="mt-6 text-sm">
        <Link href="/bo/login" className="underline underline-offset-4">
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
