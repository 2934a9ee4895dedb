"use client";

import { useState } from "react";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action-form";
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
              success: active ? "Endpoint disabled." : "Endpoint enabled.",
            })
          }
        >
          {active ? "Disable" : "Enable"}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() =>
            void run(() => rotateWebhookSecretAction({ id }), {
              success: "New secret made.",
              onSuccess: (data) => setSecret(data.secret),
            })
          }
        >
          Rotate secret
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          aria-label={`Delete the endpoint ${url}`}
          onClick={() => {
            if (window.confirm(`Delete the endpoint ${url} and its delivery log?`))
              void run(() => deleteWebhookEndpointAction({ id }), { success: "Endpoint deleted." });
          }}
        >
          Delete
        </Button>
      </div>
      {secret ? <WebhookSecret secret={secret} /> : null}
      <FormError {...formError} />
    </div>
  );
}

export function RedeliverButton({ id, eventType }: { id: string; eventType: string }) {
  const { pending, run, formError } = useAction();
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={pending}
        aria-label={`Redeliver ${eventType}`}
        onClick={() => void run(() => redeliverWebhookAction({ id }), { success: "Delivery queued again." })}
      >
        Redeliver
      </Button>
      <FormError {...formError} />
    </div>
  );
}

/** Settings → Webhooks: the private-address switch (off by default). */
export function WebhookPrivateSetting({ allowPrivate }: { allowPrivate: boolean }) {
  const { pending, run, formError } = useAction();
  // Shown as clicked at once; put back if the server refuses.
  const [checked, setChecked] = useState(allowPrivate);
  async function save(next: boolean) {
    setChecked(next);
    const result = await run(() => updateWebhookSettingsAction({ allowPrivate: next }), {
      success: "Webhook settings saved.",
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
          Allow webhooks to private addresses
          <span className="block text-muted-foreground">
            For receivers on your own network (on-premise). Off, Bureau refuses addresses that resolve to loopback,
            private or link-local networks.
          </span>
        </span>
      </label>
      <FormError {...formError} />
    </div>
  );
}
