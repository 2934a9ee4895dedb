import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { NativeSelect } from "@/components/ui/native-select";

/**
 * A labelled select of fixed choices registered with a form: each choice shown by its label, an
 * empty first option when `placeholder` is given (the schema then refuses it with its message).
 */
export function ChoiceField<Choice extends string>({
  label,
  field,
  error,
  choices,
  labels,
  placeholder,
  required,
}: {
  label: string;
  field: UseFormRegisterReturn;
  error: string | undefined;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  placeholder?: string;
  required?: boolean;
}) {
  return (
    <FormField label={label} htmlFor={field.name} error={error} required={required}>
      <NativeSelect {...fieldAria(field.name, { error })} {...field} required={required}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
