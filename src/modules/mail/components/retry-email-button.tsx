"use client";

import { RotateCcwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { retryEmailAction } from "../mail-actions";

export function RetryEmailButton({ id, size = "sm" }: { id: string; size?: "sm" | "default" }) {
  const t = useTranslations("outbox.retry");
  const { pending, run } = useAction();
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      disabled={pending}
      onClick={() => void run(() => retryEmailAction({ id }), { success: "Queued again.", errorToast: true })}
    >
      <RotateCcwIcon aria-hidden="true" />
      {pending ? t("pending") : t("label")}
    </Button>
  );
}
