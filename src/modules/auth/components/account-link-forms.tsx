"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/use-action-form";
import { NewPasswordFields, PasswordManagerUsername } from "@/modules/users/components/new-password-fields";
import { acceptInvitationAction, requestPasswordResetAction, resetPasswordAction } from "../account-actions";
import { acceptInvitationInput, requestPasswordResetInput } from "../account-schemas";

type ResetRequestValues = z.input<typeof requestPasswordResetInput>;

/** "Forgot your password?": the same answer whether or not an account uses the address. */
export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgot");
  const [sent, setSent] = useState<string | null>(null);
  const { form, submit, formError } = useActionForm<ResetRequestValues>({
    schema: requestPasswordResetInput,
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(requestPasswordResetAction, {
    success: t("received"),
    refresh: false,
    onSuccess: () => setSent(form.getValues("email")),
  });

  if (sent)
    return (
      <Alert role="status">
        <AlertDescription>{t("sent", { email: sent })}</AlertDescription>
      </Alert>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      <FormField label={t("email")} htmlFor="email" error={errors.email?.message} required>
        <Input
          {...fieldAria("email", { error: errors.email?.message })}
          {...form.register("email")}
          type="email"
          autoComplete="username"
          spellCheck={false}
          required
          autoFocus
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t("sending") : t("submit")}
      </Button>
    </form>
  );
}

type ChooseValues = z.input<typeof acceptInvitationInput>;

/** The password chosen through a mailed link: an invitation's or a reset's. */
export function ChoosePasswordForm({
  token,
  email,
  purpose,
}: {
  token: string;
  email: string;
  purpose: "invitation" | "reset";
}) {
  const t = useTranslations("auth.choosePassword");
  const { form, submit, formError } = useActionForm<ChooseValues>({
    schema: acceptInvitationInput,
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(purpose === "invitation" ? acceptInvitationAction : resetPasswordAction, {
    refresh: false,
    onSuccess: () => {
      // A full load: the sign-in page starts from a clean state, the link is spent.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/bo/login?done=${purpose === "invitation" ? "invitation" : "reset"}`);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      <PasswordManagerUsername email={email} />
      <input type="hidden" {...form.register("token")} />
      <NewPasswordFields
        field="password"
        newPassword={form.register("password")}
        confirmPassword={form.register("confirmPassword")}
        errors={{ newPassword: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        autoFocus
      />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t("saving") : purpose === "invitation" ? t("set") : t("change")}
      </Button>
    </form>
  );
}
