import type { Metadata } from "next";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PastLastPage } from "@/components/list/past-last-page";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/session";
import { countryName } from "@/modules/clients/client-rules";
import { CLIENT_SORTS, type ClientSort, findClients } from "@/modules/clients/client-queries";
import { CreateClientDialog } from "@/modules/clients/components/client-form";
import { SearchShortcut } from "@/components/list/search-shortcut";
import { getPageSettings } from "@/modules/settings/page-settings";
import { firstParam as one } from "@/lib/search-params";

export const metadata: Metadata = { title: "Clients" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ClientsPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requireUser();
  const params = await searchParams;
  const q = one(params.q).trim();
  const archived = one(params.archived) === "1";
  const sortParam = one(params.sort);
  const sort: ClientSort = (CLIENT_SORTS as readonly string[]).includes(sortParam) ? (sortParam as ClientSort) : "name";
  const direction = one(params.dir) === "desc" ? "desc" : "asc";
  const page = Number(one(params.page)) || 1;
  const pageSize = Number(one(params.size)) || 50;
  const db = getDb();
  const [settings, list] = await Promise.all([
    getPageSettings(),
    findClients(db, { q, archived, sort, direction, page, pageSize }),
  ]);
  const canManage = viewer.role !== "staff";
  const pages = Math.max(Math.ceil(list.total / list.pageSize), 1);

  const href = (change: Record<string, string | undefined>) => {
    const query = new URLSearchParams();
    const merged = {
      q: q || undefined,
      archived: archived ? "1" : undefined,
      sort: sort === "name" ? undefined : sort,
      dir: direction === "asc" ? undefined : direction,
      page: undefined,
      ...change,
    };
    for (const [key, value] of Object.entries(merged)) if (value) query.set(key, value);
    const text = query.toString();
    return text ? `/bo/clients?${text}` : "/bo/clients";
  };
  const sortHeader = (column: ClientSort, label: string, className?: string) => {
    const active = sort === column;
    const next = active && direction === "asc" ? "desc" : "asc";
    return (
      <TableHead
        className={className}
        aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : undefined}
      >
        <Link
          href={href({ sort: column === "name" ? undefined : column, dir: next === "asc" ? undefined : "desc" })}
          className="inline-flex items-center gap-1 hover:underline"
        >
          {label}
          {active ? <span aria-hidden="true">{direction === "asc" ? "↑" : "↓"}</span> : null}
        </Link>
      </TableHead>
    );
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Clients"
        description="Who the firm works for, with their projects, rates and terms."
        actions={
          canManage ? (
            <CreateClientDialog
              defaults={{
                currency: settings.currency,
                paymentTermsDays: settings.paymentTermsDays,
                country: settings.country,
              }}
            />
          ) : null
        }
      />
      <SearchShortcut inputId="client-search" />
      <form
        method="get"
        action="/bo/clients"
        role="search"
        aria-label="Search clients"
        className="flex flex-wrap items-end gap-3"
      >
        <div className="grid gap-1">
          <Label htmlFor="client-search">Search</Label>
          <Input
            id="client-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Name, email, city, VAT number  ( / )"
            className="w-72 max-w-full"
          />
        </div>
        {sort !== "name" ? <input type="hidden" name="sort" value={sort} /> : null}
        {direction === "desc" ? <input type="hidden" name="dir" value="desc" /> : null}
        <label className="flex items-center gap-2 py-2 text-sm">
          <Checkbox name="archived" value="1" defaultChecked={archived} />
          Show archived
        </label>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {list.rows.length === 0 && list.total > 0 ? (
        <PastLastPage
          page={list.page}
          total={list.total}
          pages={pages}
          noun={{ one: "client", other: "clients" }}
          locale={settings.locale}
          lastPageHref={href({ page: pages > 1 ? String(pages) : undefined })}
        />
      ) : list.rows.length === 0 ? (
        <EmptyState
          title={q ? "No client matches this search" : "No clients yet"}
          description={
            q
              ? "Try another word, or show archived clients too."
              : canManage
                ? "Add your first client, then its projects, to start logging time."
                : "A manager adds clients and projects."
          }
          action={
            !q && canManage ? (
              <CreateClientDialog
                defaults={{
                  currency: settings.currency,
                  paymentTermsDays: settings.paymentTermsDays,
                  country: settings.country,
                }}
              />
            ) : null
          }
        />
      ) : (
        <>
          <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
            <TableHeader>
              <TableRow>
                {sortHeader("name", "Name")}
                {sortHeader("city", "City", "hidden sm:table-cell")}
                {sortHeader("country", "Country", "hidden md:table-cell")}
                <TableHead className="hidden md:table-cell">Currency</TableHead>
                <TableHead className="text-right">Projects</TableHead>
                {sortHeader("created", "Added", "hidden lg:table-cell")}
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.rows.map((row) => (
                <TableRow key={row.id} className={row.archivedAt ? "text-muted-foreground" : undefined}>
                  <TableCell className="max-w-56 sm:max-w-none">
                    <Link
                      href={`/bo/clients/${row.id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {row.name}
                    </Link>
                    {row.archivedAt ? (
                      <Badge variant="neutral" className="ml-2">
                        Archived
                      </Badge>
                    ) : null}
                    {row.billingEmail ? (
                      <div className="truncate text-xs text-muted-foreground">{row.billingEmail}</div>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{row.city ?? "—"}</TableCell>
                  <TableCell className="hidden md:table-cell">{row.country ? countryName(row.country) : "—"}</TableCell>
                  <TableCell className="hidden md:table-cell">{row.currency}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.activeProjects}</TableCell>
                  <TableCell className="hidden lg:table-cell">{row.createdAt.toISOString().slice(0, 10)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="text-muted-foreground">
              {list.total} {list.total === 1 ? "client" : "clients"} · page {list.page} of {pages}
            </span>
            <span className="flex gap-2">
              {list.page > 1 ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={href({ page: String(list.page - 1) })}>Previous</Link>
                </Button>
              ) : null}
              {list.page < pages ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={href({ page: String(list.page + 1) })}>Next</Link>
                </Button>
              ) : null}
            </span>
          </nav>
        </>
      )}
    </div>
  );
}
