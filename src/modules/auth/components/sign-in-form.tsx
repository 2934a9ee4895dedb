"use client";

import { useState, useSyncExternalStore } from "react";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const noSubscription = () => () => {};

const FAILED = "Email or password is incorrect";

function lockoutText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Posts to better-auth's sign-in endpoint; the server answers 401 or 429 (with Retry-After). */
export function SignInForm({ next }: { next: string }) {
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
        setError(lockoutText(Number(response.headers.get("retry-after") ?? "900")));
      } else if (response.status >= 500) {
        setError("Bureau could not sign you in just now. Please try again in a moment.");
      } else {
        setError(FAILED);
      }
    } catch {
      setError("Bureau could not be reached. Check your connection and try again.");
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} method="post" className="grid gap-4" noValidate>
      <FormError message={error} />
      <div className="grid gap-2">
        <Label htmlFor="email">Email</Label>
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">Password</Label>
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <Button type="submit" disabled={pending || !hydrated} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
