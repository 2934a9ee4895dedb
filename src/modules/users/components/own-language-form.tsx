"use client";

import { useTranslations } from "next-intl";
import type * as React from "react";
import { useState } from "react";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { useAction } from "@/components/use-action";
import { setOwnLanguageAction } from "../user-actions";

/** The firm's language, the select's first choice: no language of one's own. */
const FIRMS = "none";

/**
 * My account: the language of my interface and mails, or the firm's. The page comes back in the
 * new language once saved (the layout reads it from the session's user).
 */
export function OwnLanguageForm({
  language,
  firmLanguage,
  options,
}: {
  language: string | null;
  firmLanguage: string;
  options: { code: string; name: string }[];
}) {
  const t = useTranslations("account.language");
  const { pending, run, formError } = useAction();
  const [chosen, setChosen] = useState(language ?? FIRMS);

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(() => setOwnLanguageAction({ language: chosen === FIRMS ? null : chosen }), {
      container: event.currentTarget,
    });
  }

  return (
    <form onSubmit={save} noValidate className="grid max-w-md gap-4">
      <FormError {...formError} />
      <FormField label={t("label")} htmlFor="language">
        <NativeSelect
          name="language"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          {...fieldAria("language")}
        >
          <option value={FIRMS}>{t("firms", { name: firmLanguage })}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code} lang={option.code}>
              {option.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}
