import { Slot } from "radix-ui";
import type * as React from "react";

import { cn } from "@/lib/utils";

// The styles are the `btn` rules of globals.css: every page shows many buttons (a list's row
// actions, pagination, filters), and one short class per variant keeps the HTML and the React
// payload small. A `className` given here still wins.

export type ButtonVariant = "default" | "secondary" | "outline" | "ghost" | "destructive" | "link";
export type ButtonSize = "default" | "sm" | "lg" | "icon";

export function buttonClassName({
  variant,
  size,
  className,
}: { variant?: ButtonVariant | null; size?: ButtonSize | null; className?: string } = {}): string {
  const classes = `btn btn-${variant ?? "default"} btn-size-${size ?? "default"}`;
  return className ? cn(classes, className) : classes;
}

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: ButtonVariant | null;
  size?: ButtonSize | null;
  /** Render the child element (e.g. a Next.js `<Link>`) with the button's styles. */
  asChild?: boolean;
};

/** An icon-only button (`size="icon"`) needs an `aria-label`. */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const classes = buttonClassName({ variant, size, className });
  if (asChild) {
    return <Slot.Root className={classes} {...props} />;
  }
  // A button inside a form submits by default; make that an explicit choice.
  return <button type={type ?? "button"} className={classes} {...props} />;
}
