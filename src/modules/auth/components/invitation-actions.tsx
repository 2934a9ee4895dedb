"use client";

import { useTranslations } from "next-intl";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { resendInvitationAction, revokeInvitationAction } from "../account-actions";

/** Send a pending invitation again (a new link) or revoke it (the link stops working, the account is deactivated). */
export function InvitationActions({ userId, userName, active }: { userId: string; userName: string; active: boolean }) {
  const t = useTranslations("auth.invitationActions");
  const { pending, run, formError } = useAction();
  return (
    <div className="grid gap-3">
      <FormError {...formError} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={pending}
          onClick={() =>
            void run(() => resendInvitationAction({ userId }), {
              success: t("resent", { name: userName }),
            })
          }
        >
          {t("resend")}
        </Button>
        {active ? (
          <Button
            variant="destructive"
            disabled={pending}
            onClick={() => void run(() => revokeInvitationAction({ userId }), { success: t("revoked") })}
          >
            {t("revoke")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
