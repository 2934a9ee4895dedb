import { Slot } from "radix-ui";
import type * as React from "react";

import { cn } from "@/lib/utils";

export const BADGE_VARIANTS = [
  "default",
  "secondary",
  "outline",
  "neutral",
  "success",
  "warning",
  "danger",
  "info",
] as const;
export type BadgeVariant = (typeof BADGE_VARIANTS)[number];

/** The classes of a badge (rules in globals.css: one short class per variant, lists show many badges). */
export function badgeClassName(variant: BadgeVariant = "neutral", className?: string): string {
  return className ? cn("badge", `badge-${variant}`, className) : `badge badge-${variant}`;
}

export type BadgeProps = Omit<React.ComponentProps<"span">, "children"> & {
  variant?: BadgeVariant | null;
  asChild?: boolean;
  /** Always the state in words: colour is never the only signal (WCAG 1.4.1). */
  children: React.ReactNode;
};

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot.Root : "span";
  return <Comp className={badgeClassName(variant ?? "neutral", className)} {...props} />;
}
