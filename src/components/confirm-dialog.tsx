"use client";
// The dialog of ConfirmAction (confirm-action.tsx), loaded on first use (decision 072).

import { useTranslations } from "next-intl";
import type * as React from "react";
import { DialogFrame } from "@/components/dialog-frame";
import { FormError } from "@/components/form-error";
import type { LazyDialogProps } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { type RunOptions, useAction } from "@/components/use-action";
import type { ActionResult } from "@/lib/action";

export type ConfirmDialogProps<T> = LazyDialogProps & {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  run: () => Promise<ActionResult<T>>;
  /** What a success says and does once the dialog has closed. */
  options?: RunOptions<T>;
  children?: React.ReactNode;
};

export function ConfirmDialog<T>({
  title,
  description,
  confirmLabel,
  destructive,
  run,
  options = {},
  children,
  ...dialog
}: ConfirmDialogProps<T>) {
  const t = useTranslations("invoices.actions");
  const action = useAction();
  const busy = action.pending;
  const close = () => dialog.onOpenChange(false);
  return (
    <DialogFrame
      {...dialog}
      onOpenChange={(next) => {
        dialog.onOpenChange(next);
        action.clearError();
      }}
      title={title}
      description={description}
    >
      {children}
      <FormError {...action.formError} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={close}>
          {t("cancel")}
        </Button>
        <Button
          type="button"
          variant={destructive ? "destructive" : "default"}
          disabled={busy}
          onClick={() =>
            void action.run(run, {
              ...options,
              onSuccess: (data) => {
                close();
                options.onSuccess?.(data);
              },
            })
          }
        >
          {busy ? t("working") : confirmLabel}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}
