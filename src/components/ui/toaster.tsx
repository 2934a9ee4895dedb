"use client";

import type * as React from "react";
import { Toaster as Sonner } from "sonner";
import { TOAST_MOBILE_OFFSET, TOAST_OFFSET } from "@/components/toast-placement";

/**
 * Mount once in the root layout; show toasts with `showToast` from `@/components/toasts`, which
 * clears the earlier ones and places each where it covers no control (the offsets are its geometry).
 */
export function Toaster(props: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      theme="system"
      richColors
      closeButton
      position="bottom-right"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      containerAriaLabel="Notifications"
      style={{ fontFamily: "inherit" }}
      {...props}
    />
  );
}
