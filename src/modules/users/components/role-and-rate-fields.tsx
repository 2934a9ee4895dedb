import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
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
      <FormField label="Role" htmlFor="role" error={errors.role} required>
        <NativeSelect {...fieldAria("role", { error: errors.role })} {...role} required>
          {ROLES.map((candidate) => (
            <option key={candidate} value={candidate}>
              {ROLE_LABELS[candidate]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
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
          placeholder="85.00"
          className="text-right tabular-nums"
        />
      </FormField>
    </div>
  );
}
