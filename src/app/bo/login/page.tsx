import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeNextPath } from "@/lib/request";
import { getCurrentUser } from "@/lib/session";
import { SignInForm } from "@/modules/auth/components/sign-in-form";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const target = safeNextPath(Array.isArray(next) ? next[0] : next);
  if (await getCurrentUser()) redirect(target);
  const settings = await getPageSettings();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 shadow-sm">
        <p className="text-sm font-medium text-muted-foreground">{settings.firmName}</p>
        <h1 className="mt-1 mb-6 text-2xl font-semibold tracking-tight">Sign in to Bureau</h1>
        <SignInForm next={target} />
      </div>
    </main>
  );
}
