import Link from "@/components/app-link";
import { Button } from "@/components/ui/button";

/** What a list holds, in the singular and the plural ("invoice", "invoices"). */
export type Noun = { one: string; other: string };

/** How many pages `total` rows make, `pageSize` a page: at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "230 invoices · page 2 of 5", with the locale's digits. */
export function pagerSummary(
  { page, pageSize, total }: { page: number; pageSize: number; total: number },
  noun: Noun,
  locale: string,
): string {
  const number = (value: number) => value.toLocaleString(locale);
  return `${number(total)} ${total === 1 ? noun.one : noun.other} · page ${number(page)} of ${number(pageCount(total, pageSize))}`;
}

/**
 * Under a list's rows: where this page stands and the pages either side. `href` writes another
 * page's address with the list's filters kept (its definition's `href`).
 */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  locale,
  href,
  label = "Pages",
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: Noun;
  locale: string;
  href: (page: number) => string;
  /** The navigation's name; a page with two paged lists names each ("Pages of my expenses"). */
  label?: string;
}) {
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground tabular-nums">{pagerSummary({ page, pageSize, total }, noun, locale)}</p>
      {pages > 1 ? (
        <div className="flex gap-2">
          <PageLink label="Previous" rel="prev" href={page > 1 ? href(Math.min(page - 1, pages)) : null} />
          <PageLink label="Next" rel="next" href={page < pages ? href(page + 1) : null} />
        </div>
      ) : null}
    </nav>
  );
}

function PageLink({ label, rel, href }: { label: string; rel: string; href: string | null }) {
  if (href === null)
    return (
      <Button variant="outline" size="sm" disabled>
        {label}
      </Button>
    );
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={href} rel={rel}>
        {label}
      </Link>
    </Button>
  );
}
