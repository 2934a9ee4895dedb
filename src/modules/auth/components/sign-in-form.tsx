"use client";

import { useTranslations } from "next-intl";
import type * as React from "react";
import { useState, useSyncExternalStore } from "react";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const noSubscription = () => () => {};

/** Posts to better-auth's sign-in endpoint; the server answers 401 or 429 (with Retry-After). */
export function SignInForm({ next }: { next: string }) {
  const t = useTranslations("auth.signIn");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Until React has hydrated, the button stays disabled: a native submit would not reach our handler.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
          rememberMe: true,
        }),
      });
      if (response.ok) {
        window.location.assign(next);
        return;
      }
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get("retry-after") ?? "900");
        setError(t("lockout", { minutes: Math.max(1, Math.ceil(retryAfter / 60)) }));
      } else if (response.status >= 500) {
        setError(t("serverDown"));
      } else {
        setError(t("failed"));
      }
    } catch {
      setError(t("unreachable"));
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} method="post" className="grid gap-4" noValidate>
      <FormError message={error} />
      <div className="grid gap-2">
        <Label htmlFor="email">{t("email")}</Label>
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">{t("password")}</Label>
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <Button type="submit" disabled={pending || !hydrated} className="w-full">
        {pending ? t("signingIn") : t("submit")}
      </Button>
    </form>
  );
}
