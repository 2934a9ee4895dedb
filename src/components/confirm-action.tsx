"use client";

import dynamic from "next/dynamic";
import { cloneElement, type ReactElement } from "react";
import { useLazyDialog } from "@/components/lazy-dialog";
import type { ConfirmDialog as ConfirmDialogType, ConfirmDialogProps } from "./confirm-dialog";

/**
 * The confirmation's dialog loads on first use (decision 072): the pages with confirmations (an
 * invoice, a quote, a recurring invoice, their share links) no longer send Radix's dialog with
 * their first load.
 */
const loadDialog = () => import("./confirm-dialog");
const ConfirmDialog = dynamic(() => loadDialog().then((module) => module.ConfirmDialog), {
  ssr: false,
}) as typeof ConfirmDialogType;

/**
 * A button that asks before it runs one action and says what cannot be undone. `trigger` is the
 * button (a Button element): it gets the handlers that open the dialog.
 */
export function ConfirmAction<T>({
  trigger,
  ...question
}: Omit<ConfirmDialogProps<T>, "open" | "onOpenChange" | "onCloseAutoFocus"> & {
  trigger: ReactElement<Record<string, unknown>>;
}) {
  const confirm = useLazyDialog(loadDialog);
  return (
    <>
      {cloneElement(trigger, confirm.button)}
      {confirm.used ? <ConfirmDialog {...question} {...confirm.dialog} /> : null}
    </>
  );
}
