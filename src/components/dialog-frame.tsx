"use client";

import type * as React from "react";
import type { LazyDialogProps } from "@/components/lazy-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/**
 * A dialog with its title, description and content. Given `useLazyDialog`'s `dialog`, focus goes
 * back to the button that opened it on close. Only for the modules loaded on first use (decision
 * 072): importing it from a page's own module would bring Radix's dialog back into the page's
 * first load.
 */
export function DialogFrame({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  className,
  children,
}: Pick<LazyDialogProps, "open" | "onOpenChange"> &
  Partial<Pick<LazyDialogProps, "onCloseAutoFocus">> & {
    title: string;
    description: string;
    className?: string;
    children: React.ReactNode;
  }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
