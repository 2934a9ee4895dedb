"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { setMessageStatusAction } from "../message-actions";

const LABELS = { new: "Mark as new", read: "Mark as read", archived: "Archive" } as const;

export function MessageStatusButtons({
  id,
  version,
  status,
  subject,
}: {
  id: string;
  version: number;
  status: "new" | "read" | "archived";
  subject: string;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const targets = (["read", "archived", "new"] as const).filter(
    (target) => target !== status && !(status === "new" && target === "new"),
  );
  return (
    <div className="flex flex-wrap gap-2">
      {targets.map((target) => (
        <Button
          key={target}
          size="sm"
          variant="outline"
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              const result = await setMessageStatusAction({ id, version, status: target });
              if (!result.ok) {
                toast.error(result.message);
                return;
              }
              toast.success(result.message ?? "Saved.");
              router.refresh();
            })
          }
        >
          {LABELS[target]}
          <span className="sr-only">: {subject}</span>
        </Button>
      ))}
    </div>
  );
}
