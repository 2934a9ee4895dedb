import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";

import { cn } from "@/lib/utils";

import { controlClassName } from "./input";

/** A styled native `<select>`: keyboard, screen readers and mobile pickers work as the platform intends. */
export function NativeSelect({
  className,
  containerClassName,
  ...props
}: React.ComponentProps<"select"> & { containerClassName?: string }) {
  return (
    <div data-slot="native-select" className={cn("relative w-full", containerClassName)}>
      <select className={cn(controlClassName, "h-9 appearance-none py-1 pr-9", className)} {...props} />
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
