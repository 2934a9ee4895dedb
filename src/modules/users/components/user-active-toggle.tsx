"use client";

import { useTranslations } from "next-intl";
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
import { useAction } from "@/components/use-action";
import { setUserActiveAction } from "../user-actions";

type Props = { userId: string; userName: string; active: boolean; isSelf: boolean };

/** Deactivate (after confirmation: it signs the user out everywhere) or reactivate a user. */
export function UserActiveToggle({ userId, userName, active, isSelf }: Props) {
  const t = useTranslations("users.active");
  const [open, setOpen] = useState(false);
  const { pending, run, formError, clearError } = useAction();

  function submit(nextActive: boolean) {
    void run(() => setUserActiveAction({ id: userId, active: nextActive }), {
      success: ({ active }) => t(active ? "reactivated" : "deactivated", { name: userName }),
      onSuccess: () => setOpen(false),
    });
  }

  const errorAlert = <FormError {...formError} />;

  if (!active) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t("inactive", { name: userName })}</p>
        {errorAlert}
        <div>
          <Button variant="outline" disabled={pending} onClick={() => submit(true)}>
            {pending ? t("reactivating") : t("reactivate")}
          </Button>
        </div>
      </div>
    );
  }

  if (isSelf) {
    return <p className="text-sm text-muted-foreground">{t("self")}</p>;
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t("explain")}</p>
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
            <Button variant="destructive">{t("deactivate")}</Button>
          </DialogTrigger>
        </div>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("confirmTitle", { name: userName })}</DialogTitle>
            <DialogDescription>{t("confirmText", { name: userName })}</DialogDescription>
          </DialogHeader>
          {errorAlert}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {t("cancel")}
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={pending} onClick={() => submit(false)}>
              {pending ? t("deactivating") : t("deactivate")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
