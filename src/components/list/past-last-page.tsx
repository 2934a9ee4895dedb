import { useTranslations } from "next-intl";
import type * as React from "react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { type Noun, nounFor } from "./pager";

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
  const t = useTranslations("common.pager");
  const number = (value: number) => value.toLocaleString(locale);
  return (
    <EmptyState
      icon={icon}
      title={t("pastTitle", { page: number(page) })}
      description={t("pastDescription", {
        total: number(total),
        noun: nounFor(noun, total, locale),
        pages: number(pages),
        pageCount: pages,
      })}
      action={
        <Button asChild variant="outline">
          <Link href={lastPageHref}>{t("goToLast")}</Link>
        </Button>
      }
    />
  );
}
