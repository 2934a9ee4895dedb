"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { PASSWORD_MIN } from "../user-schemas";

/** A hidden username field: lets password managers tie the password typed next to it to the account. */
export function PasswordManagerUsername({ email }: { email: string }) {
  return (
    <input
      type="text"
      name="username"
      autoComplete="username"
      value={email}
      hidden
      readOnly
      aria-hidden="true"
      tabIndex={-1}
    />
  );
}

/**
 * "New password" and "Confirm new password", the same wherever a password is chosen (My account,
 * an invitation's or a reset's link). `field` is the new password's name in the form's schema.
 */
export function NewPasswordFields({
  field,
  newPassword,
  confirmPassword,
  errors,
  note,
  autoFocus,
}: {
  field: string;
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmPassword?: string };
  /** Said after the length rule (e.g. "Your other sessions end."). */
  note?: string;
  autoFocus?: boolean;
}) {
  const t = useTranslations("users.password");
  const rule = t("rule", { min: PASSWORD_MIN });
  return (
    <>
      <FormField
        label={t("new")}
        htmlFor={field}
        error={errors.newPassword}
        required
        description={note ? `${rule} ${note}` : rule}
      >
        <Input
          {...fieldAria(field, { error: errors.newPassword, description: true })}
          {...newPassword}
          type="password"
          autoComplete="new-password"
          required
          autoFocus={autoFocus}
        />
      </FormField>
      <FormField label={t("confirm")} htmlFor="confirmPassword" error={errors.confirmPassword} required>
        <Input
          {...fieldAria("confirmPassword", { error: errors.confirmPassword })}
          {...confirmPassword}
          type="password"
          autoComplete="new-password"
          required
        />
      </FormField>
    </>
  );
}
