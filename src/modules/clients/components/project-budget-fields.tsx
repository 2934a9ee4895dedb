"use client";

import { useTranslations } from "next-intl";
import type { UseFormReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { ProjectFormValues } from "../client-schemas";

/**
 * The project form's budget: none, hours or money, for all time or each calendar month. Only the
 * figure of the chosen kind is shown; the schema ignores the other (project-budget-schemas.ts).
 */
export function ProjectBudgetFields({ form, currency }: { form: UseFormReturn<ProjectFormValues>; currency: string }) {
  const t = useTranslations("clients.budget.fields");
  const { errors } = form.formState;
  const kind = form.watch("budgetKind") ?? "none";
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t("legend")}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t("countedIn")} htmlFor="project-budgetKind" error={errors.budgetKind?.message}>
          <NativeSelect
            {...fieldAria("project-budgetKind", { error: errors.budgetKind?.message })}
            {...form.register("budgetKind")}
          >
            <option value="none">{t("none")}</option>
            <option value="hours">{t("hours")}</option>
            <option value="money">{t("money", { currency })}</option>
          </NativeSelect>
        </FormField>
        {kind === "hours" ? (
          <FormField
            label={t("budgetHours")}
            htmlFor="project-budgetHours"
            error={errors.budgetHours?.message}
            required
          >
            <Input
              {...fieldAria("project-budgetHours", { error: errors.budgetHours?.message })}
              {...form.register("budgetHours")}
              inputMode="decimal"
              className="text-right tabular-nums"
              autoComplete="off"
            />
          </FormField>
        ) : null}
        {kind === "money" ? (
          <FormField
            label={t("budgetMoney", { currency })}
            htmlFor="project-budgetAmount"
            error={errors.budgetAmount?.message}
            required
          >
            <Input
              {...fieldAria("project-budgetAmount", { error: errors.budgetAmount?.message })}
              {...form.register("budgetAmount")}
              inputMode="decimal"
              className="text-right tabular-nums"
              autoComplete="off"
            />
          </FormField>
        ) : null}
        {kind !== "none" ? (
          <FormField label={t("period")} htmlFor="project-budgetPeriod" error={errors.budgetPeriod?.message}>
            <NativeSelect
              {...fieldAria("project-budgetPeriod", { error: errors.budgetPeriod?.message })}
              {...form.register("budgetPeriod")}
            >
              <option value="total">{t("total")}</option>
              <option value="month">{t("month")}</option>
            </NativeSelect>
          </FormField>
        ) : null}
      </div>
    </fieldset>
  );
}
