"use client";

import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action-form";
import { revokeApiTokenAction } from "../api-token-actions";

export function ApiTokenRevoke({ id, name }: { id: string; name: string }) {
  const { pending, run, formError } = useAction();
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={pending}
        aria-label={`Revoke ${name}`}
        onClick={() => void run(() => revokeApiTokenAction({ id }), { success: `${name} revoked.` })}
      >
        {pending ? "Revoking…" : "Revoke"}
      </Button>
      <FormError {...formError} />
    </div>
  );
}
