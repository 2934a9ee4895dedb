"use client";

import { useTranslations } from "next-intl";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { revokeApiTokenAction } from "../api-token-actions";

export function ApiTokenRevoke({ id, name }: { id: string; name: string }) {
  const t = useTranslations("api.tokens");
  const { pending, run, formError } = useAction();
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={pending}
        aria-label={t("revokeLabel", { name })}
        onClick={() => void run(() => revokeApiTokenAction({ id }), { success: t("revoked", { name }) })}
      >
        {pending ? t("revoking") : t("revoke")}
      </Button>
      <FormError {...formError} />
    </div>
  );
}
