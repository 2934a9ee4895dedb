"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { setMessageStatusAction } from "../message-actions";

export function MessageStatusButtons({
  id,
  version,
  status,
  subject,
}: {
  id: string;
  version: number;
  status: "new" | "answered" | "read" | "archived";
  subject: string;
}) {
  const t = useTranslations("messages.statusButtons");
  const { pending, run } = useAction();
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
          onClick={() => void run(() => setMessageStatusAction({ id, version, status: target }), { errorToast: true })}
        >
          {t(target)}
          <span className="sr-only">: {subject}</span>
        </Button>
      ))}
    </div>
  );
}
