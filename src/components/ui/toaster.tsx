"use client";

import type * as React from "react";
import { Toaster as Sonner } from "sonner";

/** Mount once in the root layout; call `toast.success(...)` from "sonner" anywhere on the client. */
export function Toaster(props: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      theme="system"
      richColors
      closeButton
      position="bottom-right"
      containerAriaLabel="Notifications"
      style={{ fontFamily: "inherit" }}
      {...props}
    />
  );
}
