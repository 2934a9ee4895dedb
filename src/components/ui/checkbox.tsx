import type * as React from "react";

import { cn } from "@/lib/utils";

/** A native checkbox; pair it with a `<Label htmlFor>` or wrap it in one. */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      data-slot="checkbox"
      type="checkbox"
      className={cn(
        "peer size-4 shrink-0 cursor-pointer rounded-sm border-input accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:ring-2 aria-invalid:ring-destructive/60",
        className,
      )}
      {...props}
    />
  );
}
