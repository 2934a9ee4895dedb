import type * as React from "react";

import { cn } from "@/lib/utils";

export type EmptyStateProps = {
  title: string;
  /** Say what to do first, e.g. "Log your first call to see it here." */
  description?: React.ReactNode;
  /** Usually a Button (or a Button asChild wrapping a Link). */
  action?: React.ReactNode;
  /** A decorative icon, e.g. `<InboxIcon />`; it is hidden from screen readers. */
  icon?: React.ReactNode;
  titleAs?: "h2" | "h3";
  className?: string;
};

export function EmptyState({ title, description, action, icon, titleAs: Title = "h2", className }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center",
        className,
      )}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <div className="grid max-w-md gap-1">
        <Title className="text-base font-semibold">{title}</Title>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {action ? <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  );
}
