import { DownloadIcon, FileTextIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PastLastPage } from "@/components/list/past-last-page";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { formatDate, todayInZone } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { requirePageRole } from "@/lib/session";
import { findClientName } from "@/modules/clients/client-queries";
import { ClientPicker } from "@/modules/clients/components/client-picker";
import { SearchShortcut } from "@/components/list/search-shortcut";
import { InvoiceListRows } from "@/modules/invoices/components/invoice-list-rows";
import { findInvoices } from "@/modules/invoices/invoice-queries";
import {
  INVOICE_LIST_STATUS_LABELS,
  INVOICE_LIST_STATUSES,
  type InvoiceListFilter,
  type InvoiceSort,
  invoiceListFilter,
  invoiceListQuery,
} from "@/modules/invoices/invoice-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Invoices" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const DEFAULT_DESC: readonly InvoiceSort[] = ["issueDate", "dueDate", "total", "balance"];

export default async function InvoicesPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageRole(["admin", "manager"]);
  const filter: InvoiceListFilter = invoiceListFilter.parse(await searchParams);
  const db = getDb();
  const settings = await getPageSettings();
  const today = todayInZone(settings.timezone);
  const [list, client] = await Promise.all([findInvoices(db, filter, today), findClientName(db, filter.client)]);
  const pages = Math.max(Math.ceil(list.total / list.pageSize), 1);
  const filtered = Boolean(
    filter.q ||
    filter.status ||
    filter.kind ||
    filter.client ||
    filter.from ||
    filter.to ||
    filter.paidFrom ||
    filter.paidTo,
  );
  const paidRange = Boolean(filter.paidFrom || filter.paidTo);
  const sort = filter.sort ?? "issueDate";
  const direction = filter.dir ?? (DEFAULT_DESC.includes(sort) ? "desc" : "asc");
  const money = (minor: number, currency: string) => formatMoney(minor, currency, settings.locale);
  const day = (value: string) => formatDate(value, settings.locale, settings.timezone);

  const sortHeader = (column: InvoiceSort, label: string, className?: string) => {
    const active = sort === column;
    const next = active ? (direction === "asc" ? "desc" : "asc") : DEFAULT_DESC.includes(column) ? "desc" : "asc";
    return (
      <TableHead
        className={className}
        aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : undefined}
      >
        <Link
          href={`/bo/invoices${invoiceListQuery(filter, { sort: column, dir: next, page: undefined })}`}
          className="inline-flex items-center gap-1 hover:underline"
        >
          {label}
          {active ? <span aria-hidden="true">{direction === "asc" ? "↑" : "↓"}</span> : null}
        </Link>
      </TableHead>
    );
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title="Invoices"
        description="Drafts, issued invoices and credit notes. Filters stay in the address, so a filtered list can be bookmarked and shared."
        actions={
          <>
            <Button asChild variant="outline">
              <a
                href={`/bo/invoices/export${invoiceListQuery(filter, { page: undefined, size: undefined, sort: undefined, dir: undefined })}`}
                download
              >
                <DownloadIcon aria-hidden="true" /> Export CSV
              </a>
            </Button>
            <Button asChild>
              <Link href="/bo/invoices/create">
                <PlusIcon aria-hidden="true" /> New invoice
              </Link>
            </Button>
          </>
        }
      />
      <form
        method="get"
        action="/bo/invoices"
        role="search"
        aria-label="Filter invoices"
        className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      >
        <SearchShortcut inputId="invoice-search" />
        <div className="grid gap-1.5 lg:col-span-2">
          <Label htmlFor="invoice-search">Search</Label>
          <Input
            id="invoice-search"
            name="q"
            type="search"
            defaultValue={filter.q ?? ""}
            placeholder="Number or client  (press /)"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-status">Status</Label>
          <NativeSelect id="filter-status" name="status" defaultValue={filter.status ?? ""}>
            <option value="">Any status</option>
            {INVOICE_LIST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INVOICE_LIST_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-kind">Kind</Label>
          <NativeSelect id="filter-kind" name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">Invoices and credit notes</option>
            <option value="invoice">Invoices</option>
            <option value="credit_note">Credit notes</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1.5 lg:col-span-2">
          <Label htmlFor="filter-client">Client</Label>
          <ClientPicker id="filter-client" name="client" selected={client} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-from">Issued from</Label>
          <Input id="filter-from" name="from" type="date" defaultValue={filter.from ?? ""} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-to">Issued to</Label>
          <Input id="filter-to" name="to" type="date" defaultValue={filter.to ?? ""} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-paid-from">Paid from</Label>
          <Input
            id="filter-paid-from"
            name="paidFrom"
            type="date"
            defaultValue={filter.paidFrom ?? ""}
            aria-describedby="filter-paid-hint"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-paid-to">Paid to</Label>
          <Input
            id="filter-paid-to"
            name="paidTo"
            type="date"
            defaultValue={filter.paidTo ?? ""}
            aria-describedby="filter-paid-hint"
          />
        </div>
        <p id="filter-paid-hint" className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-2 lg:self-center">
          Paid dates keep the invoices with a payment in that period and add up what was received in it.
        </p>
        <div className="flex gap-2">
          {filter.sort ? <input type="hidden" name="sort" value={filter.sort} /> : null}
          {filter.dir ? <input type="hidden" name="dir" value={filter.dir} /> : null}
          <Button type="submit">Filter</Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link href="/bo/invoices">Clear</Link>
            </Button>
          ) : null}
        </div>
      </form>

      {list.total === 0 ? (
        filtered ? (
          <EmptyState
            title="No invoice matches these filters"
            description="Change or clear the filters to see more."
            action={
              <Button asChild variant="outline">
                <Link href="/bo/invoices">Clear filters</Link>
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<FileTextIcon />}
            title="No invoices yet"
            description="Create a draft invoice; you can pull in a client's approved, unbilled time."
            action={
              <Button asChild>
                <Link href="/bo/invoices/create">New invoice</Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <section
            aria-label="Totals of the filtered invoices"
            className="flex flex-wrap gap-3 text-sm"
            data-testid="invoice-totals"
          >
            {list.totals.map((row) => (
              <div key={row.currency} className="rounded-lg border px-3 py-2">
                <div className="text-muted-foreground">
                  {row.count} {row.count === 1 ? "document" : "documents"} in {row.currency}
                </div>
                <div className="tabular-nums">
                  Total <span className="font-semibold">{money(row.total, row.currency)}</span> · Balance due{" "}
                  <span className="font-semibold">{money(row.balance, row.currency)}</span>
                  {paidRange ? (
                    <>
                      {" "}
                      · Received in the period{" "}
                      <span className="font-semibold">{money(row.received ?? 0, row.currency)}</span>
                    </>
                  ) : null}
                </div>
              </div>
            ))}
          </section>
          {list.rows.length === 0 && list.page > pages ? (
            <PastLastPage
              page={list.page}
              total={list.total}
              pages={pages}
              noun={{ one: "document", other: "documents" }}
              locale={settings.locale}
              lastPageHref={`/bo/invoices${invoiceListQuery(filter, { page: pages })}`}
              icon={<FileTextIcon />}
            />
          ) : (
            <>
              <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
                <TableHeader>
                  <TableRow>
                    {sortHeader("number", "Number")}
                    {sortHeader("client", "Client")}
                    {sortHeader("issueDate", "Issued", "hidden md:table-cell")}
                    {sortHeader("dueDate", "Due", "hidden lg:table-cell")}
                    {sortHeader("status", "Status", "hidden sm:table-cell")}
                    {sortHeader("total", "Total", "text-right")}
                    {sortHeader("balance", "Balance", "hidden text-right sm:table-cell")}
                  </TableRow>
                </TableHeader>
                <InvoiceListRows
                  rows={list.rows.map((row) => ({
                    id: row.id,
                    number: row.number,
                    isCreditNote: row.kind === "credit_note",
                    clientName: row.clientName,
                    issued: day(row.issueDate),
                    due: row.kind === "invoice" ? day(row.dueDate) : "",
                    status: row.displayStatus,
                    total: money(row.total, row.currency),
                    balance:
                      row.status === "draft" || row.kind === "credit_note" ? "" : money(row.balance, row.currency),
                  }))}
                />
              </Table>
              <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="text-muted-foreground">
                  {list.total} {list.total === 1 ? "document" : "documents"} · page {list.page} of {pages}
                </span>
                <div className="flex gap-2">
                  {list.page > 1 ? (
                    <Button asChild variant="outline" size="sm">
                      <Link href={`/bo/invoices${invoiceListQuery(filter, { page: list.page - 1 })}`}>Previous</Link>
                    </Button>
                  ) : null}
                  {list.page < pages ? (
                    <Button asChild variant="outline" size="sm">
                      <Link href={`/bo/invoices${invoiceListQuery(filter, { page: list.page + 1 })}`}>Next</Link>
                    </Button>
                  ) : null}
                </div>
              </nav>
            </>
          )}
        </>
      )}
    </div>
  );
}
