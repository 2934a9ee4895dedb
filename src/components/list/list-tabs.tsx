import type * as React from "react";
import Link from "@/components/app-link";
import { cn } from "@/lib/utils";

export type ListTab = { href: string; label: React.ReactNode; current: boolean };

/** The views of a list (To do and History, one tab per status...), as links: each view has its address. */
export function ListTabs({ label, tabs, className }: { label: string; tabs: ListTab[]; className?: string }) {
  return (
    <nav aria-label={label} className={cn("flex flex-wrap gap-1 border-b", className)}>
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab.current ? "page" : undefined}
          className={cn(
            "-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
            tab.current
              ? "border-primary text-foreground"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
