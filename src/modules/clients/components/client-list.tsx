import type * as React from "react";
import { useLocale, useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, SearchField } from "@/components/list/filter-bar";
import { SortHeader } from "@/components/list/sort-header";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { findClients } from "../client-queries";
import { countryName } from "../client-rules";
import { type ClientListParams, type ClientSort, clientList } from "../client-schemas";

type ClientRow = Awaited<ReturnType<typeof findClients>>["rows"][number];

/** The search, and whether archived clients show; the sort is kept. */
export function ClientFilters({ params }: { params: ClientListParams }) {
  const t = useTranslations("clients.list");
  return (
    <FilterBar
      action={clientList.path}
      label={t("searchLabel")}
      keep={{ sort: params.sort === "name" ? undefined : params.sort, dir: params.dir === "desc" ? "desc" : undefined }}
      submitLabel={t("search")}
      submitVariant="outline"
    >
      <SearchField
        id="client-search"
        defaultValue={params.q}
        placeholder={t("searchPlaceholder")}
        className="w-72 max-w-full"
      />
      <label className="flex items-center gap-2 py-2 text-sm">
        <Checkbox name="archived" value="1" defaultChecked={params.archived} />
        {t("showArchived")}
      </label>
    </FilterBar>
  );
}

/** No client matches the search, or there is none yet (`action`: the way to add one, for those who may). */
export function ClientListEmpty({
  searched,
  canManage,
  action,
}: {
  searched: boolean;
  canManage: boolean;
  action: React.ReactNode;
}) {
  const t = useTranslations("clients.list.empty");
  return (
    <EmptyState
      title={searched ? t("searchedTitle") : t("title")}
      description={searched ? t("searched") : canManage ? t("manager") : t("staff")}
      action={searched ? null : action}
    />
  );
}

/** One page of clients, sortable by name, city, country and the day they were added. */
export function ClientTable({ rows, params }: { rows: ClientRow[]; params: ClientListParams }) {
  const t = useTranslations("clients.list");
  const language = useLocale();
  const sort = { column: params.sort, direction: params.dir };
  const href = (sortBy: ClientSort, dir: "asc" | "desc") =>
    clientList.href({ ...params, sort: sortBy, dir, page: undefined });
  return (
    <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
      <TableHeader>
        <TableRow>
          <SortHeader column="name" label={t("column.name")} sort={sort} href={href} />
          <SortHeader column="city" label={t("column.city")} sort={sort} href={href} from="sm" />
          <SortHeader column="country" label={t("column.country")} sort={sort} href={href} from="md" />
          <TableHead from="md">{t("column.currency")}</TableHead>
          <TableHead figure>{t("column.projects")}</TableHead>
          <SortHeader column="created" label={t("column.added")} sort={sort} href={href} from="lg" />
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} className={row.archivedAt ? "text-muted-foreground" : undefined}>
            <TableCell>
              <Link
                href={`/bo/clients/${row.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {row.name}
              </Link>
              {row.archivedAt ? (
                <Badge variant="neutral" className="ml-2">
                  {t("archived")}
                </Badge>
              ) : null}
              {row.billingEmail ? <div className="text-xs text-muted-foreground">{row.billingEmail}</div> : null}
            </TableCell>
            <TableCell from="sm">{row.city ?? "—"}</TableCell>
            <TableCell from="md">{row.country ? countryName(row.country, language) : "—"}</TableCell>
            <TableCell from="md">{row.currency}</TableCell>
            <TableCell figure>{row.activeProjects}</TableCell>
            <TableCell from="lg">{row.createdAt.toISOString().slice(0, 10)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
