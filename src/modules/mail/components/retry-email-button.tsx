"use client";

import { RotateCcwIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { retryEmailAction } from "../mail-actions";

export function RetryEmailButton({ id, size = "sm" }: { id: string; size?: "sm" | "default" }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await retryEmailAction({ id });
          if (result.ok) {
            toast.success(result.message ?? "Queued again.");
            router.refresh();
          } else toast.error(result.message);
        })
      }
    >
      <RotateCcwIcon aria-hidden="true" />
      {pending ? "Retrying…" : "Retry"}
    </Button>
  );
}
