"use client";

import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action-form";
import { takeCallAction } from "../call-actions";

/** "Take it": an unassigned call still to do becomes the signed-in person's (the server checks again). */
export function TakeCallButton({ id, version, contactName }: { id: string; version: number; contactName: string }) {
  const action = useAction();
  return (
    <Button
      variant="outline"
      size="sm"
      className="mr-1"
      disabled={action.pending}
      onClick={() => void action.run(() => takeCallAction({ id, version }), { errorToast: true })}
    >
      Take it<span className="sr-only"> (the call with {contactName})</span>
    </Button>
  );
}
