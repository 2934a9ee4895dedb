import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { Button } from "@/components/ui/button";
import { pluralRules } from "@/lib/intl-cache";

/** What a list holds, in the singular and the plural ("invoice", "invoices"). */
export type Noun = { one: string; other: string };

/** How many pages `total` rows make, `pageSize` a page: at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The noun's form for `count` by the locale's plural rules (French says "0 facture", English "0 invoices"). */
export function nounFor(noun: Noun, count: number, locale: string): string {
  return pluralRules(locale).select(count) === "one" ? noun.one : noun.other;
}

/** The values of the pager's summary ("230 invoices · page 2 of 5"), with the locale's digits. */
export function pagerSummaryValues(
  { page, pageSize, total }: { page: number; pageSize: number; total: number },
  noun: Noun,
  locale: string,
): { total: string; noun: string; page: string; pages: string } {
  const number = (value: number) => value.toLocaleString(locale);
  return {
    total: number(total),
    noun: nounFor(noun, total, locale),
    page: number(page),
    pages: number(pageCount(total, pageSize)),
  };
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
  label,
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
  const t = useTranslations("common.pager");
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label={label ?? t("label")} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground tabular-nums">
        {t("summary", pagerSummaryValues({ page, pageSize, total }, noun, locale))}
      </p>
      {pages > 1 ? (
        <div className="flex gap-2">
          <PageLink label={t("previous")} rel="prev" href={page > 1 ? href(Math.min(page - 1, pages)) : null} />
          <PageLink label={t("next")} rel="next" href={page < pages ? href(page + 1) : null} />
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
