"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { takeCallAction } from "../call-actions";

/** "Take it": an unassigned call still to do becomes the signed-in person's (the server checks again). */
export function TakeCallButton({ id, version, contactName }: { id: string; version: number; contactName: string }) {
  const t = useTranslations("calls.row");
  const action = useAction();
  return (
    <Button
      variant="outline"
      size="sm"
      className="mr-1"
      disabled={action.pending}
      onClick={() => void action.run(() => takeCallAction({ id, version }), { errorToast: true })}
    >
      {t("take")}
      <span className="sr-only"> {t("takeCallWith", { contact: contactName })}</span>
    </Button>
  );
}
