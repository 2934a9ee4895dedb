"use client";

import { RotateCcwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action-form";
import { retryEmailAction } from "../mail-actions";

export function RetryEmailButton({ id, size = "sm" }: { id: string; size?: "sm" | "default" }) {
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
      {pending ? "Retrying…" : "Retry"}
    </Button>
  );
}
