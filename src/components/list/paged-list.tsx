import type * as React from "react";
import { type Noun, pageCount, Pager } from "./pager";
import { PastLastPage } from "./past-last-page";

/**
 * A paged list's body: its empty state when it holds nothing; when the page asked for is past the
 * last one, where the rows are (PastLastPage); otherwise the rows (`children`) and the pager.
 * `summary` (the totals of the filtered set) shows whenever the list holds something.
 */
/** What a paged list query answers, as far as the pager needs it. */
export type PageOfRows = { page: number; pageSize: number; total: number; rows: readonly unknown[] };

export function PagedList({
  list: { page, pageSize, total, rows },
  noun,
  locale,
  href,
  empty,
  icon,
  summary,
  pagerLabel,
  children,
}: {
  /** The page asked for, its size, the rows the whole (filtered) list holds and this page's rows. */
  list: PageOfRows;
  noun: Noun;
  locale: string;
  /** Another page's address, the filters kept. */
  href: (page: number) => string;
  empty: React.ReactNode;
  icon?: React.ReactNode;
  summary?: React.ReactNode;
  /** The pager's name when the page has more than one paged list. */
  pagerLabel?: string;
  children: React.ReactNode;
}) {
  if (total === 0) return empty;
  const pages = pageCount(total, pageSize);
  return (
    <>
      {summary}
      {rows.length === 0 ? (
        <PastLastPage
          page={page}
          total={total}
          pages={pages}
          noun={noun}
          locale={locale}
          lastPageHref={href(pages)}
          icon={icon}
        />
      ) : (
        <>
          {children}
          <Pager
            page={page}
            pageSize={pageSize}
            total={total}
            noun={noun}
            locale={locale}
            href={href}
            label={pagerLabel}
          />
        </>
      )}
    </>
  );
}
