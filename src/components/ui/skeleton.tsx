import type * as React from "react";

import { cn } from "@/lib/utils";

/** A placeholder block; wrap a group of them in an element with `aria-busy="true"` and a text label. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("rounded-md bg-muted motion-safe:animate-pulse", className)}
      {...props}
    />
  );
}
