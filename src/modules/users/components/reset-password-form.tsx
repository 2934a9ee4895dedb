"use client";

import { useTranslations } from "next-intl";
import { CopyIcon, WandSparklesIcon } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { showToast } from "@/components/toasts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/use-action-form";
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

/** What copyText says, in the page's language. */
export type CopyTexts = { copied: string; failed: string };

export async function copyText(text: string, said: CopyTexts): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast("success", said.copied);
  } catch {
    showToast("error", said.failed);
  }
}

/** An admin sets a new password for someone; their sessions end and they choose their own at next sign-in. */
export function ResetPasswordForm({ userId, userName }: { userId: string; userName: string }) {
  const t = useTranslations("users.reset");
  const tCopy = useTranslations("users.copy");
  const said = { copied: tCopy("copied"), failed: tCopy("failed") };
  const [visible, setVisible] = useState(false);
  const [handedOver, setHandedOver] = useState<string | null>(null);
  const { form, submit, formError } = useActionForm<Values>({
    schema: resetPasswordInput,
    defaultValues: { id: userId, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  function fillGenerated() {
    form.setValue("password", generatePassword(), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    setVisible(true);
  }

  const onSubmit = submit(
    async (values) => {
      setHandedOver(null);
      const result = await resetUserPasswordAction(values);
      // Show the password once more so the admin can pass it on, then clear the field.
      if (result.ok && visible) setHandedOver(values.password);
      return result;
    },
    {
      success: t("done"),
      onSuccess: () => {
        form.reset({ id: userId, password: "" });
        setVisible(false);
      },
    },
  );

  const error = errors.password?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      {handedOver ? (
        <Alert>
          <AlertDescription>
            <p>{t("handOver", { name: userName })}</p>
            <p className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-muted px-2 py-1 font-mono text-sm break-all text-foreground">
                {handedOver}
              </code>
              <Button variant="outline" size="sm" onClick={() => void copyText(handedOver, said)}>
                <CopyIcon aria-hidden="true" />
                {tCopy("copy")}
              </Button>
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
      <FormField
        label={t("label")}
        htmlFor="password"
        error={error}
        required
        description={t("help", { min: PASSWORD_MIN, name: userName })}
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
            {tCopy("generate")}
          </Button>
          <Button variant="ghost" onClick={() => setVisible((value) => !value)}>
            {visible ? t("hide") : t("show")}
          </Button>
        </div>
      </FormField>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("resetting") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
