"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import {
  deleteWebhookEndpointAction,
  redeliverWebhookAction,
  rotateWebhookSecretAction,
  setWebhookEndpointActiveAction,
  updateWebhookSettingsAction,
} from "../webhook-actions";
import { WebhookSecret } from "./webhook-form";

/** Disable or enable, rotate the secret, delete: the buttons of one endpoint. */
export function WebhookEndpointButtons({ id, url, active }: { id: string; url: string; active: boolean }) {
  const t = useTranslations("webhooks.endpoint");
  const { pending, run, formError } = useAction();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() =>
            void run(() => setWebhookEndpointActiveAction({ id, active: !active }), {
              success: active ? t("disabled") : t("enabled"),
            })
          }
        >
          {active ? t("disable") : t("enable")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() =>
            void run(() => rotateWebhookSecretAction({ id }), {
              success: t("rotated"),
              onSuccess: (data) => setSecret(data.secret),
            })
          }
        >
          {t("rotate")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          aria-label={t("deleteLabel", { url })}
          onClick={() => {
            if (window.confirm(t("deleteConfirm", { url })))
              void run(() => deleteWebhookEndpointAction({ id }), { success: t("deleted") });
          }}
        >
          {t("delete")}
        </Button>
      </div>
      {secret ? <WebhookSecret secret={secret} /> : null}
      <FormError {...formError} />
    </div>
  );
}

export function RedeliverButton({ id, eventType }: { id: string; eventType: string }) {
  const t = useTranslations("webhooks.endpoint");
  const { pending, run, formError } = useAction();
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={pending}
        aria-label={t("redeliverLabel", { event: eventType })}
        onClick={() => void run(() => redeliverWebhookAction({ id }), { success: t("redelivered") })}
      >
        {t("redeliver")}
      </Button>
      <FormError {...formError} />
    </div>
  );
}

/** Settings → Webhooks: the private-address switch (off by default). */
export function WebhookPrivateSetting({ allowPrivate }: { allowPrivate: boolean }) {
  const t = useTranslations("webhooks.private");
  const { pending, run, formError } = useAction();
  // Shown as clicked at once; put back if the server refuses.
  const [checked, setChecked] = useState(allowPrivate);
  async function save(next: boolean) {
    setChecked(next);
    const result = await run(() => updateWebhookSettingsAction({ allowPrivate: next }), {
      success: t("saved"),
    });
    if (!result?.ok) setChecked(!next);
  }
  return (
    <div className="grid gap-2">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={checked}
          disabled={pending}
          onChange={(event) => void save(event.target.checked)}
        />
        <span>
          {t("label")}
          <span className="block text-muted-foreground">{t("help")}</span>
        </span>
      </label>
      <FormError {...formError} />
    </div>
  );
}
