"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { FormField, fieldAria } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { changeOwnPasswordAction } from "../user-actions";
import { changeOwnPasswordInput, PASSWORD_MIN } from "../user-schemas";

type Values = z.input<typeof changeOwnPasswordInput>;
type Field = "currentPassword" | "newPassword" | "confirmPassword";
const FIELDS: readonly Field[] = ["currentPassword", "newPassword", "confirmPassword"];

const EMPTY: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** The signed-in user replaces their password; their other sessions end. */
export function ChangePasswordForm({ email, mustChangePassword }: { email: string; mustChangePassword: boolean }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof changeOwnPasswordInput>>({
    resolver: zodResolver(changeOwnPasswordInput),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async () => {
    setFormError(null);
    // The action parses again: send what was typed, not the parsed output.
    const result = await changeOwnPasswordAction(form.getValues());
    if (!result.ok) {
      const fieldErrors = result.fieldErrors ?? {};
      const known = FIELDS.filter((field) => fieldErrors[field]);
      known.forEach((field, index) =>
        form.setError(field, { message: fieldErrors[field] }, { shouldFocus: index === 0 }),
      );
      setFormError(result.message);
      return;
    }
    toast.success(result.message ?? "Your password has been changed.");
    if (mustChangePassword) {
      // A full load, not a client navigation: the shell layout re-reads the session, which no
      // longer requires a new password, and no cached route keeps the old redirect.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/bo");
      return;
    }
    form.reset(EMPTY);
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      {/* Lets password managers tie the new password to the account. */}
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
      <FormField label="Current password" htmlFor="currentPassword" error={errors.currentPassword?.message} required>
        <Input
          {...fieldAria("currentPassword", { error: errors.currentPassword?.message })}
          {...form.register("currentPassword")}
          type="password"
          autoComplete="current-password"
          required
        />
      </FormField>
      <FormField
        label="New password"
        htmlFor="newPassword"
        error={errors.newPassword?.message}
        required
        description={`At least ${PASSWORD_MIN} characters; a common password is refused. Your other sessions end.`}
      >
        <Input
          {...fieldAria("newPassword", { error: errors.newPassword?.message, description: true })}
          {...form.register("newPassword")}
          type="password"
          autoComplete="new-password"
          required
        />
      </FormField>
      <FormField
        label="Confirm new password"
        htmlFor="confirmPassword"
        error={errors.confirmPassword?.message}
        required
      >
        <Input
          {...fieldAria("confirmPassword", { error: errors.confirmPassword?.message })}
          {...form.register("confirmPassword")}
          type="password"
          autoComplete="new-password"
          required
        />
      </FormField>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Changing…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}
