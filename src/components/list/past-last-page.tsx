import type * as React from "react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import type { Noun } from "./pager";

/**
 * A list's page past its last one (an old link, a bookmark, rows removed since): the rows exist,
 * so say how many and where, instead of the list's "nothing yet" state.
 */
export function PastLastPage({
  page,
  total,
  pages,
  noun,
  locale,
  lastPageHref,
  icon,
}: {
  page: number;
  total: number;
  pages: number;
  noun: Noun;
  locale: string;
  lastPageHref: string;
  icon?: React.ReactNode;
}) {
  const number = (value: number) => value.toLocaleString(locale);
  return (
    <EmptyState
      icon={icon}
      title={`Page ${number(page)} is past the last page`}
      description={`This list holds ${number(total)} ${total === 1 ? noun.one : noun.other}, on ${number(pages)} ${pages === 1 ? "page" : "pages"}.`}
      action={
        <Button asChild variant="outline">
          <Link href={lastPageHref}>Go to the last page</Link>
        </Button>
      }
    />
  );
}
