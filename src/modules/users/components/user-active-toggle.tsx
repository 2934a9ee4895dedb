"use client";

import { useState } from "react";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { useAction } from "@/components/use-action-form";
import { setUserActiveAction } from "../user-actions";

type Props = { userId: string; userName: string; active: boolean; isSelf: boolean };

/** Deactivate (after confirmation: it signs the user out everywhere) or reactivate a user. */
export function UserActiveToggle({ userId, userName, active, isSelf }: Props) {
  const [open, setOpen] = useState(false);
  const { pending, run, formError, clearError } = useAction();

  function submit(nextActive: boolean) {
    void run(() => setUserActiveAction({ id: userId, active: nextActive }), {
      success: ({ active }) =>
        active ? `${userName} can sign in again.` : `${userName} is deactivated and signed out.`,
      onSuccess: () => setOpen(false),
    });
  }

  const errorAlert = <FormError {...formError} />;

  if (!active) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          {userName} cannot sign in. Reactivating lets them sign in again with their current password.
        </p>
        {errorAlert}
        <div>
          <Button variant="outline" disabled={pending} onClick={() => submit(true)}>
            {pending ? "Reactivating…" : "Reactivate"}
          </Button>
        </div>
      </div>
    );
  }

  if (isSelf) {
    return (
      <p className="text-sm text-muted-foreground">
        You cannot deactivate your own account. Another administrator can.
      </p>
    );
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        A deactivated user cannot sign in; their timesheets, calls and history stay.
      </p>
      {open ? null : errorAlert}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) clearError();
        }}
      >
        <div>
          <DialogTrigger asChild>
            <Button variant="destructive">Deactivate</Button>
          </DialogTrigger>
        </div>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Deactivate {userName}?</DialogTitle>
            <DialogDescription>
              {userName}&apos;s sessions end at once: they are signed out everywhere and cannot sign in until an
              administrator reactivates them. Their records are kept.
            </DialogDescription>
          </DialogHeader>
          {errorAlert}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={pending} onClick={() => submit(false)}>
              {pending ? "Deactivating…" : "Deactivate"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
