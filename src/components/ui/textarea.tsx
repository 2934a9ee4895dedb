import type * as React from "react";

import { cn } from "@/lib/utils";

import { controlClassName } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(controlClassName, "min-h-20 py-2 field-sizing-content", className)}
      {...props}
    />
  );
}
