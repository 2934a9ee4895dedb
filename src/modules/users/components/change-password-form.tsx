"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/use-action-form";
import { changeOwnPasswordAction } from "../user-actions";
import { changeOwnPasswordInput } from "../user-schemas";
import { NewPasswordFields, PasswordManagerUsername } from "./new-password-fields";

type Values = z.input<typeof changeOwnPasswordInput>;

const EMPTY: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** The signed-in user replaces their password; their other sessions end. */
export function ChangePasswordForm({ email, mustChangePassword }: { email: string; mustChangePassword: boolean }) {
  const t = useTranslations("users.password");
  const { form, submit, formError } = useActionForm<Values>({ schema: changeOwnPasswordInput, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = submit(changeOwnPasswordAction, {
    success: t("changed"),
    // A full load, not a client navigation: the shell layout re-reads the session, which no
    // longer requires a new password, and no cached route keeps the old redirect.
    refresh: !mustChangePassword,
    onSuccess: () => {
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (mustChangePassword) window.location.assign("/bo");
      else form.reset(EMPTY);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <FormError {...formError} />
      <PasswordManagerUsername email={email} />
      <FormField label={t("current")} htmlFor="currentPassword" error={errors.currentPassword?.message} required>
        <Input
          {...fieldAria("currentPassword", { error: errors.currentPassword?.message })}
          {...form.register("currentPassword")}
          type="password"
          autoComplete="current-password"
          required
        />
      </FormField>
      <NewPasswordFields
        field="newPassword"
        newPassword={form.register("newPassword")}
        confirmPassword={form.register("confirmPassword")}
        errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
        note={t("othersEnd")}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("changing") : t("change")}
        </Button>
      </div>
    </form>
  );
}
