"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CopyIcon, WandSparklesIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { FormField, fieldAria } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { resetUserPasswordAction } from "../user-actions";
import { PASSWORD_MIN, resetPasswordInput } from "../user-schemas";

type Values = z.input<typeof resetPasswordInput>;

// No look-alike characters (0/O, 1/l/I): the admin may read the password out or copy it by hand.
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random password from the browser's CSPRNG, without modulo bias (rejection sampling). */
export function generatePassword(length = 20): string {
  const size = PASSWORD_ALPHABET.length;
  const limit = 256 - (256 % size);
  const bytes = new Uint8Array(length * 2);
  let password = "";
  while (password.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= limit || password.length >= length) continue;
      password += PASSWORD_ALPHABET.charAt(byte % size);
    }
  }
  return password;
}

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Password copied.");
  } catch {
    toast.error("The password could not be copied; select it and copy it by hand.");
  }
}

/** An admin sets a new password for someone; their sessions end and they choose their own at next sign-in. */
export function ResetPasswordForm({ userId, userName }: { userId: string; userName: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  const [handedOver, setHandedOver] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof resetPasswordInput>>({
    resolver: zodResolver(resetPasswordInput),
    defaultValues: { id: userId, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  function fillGenerated() {
    form.setValue("password", generatePassword(), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    setVisible(true);
  }

  const onSubmit = form.handleSubmit(async () => {
    setFormError(null);
    setHandedOver(null);
    // The action parses again: send what was typed, not the parsed output.
    const values = form.getValues();
    const result = await resetUserPasswordAction(values);
    if (!result.ok) {
      setFormError(result.message);
      if (result.fieldErrors?.password)
        form.setError("password", { message: result.fieldErrors.password }, { shouldFocus: true });
      return;
    }
    toast.success(result.message ?? "Password reset.");
    // Show the password once more so the admin can pass it on, then clear the field.
    if (visible) setHandedOver(values.password);
    form.reset({ id: userId, password: "" });
    setVisible(false);
    router.refresh();
  });

  const error = errors.password?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      {handedOver ? (
        <Alert>
          <AlertDescription>
            <p>Pass this password on to {userName} through a safe channel; it is not shown again:</p>
            <p className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-muted px-2 py-1 font-mono text-sm break-all text-foreground">
                {handedOver}
              </code>
              <Button variant="outline" size="sm" onClick={() => void copyText(handedOver)}>
                <CopyIcon aria-hidden="true" />
                Copy
              </Button>
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
      <FormField
        label="New password"
        htmlFor="password"
        error={error}
        required
        description={`At least ${PASSWORD_MIN} characters. ${userName} will choose their own at next sign-in.`}
      >
        <div className="flex flex-wrap gap-2">
          <Input
            {...fieldAria("password", { error, description: true })}
            {...form.register("password")}
            type={visible ? "text" : "password"}
            autoComplete="new-password"
            spellCheck={false}
            required
            className="min-w-0 flex-1 font-mono sm:min-w-64"
          />
          <Button variant="outline" onClick={fillGenerated}>
            <WandSparklesIcon aria-hidden="true" />
            Generate
          </Button>
          <Button variant="ghost" onClick={() => setVisible((value) => !value)}>
            {visible ? "Hide password" : "Show password"}
          </Button>
        </div>
      </FormField>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Resetting…" : "Reset password"}
        </Button>
      </div>
    </form>
  );
}
