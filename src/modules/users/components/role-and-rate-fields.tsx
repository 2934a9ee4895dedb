import type { UseFormRegisterReturn } from "react-hook-form";
import { ChoiceField } from "@/components/choice-field";
import { FormField, fieldAria } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { ROLE_LABELS, ROLES } from "@/modules/users/roles";

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
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChoiceField label="Role" field={role} error={errors.role} choices={ROLES} labels={ROLE_LABELS} required />
      <FormField
        label="Default hourly rate"
        htmlFor="defaultHourlyRate"
        error={errors.rate}
        description={`In ${currency}; optional.`}
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
