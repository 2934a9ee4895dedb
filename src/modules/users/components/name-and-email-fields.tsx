import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { Input } from "@/components/ui/input";

/**
 * A person's name and, when the account is being made, their sign-in address: the same fields in
 * "Invite", "New user" and (the name alone) the user's details.
 */
export function NameAndEmailFields({
  name,
  email,
  errors,
}: {
  name: UseFormRegisterReturn<"name">;
  email?: UseFormRegisterReturn<"email">;
  errors: { name?: string; email?: string };
}) {
  const t = useTranslations("users.fields");
  return (
    <>
      <FormField label={t("name")} htmlFor="name" error={errors.name} required>
        <Input {...fieldAria("name", { error: errors.name })} {...name} autoComplete="off" required maxLength={120} />
      </FormField>
      {email ? (
        <FormField label={t("email")} htmlFor="email" error={errors.email} required>
          <Input
            {...fieldAria("email", { error: errors.email })}
            {...email}
            type="email"
            autoComplete="off"
            spellCheck={false}
            required
          />
        </FormField>
      ) : null}
    </>
  );
}
