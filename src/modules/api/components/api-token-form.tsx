"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/use-action-form";
import { createApiTokenAction } from "../api-token-actions";
import { createApiTokenInput, MAX_TOKEN_NAME } from "../api-token-schemas";

type Values = z.input<typeof createApiTokenInput>;
const EMPTY: Values = { name: "", scopes: [], expiresOn: "" };

/** A new personal token: its name, its scopes (among what the person's role allows), an expiry. Shown once. */
export function ApiTokenForm({ scopes }: { scopes: readonly string[] }) {
  const t = useTranslations("api.tokenForm");
  const [made, setMade] = useState<string | null>(null);
  const { form, submit, formError } = useActionForm<Values>({ schema: createApiTokenInput, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(createApiTokenAction, {
    success: t("created"),
    onSuccess: ({ token }) => {
      setMade(token);
      form.reset(EMPTY);
    },
  });
  const scopeError = errors.scopes?.message ?? errors.scopes?.root?.message;

  return (
    <div className="grid gap-4">
      {made ? (
        <Alert>
          <AlertDescription className="grid gap-2">
            <span>{t("copyNow")}</span>
            <code data-testid="new-api-token" className="rounded bg-muted px-2 py-1 font-mono text-xs break-all">
              {made}
            </code>
          </AlertDescription>
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormError {...formError} />
        <FormField label={t("name")} htmlFor="name" error={errors.name?.message} required>
          <Input
            {...fieldAria("name", { error: errors.name?.message })}
            {...form.register("name")}
            autoComplete="off"
            maxLength={MAX_TOKEN_NAME}
            required
          />
        </FormField>
        <fieldset className="grid gap-2" aria-describedby={scopeError ? "scopes-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">{t("scopes")}</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {scopes.map((scope) => (
              <label key={scope} className="flex min-h-8 items-center gap-2 font-mono text-xs">
                <input type="checkbox" value={scope} {...form.register("scopes")} className="size-4" />
                {scope}
              </label>
            ))}
          </div>
          {scopeError ? (
            <p id="scopes-error" className="text-sm text-destructive">
              {scopeError}
            </p>
          ) : null}
        </fieldset>
        <FormField label={t("expires")} htmlFor="expiresOn" error={errors.expiresOn?.message}>
          <Input
            {...fieldAria("expiresOn", { error: errors.expiresOn?.message })}
            {...form.register("expiresOn")}
            type="date"
            className="w-44"
          />
        </FormField>
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t("creating") : t("submit")}
          </Button>
        </div>
      </form>
    </div>
  );
}
