import { FileTextIcon } from "lucide-react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { DateFilter, FilterBar, FilterField, SearchField } from "@/components/list/filter-bar";
import { FoldedFilters } from "@/components/list/folded-filters";
import type { Noun } from "@/components/list/pager";
import { SortHeader } from "@/components/list/sort-header";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { ClientPicker, type PickedClient } from "@/modules/clients/components/client-picker";
import type { InvoiceListRow as InvoiceRow } from "../invoice-list-queries";
import type { CurrencyTotals } from "../invoice-totals-queries";
import {
  INVOICE_LIST_STATUS_LABELS,
  INVOICE_LIST_STATUSES,
  INVOICE_SORTS_DESCENDING_FIRST,
  countInvoiceListFilters,
  type InvoiceListFilter,
  type InvoiceSort,
  invoiceList,
  isInvoiceListFiltered,
} from "../invoice-schemas";
import { InvoiceListRows } from "./invoice-list-rows";

export const INVOICE_NOUN: Noun = { one: "document", other: "documents" };

/** The list's filters; the client is the chosen one's name, for its picker. */
export function InvoiceFilters({ filter, client }: { filter: InvoiceListFilter; client: PickedClient | null }) {
  return (
    <FoldedFilters active={countInvoiceListFilters(filter)}>
      <FilterBar
        action={invoiceList.path}
        label="Filter invoices"
        layout="panel"
        keep={{ sort: filter.sort, dir: filter.dir }}
        clearHref={isInvoiceListFiltered(filter) ? invoiceList.path : undefined}
      >
        <SearchField
          id="invoice-search"
          defaultValue={filter.q}
          placeholder="Number or client  (press /)"
          className="lg:col-span-2"
        />
        <FilterField label="Status" htmlFor="filter-status">
          <NativeSelect id="filter-status" name="status" defaultValue={filter.status ?? ""}>
            <option value="">Any status</option>
            {INVOICE_LIST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INVOICE_LIST_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField label="Kind" htmlFor="filter-kind">
          <NativeSelect id="filter-kind" name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">Invoices and credit notes</option>
            <option value="invoice">Invoices</option>
            <option value="credit_note">Credit notes</option>
          </NativeSelect>
        </FilterField>
        <FilterField label="Client" htmlFor="filter-client" className="lg:col-span-2">
          <ClientPicker id="filter-client" name="client" selected={client} />
        </FilterField>
        <DateFilter label="Issued from" id="filter-from" name="from" value={filter.from} />
        <DateFilter label="Issued to" id="filter-to" name="to" value={filter.to} />
        <DateFilter
          label="Paid from"
          id="filter-paid-from"
          name="paidFrom"
          value={filter.paidFrom}
          describedBy="filter-paid-hint"
        />
        <DateFilter
          label="Paid to"
          id="filter-paid-to"
          name="paidTo"
          value={filter.paidTo}
          describedBy="filter-paid-hint"
        />
        <p id="filter-paid-hint" className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-2 lg:self-center">
          Paid dates keep the invoices with a payment in that period and add up what was received in it.
        </p>
      </FilterBar>
    </FoldedFilters>
  );
}

/** The totals of the filtered set, per currency; with a paid range, what was received in it. */
export function InvoiceTotals({
  totals,
  filter,
  locale,
}: {
  totals: CurrencyTotals[];
  filter: InvoiceListFilter;
  locale: string;
}) {
  const paidRange = Boolean(filter.paidFrom || filter.paidTo);
  return (
    <section
      aria-label="Totals of the filtered invoices"
      className="flex flex-wrap gap-3 text-sm"
      data-testid="invoice-totals"
    >
      {totals.map((row) => {
        const money = (minor: number) => formatMoney(minor, row.currency, locale);
        const drafts = row.drafts;
        return (
          <div key={row.currency} className="rounded-lg border px-3 py-2">
            {row.count > 0 ? (
              <>
                <div className="text-muted-foreground">
                  {row.count} issued {row.count === 1 ? "document" : "documents"} in {row.currency}
                </div>
                <div className="tabular-nums">
                  Total <span className="font-semibold">{money(row.total)}</span> · Balance due{" "}
                  <span className="font-semibold">{money(row.balance)}</span>
                  {paidRange ? (
                    <>
                      {" "}
                      · Received in the period <span className="font-semibold">{money(row.received ?? 0)}</span>
                    </>
                  ) : null}
                </div>
              </>
            ) : null}
            {drafts ? (
              <div className="text-muted-foreground tabular-nums" data-testid="invoice-totals-drafts">
                {row.count > 0 ? "Not counted: " : ""}
                {drafts.count} {drafts.count === 1 ? "draft" : "drafts"} in {row.currency},{" "}
                <span className="font-semibold">{money(drafts.total)}</span>
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

/** The list when nothing matches: filtered, or no invoice at all yet. */
export function InvoiceListEmpty({ filtered }: { filtered: boolean }) {
  return filtered ? (
    <EmptyState
      title="No invoice matches these filters"
      description="Change or clear the filters to see more."
      action={
        <Button asChild variant="outline">
          <Link href={invoiceList.path}>Clear filters</Link>
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
  );
}

/** One page of the list, sortable by its columns; dates and amounts written for the firm. */
export function InvoiceTable({
  rows,
  filter,
  locale,
  timezone,
}: {
  rows: InvoiceRow[];
  filter: InvoiceListFilter;
  locale: string;
  timezone: string;
}) {
  const sort = { column: filter.sort ?? "issueDate", direction: filter.dir ?? defaultDirection(filter.sort) };
  const header = (column: InvoiceSort, label: string, columnProps: { from?: "sm" | "md" | "lg"; figure?: boolean }) => (
    <SortHeader
      column={column}
      label={label}
      sort={sort}
      firstDirection={defaultDirection(column)}
      href={(sortBy, dir) => invoiceList.href({ ...filter, sort: sortBy, dir, page: undefined })}
      {...columnProps}
    />
  );
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const day = (value: string) => formatDate(value, locale, timezone);
  return (
    <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
      <TableHeader>
        <TableRow>
          {header("number", "Number", {})}
          {header("client", "Client", {})}
          {header("issueDate", "Issued", { from: "md" })}
          {header("dueDate", "Due", { from: "lg" })}
          {header("status", "Status", { from: "sm" })}
          {header("total", "Total", { figure: true })}
          {header("balance", "Balance", { figure: true, from: "sm" })}
        </TableRow>
      </TableHeader>
      <InvoiceListRows
        rows={rows.map((row) => ({
          id: row.id,
          number: row.number,
          isCreditNote: row.kind === "credit_note",
          clientName: row.clientName,
          issued: day(row.issueDate),
          due: row.kind === "invoice" ? day(row.dueDate) : "",
          status: row.displayStatus,
          total: money(row.total, row.currency),
          balance: row.status === "draft" || row.kind === "credit_note" ? "" : money(row.balance, row.currency),
        }))}
      />
    </Table>
  );
}

function defaultDirection(column: InvoiceSort | undefined): "asc" | "desc" {
  return INVOICE_SORTS_DESCENDING_FIRST.includes(column ?? "issueDate") ? "desc" : "asc";
}
