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
import { createWebhookEndpointAction } from "../webhook-actions";
import { WEBHOOK_EVENTS } from "../webhook-events";
import { createWebhookEndpointInput, MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_URL } from "../webhook-schemas";

type Values = z.input<typeof createWebhookEndpointInput>;
const EMPTY: Values = { url: "", description: "", events: [], active: true };
const URL_EXAMPLE = "https://example.com/bureau-webhooks";

/** The signing secret, shown once after it is made. */
export function WebhookSecret({ secret }: { secret: string }) {
  const t = useTranslations("webhooks.form");
  return (
    <Alert>
      <AlertDescription className="grid gap-2">
        <span>{t("secret")}</span>
        <code data-testid="webhook-secret" className="rounded bg-muted px-2 py-1 font-mono text-xs break-all">
          {secret}
        </code>
      </AlertDescription>
    </Alert>
  );
}

/** A new endpoint: where to send, what for, which events. */
export function WebhookEndpointForm() {
  const t = useTranslations("webhooks.form");
  const tEvent = useTranslations("webhooks.events");
  const [secret, setSecret] = useState<string | null>(null);
  const { form, submit, formError } = useActionForm<Values>({
    schema: createWebhookEndpointInput,
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(createWebhookEndpointAction, {
    success: t("added"),
    onSuccess: ({ secret: made }) => {
      setSecret(made);
      form.reset(EMPTY);
    },
  });
  const eventError = errors.events?.message ?? errors.events?.root?.message;

  return (
    <div className="grid gap-4">
      {secret ? <WebhookSecret secret={secret} /> : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormError {...formError} />
        <FormField label={t("url")} htmlFor="url" error={errors.url?.message} required>
          <Input
            {...fieldAria("url", { error: errors.url?.message })}
            {...form.register("url")}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={URL_EXAMPLE}
            maxLength={MAX_WEBHOOK_URL}
            required
          />
        </FormField>
        <FormField label={t("description")} htmlFor="description" error={errors.description?.message}>
          <Input
            {...fieldAria("description", { error: errors.description?.message })}
            {...form.register("description")}
            autoComplete="off"
            maxLength={MAX_WEBHOOK_DESCRIPTION}
          />
        </FormField>
        <fieldset className="grid gap-2" aria-describedby={eventError ? "events-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">{t("events")}</legend>
          <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event.type} className="flex min-h-8 items-start gap-2 text-sm">
                <input type="checkbox" value={event.type} {...form.register("events")} className="mt-0.5 size-4" />
                <span>
                  {tEvent(event.type)} <code className="text-xs text-muted-foreground">{event.type}</code>
                </span>
              </label>
            ))}
          </div>
          {eventError ? (
            <p id="events-error" className="text-sm text-destructive">
              {eventError}
            </p>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("active")} className="size-4" />
          {t("active")}
        </label>
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t("adding") : t("submit")}
          </Button>
        </div>
      </form>
    </div>
  );
}
