import Link from "@/components/app-link";
import type * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/**
 * One figure and the list that explains it. The link's text carries the label for screen
 * readers ("3 calls to do today"), so a list of links still makes sense out of context.
 */
export function StatCard({
  label,
  value,
  href,
  detail,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  href: string;
  detail?: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card className="gap-2 py-4" data-testid={testId}>
      <CardHeader className="px-4">
        <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
          {label}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 px-4">
        <FigureLink href={href} label={label} className="text-3xl font-semibold">
          {value}
        </FigureLink>
        {detail ? <div className="text-sm text-muted-foreground">{detail}</div> : null}
      </CardContent>
    </Card>
  );
}

/** A figure as a link to its filtered list, named with its label for assistive technology. */
export function FigureLink({
  href,
  label,
  children,
  className,
}: {
  href: string;
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Link href={href} className={cn("tabular-nums hover:underline", className)}>
      {children}
      <span className="sr-only"> {label}</span>
    </Link>
  );
}
