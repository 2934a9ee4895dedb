"use client";

import { useRef, useState } from "react";

/**
 * A dialog whose module (Radix's dialog, the form, react-hook-form, the schemas, zod) loads on
 * first use, not with the page (decision 072). `load` is the dialog module's dynamic import: it is
 * started when the pointer nears or the focus reaches the button, so the first open rarely waits.
 *
 * Spread `button` on the plain button that opens it, mount the dialog once `used`, and give it
 * `dialog` (DialogContent takes `onCloseAutoFocus`): focus goes back to the button on close, as
 * Radix's own trigger would do it.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // How many times it has been opened: a dialog keyed by it starts a new form at each opening.
  const [opening, setOpening] = useState(0);
  const trigger = useRef<HTMLButtonElement>(null);
  const warm = () => void load();
  return {
    used,
    opening,
    setOpen,
    button: {
      ref: trigger,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onPointerEnter: warm,
      onFocus: warm,
      onClick: () => {
        setUsed(true);
        setOpening((count) => count + 1);
        setOpen(true);
      },
    },
    dialog: {
      open,
      onOpenChange: (next: boolean) => setOpen(next),
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        trigger.current?.focus();
      },
    },
  };
}

/** What a lazily loaded dialog module's dialog takes from `useLazyDialog`. */
export type LazyDialogProps = ReturnType<typeof useLazyDialog>["dialog"];
