import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { ChoiceField } from "@/components/choice-field";
import { FormField, fieldAria } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { ROLES } from "@/modules/users/roles";

/** A person's role and default hourly rate, side by side: the same two fields when creating and editing. */
export function RoleAndRateFields({
  role,
  rate,
  errors,
  currency,
}: {
  role: UseFormRegisterReturn<"role">;
  rate: UseFormRegisterReturn<"defaultHourlyRate">;
  errors: { role?: string; rate?: string };
  currency: string;
}) {
  const t = useTranslations("users.fields");
  const tRole = useTranslations("users.role");
  const labels = { admin: tRole("admin"), manager: tRole("manager"), staff: tRole("staff") };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChoiceField label={t("role")} field={role} error={errors.role} choices={ROLES} labels={labels} required />
      <FormField
        label={t("rate")}
        htmlFor="defaultHourlyRate"
        error={errors.rate}
        description={t("rateHelp", { currency })}
      >
        <Input
          {...fieldAria("defaultHourlyRate", { error: errors.rate, description: true })}
          {...rate}
          inputMode="decimal"
          autoComplete="off"
          className="text-right tabular-nums"
        />
      </FormField>
    </div>
  );
}
