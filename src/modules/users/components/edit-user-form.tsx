"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { FormField, fieldAria } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { type Role, ROLE_LABELS, ROLES } from "@/modules/users/roles";
import { minorToDecimalString } from "@/lib/money";
import { updateUserAction } from "../user-actions";
import { updateUserInput } from "../user-schemas";

type Values = z.input<typeof updateUserInput>;
type Field = "name" | "role" | "defaultHourlyRate";
const FIELDS: readonly Field[] = ["name", "role", "defaultHourlyRate"];

export type EditableUser = { id: string; version: number; name: string; role: Role; defaultHourlyRate: number | null };

/** Name, role and rate of a user; the version sent back lets the server refuse a stale edit. */
export function EditUserForm({ user, currency }: { user: EditableUser; currency: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  // `values` (not defaultValues): when the page refreshes with a new version, the form follows.
  const values = useMemo<Values>(
    () => ({
      id: user.id,
      version: user.version,
      name: user.name,
      role: user.role,
      // The shared schema reads the rate with two decimals; write it back the same way.
      defaultHourlyRate: user.defaultHourlyRate === null ? "" : minorToDecimalString(user.defaultHourlyRate, 2),
    }),
    [user.id, user.version, user.name, user.role, user.defaultHourlyRate],
  );
  const form = useForm<Values, unknown, z.output<typeof updateUserInput>>({
    resolver: zodResolver(updateUserInput),
    values,
    // A refresh after another action on the page (which bumps the version) keeps what is being typed.
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async () => {
    setFormError(null);
    // The action parses again: send what was typed, not the parsed output.
    const result = await updateUserAction(form.getValues());
    if (!result.ok) {
      const fieldErrors = result.fieldErrors ?? {};
      const known = FIELDS.filter((field) => fieldErrors[field]);
      known.forEach((field, index) =>
        form.setError(field, { message: fieldErrors[field] }, { shouldFocus: index === 0 }),
      );
      setFormError(result.message);
      return;
    }
    form.setValue("version", result.data.version);
    toast.success(result.message ?? "User saved.");
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <FormField label="Name" htmlFor="name" error={errors.name?.message} required>
        <Input
          {...fieldAria("name", { error: errors.name?.message })}
          {...form.register("name")}
          autoComplete="off"
          required
          maxLength={120}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Role" htmlFor="role" error={errors.role?.message} required>
          <NativeSelect {...fieldAria("role", { error: errors.role?.message })} {...form.register("role")} required>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Default hourly rate"
          htmlFor="defaultHourlyRate"
          error={errors.defaultHourlyRate?.message}
          description={`In ${currency}; optional.`}
        >
          <Input
            {...fieldAria("defaultHourlyRate", { error: errors.defaultHourlyRate?.message, description: true })}
            {...form.register("defaultHourlyRate")}
            inputMode="decimal"
            autoComplete="off"
            placeholder="85.00"
            className="text-right tabular-nums"
          />
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
