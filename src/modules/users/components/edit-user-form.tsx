"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { Role } from "@/modules/users/roles";
import { useActionForm } from "@/components/use-action-form";
import { minorToDecimalString } from "@/lib/money";
import { minutesToHoursText } from "../capacity";
import { NameAndEmailFields } from "./name-and-email-fields";
import { RoleAndRateFields } from "./role-and-rate-fields";
import { updateUserAction } from "../user-actions";
import { updateUserInput } from "../user-schemas";

type Values = z.input<typeof updateUserInput>;

export type EditableUser = {
  id: string;
  version: number;
  name: string;
  role: Role;
  defaultHourlyRate: number | null;
  /** Sent only to those with cost.read (administrators). */
  costRate: number | null;
  weeklyCapacityMinutes: number | null;
};

/** Name, role, rate and weekly hours of a user; the version sent back lets the server refuse a stale edit. */
export function EditUserForm({
  user,
  currency,
  cost,
  firmWeeklyMinutes,
}: {
  user: EditableUser;
  currency: string;
  /**
   * The cost rate field's label and help (cost.read), written on the server: without them the
   * field is not shown nor sent, the rate is kept as it is, and the browser gets no word of costs.
   */
  cost: { label: string; help: string } | null;
  /** The firm's working week (Settings), used while the person has none of their own. */
  firmWeeklyMinutes: number;
}) {
  const t = useTranslations("users.edit");
  // `values` (not defaultValues): when the page refreshes with a new version, the form follows.
  const values = useMemo<Values>(
    () => ({
      id: user.id,
      version: user.version,
      name: user.name,
      role: user.role,
      // The shared schema reads the rate with two decimals; write it back the same way.
      defaultHourlyRate: user.defaultHourlyRate === null ? "" : minorToDecimalString(user.defaultHourlyRate, 2),
      costRate: user.costRate === null ? "" : minorToDecimalString(user.costRate, 2),
      weeklyHours: minutesToHoursText(user.weeklyCapacityMinutes),
    }),
    [user.id, user.version, user.name, user.role, user.defaultHourlyRate, user.costRate, user.weeklyCapacityMinutes],
  );
  const { form, submit, formError } = useActionForm<Values>({
    schema: updateUserInput,
    values,
    // A refresh after another action on the page (which bumps the version) keeps what is being typed.
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = submit(updateUserAction, {
    success: t("saved"),
    onSuccess: ({ version }) => form.setValue("version", version),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      <NameAndEmailFields name={form.register("name")} errors={{ name: errors.name?.message }} />
      <RoleAndRateFields
        role={form.register("role")}
        rate={form.register("defaultHourlyRate")}
        errors={{ role: errors.role?.message, rate: errors.defaultHourlyRate?.message }}
        currency={currency}
      />
      {cost ? (
        <FormField
          label={cost.label}
          htmlFor="costRate"
          error={errors.costRate?.message}
          description={cost.help}
          className="sm:max-w-xs"
        >
          <Input
            {...fieldAria("costRate", { error: errors.costRate?.message, description: true })}
            {...form.register("costRate")}
            inputMode="decimal"
            autoComplete="off"
            className="text-right tabular-nums"
          />
        </FormField>
      ) : null}
      <FormField
        label={t("weeklyHours")}
        htmlFor="weeklyHours"
        error={errors.weeklyHours?.message}
        description={t("weeklyHoursHelp", { hours: minutesToHoursText(firmWeeklyMinutes) })}
        className="sm:max-w-xs"
      >
        <Input
          {...fieldAria("weeklyHours", { error: errors.weeklyHours?.message, description: true })}
          {...form.register("weeklyHours")}
          inputMode="decimal"
          autoComplete="off"
          placeholder={minutesToHoursText(firmWeeklyMinutes)}
          className="text-right tabular-nums"
        />
      </FormField>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}
