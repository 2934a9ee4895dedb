import { FileTextIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { DateFilter, FilterBar, FilterField, SearchField } from "@/components/list/filter-bar";
import { FoldedFilters } from "@/components/list/folded-filters";
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
  INVOICE_LIST_STATUSES,
  INVOICE_SORTS_DESCENDING_FIRST,
  countInvoiceListFilters,
  type InvoiceListFilter,
  type InvoiceSort,
  invoiceList,
  isInvoiceListFiltered,
} from "../invoice-schemas";
import { InvoiceListRows } from "./invoice-list-rows";

/** The list's filters; the client is the chosen one's name, for its picker. */
export function InvoiceFilters({ filter, client }: { filter: InvoiceListFilter; client: PickedClient | null }) {
  const t = useTranslations("invoices.filters");
  const statusLabel = useTranslations("invoices.listStatus");
  return (
    <FoldedFilters active={countInvoiceListFilters(filter)}>
      <FilterBar
        action={invoiceList.path}
        label={t("label")}
        layout="panel"
        keep={{ sort: filter.sort, dir: filter.dir }}
        clearHref={isInvoiceListFiltered(filter) ? invoiceList.path : undefined}
      >
        <SearchField id="invoice-search" defaultValue={filter.q} placeholder={t("search")} className="lg:col-span-2" />
        <FilterField label={t("status")} htmlFor="filter-status">
          <NativeSelect id="filter-status" name="status" defaultValue={filter.status ?? ""}>
            <option value="">{t("anyStatus")}</option>
            {INVOICE_LIST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField label={t("kind")} htmlFor="filter-kind">
          <NativeSelect id="filter-kind" name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">{t("anyKind")}</option>
            <option value="invoice">{t("invoices")}</option>
            <option value="credit_note">{t("creditNotes")}</option>
          </NativeSelect>
        </FilterField>
        <FilterField label={t("client")} htmlFor="filter-client" className="lg:col-span-2">
          <ClientPicker id="filter-client" name="client" selected={client} />
        </FilterField>
        <DateFilter label={t("issuedFrom")} id="filter-from" name="from" value={filter.from} />
        <DateFilter label={t("issuedTo")} id="filter-to" name="to" value={filter.to} />
        <DateFilter
          label={t("paidFrom")}
          id="filter-paid-from"
          name="paidFrom"
          value={filter.paidFrom}
          describedBy="filter-paid-hint"
        />
        <DateFilter
          label={t("paidTo")}
          id="filter-paid-to"
          name="paidTo"
          value={filter.paidTo}
          describedBy="filter-paid-hint"
        />
        <p id="filter-paid-hint" className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-2 lg:self-center">
          {t("paidHint")}
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
  const t = useTranslations("invoices.totals");
  const paidRange = Boolean(filter.paidFrom || filter.paidTo);
  return (
    <section aria-label={t("label")} className="flex flex-wrap gap-3 text-sm" data-testid="invoice-totals">
      {totals.map((row) => {
        const money = (minor: number) => formatMoney(minor, row.currency, locale);
        const drafts = row.drafts;
        return (
          <div key={row.currency} className="rounded-lg border px-3 py-2">
            {row.count > 0 ? (
              <>
                <div className="text-muted-foreground">{t("issued", { count: row.count, currency: row.currency })}</div>
                <div className="tabular-nums">
                  {t.rich("amounts", { total: money(row.total), balance: money(row.balance), strong })}
                  {paidRange ? (
                    <>
                      {" · "}
                      {t.rich("received", { amount: money(row.received ?? 0), strong })}
                    </>
                  ) : null}
                </div>
              </>
            ) : null}
            {drafts ? (
              <div className="text-muted-foreground tabular-nums" data-testid="invoice-totals-drafts">
                {t.rich(row.count > 0 ? "draftsNotCounted" : "drafts", {
                  count: drafts.count,
                  currency: row.currency,
                  amount: money(drafts.total),
                  strong,
                })}
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

const strong = (chunks: ReactNode) => <span className="font-semibold">{chunks}</span>;

/** The list when nothing matches: filtered, or no invoice at all yet. */
export function InvoiceListEmpty({ filtered }: { filtered: boolean }) {
  const t = useTranslations("invoices.empty");
  return filtered ? (
    <EmptyState
      title={t("filteredTitle")}
      description={t("filteredText")}
      action={
        <Button asChild variant="outline">
          <Link href={invoiceList.path}>{t("clearFilters")}</Link>
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<FileTextIcon />}
      title={t("title")}
      description={t("text")}
      action={
        <Button asChild>
          <Link href="/bo/invoices/create">{t("newInvoice")}</Link>
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
  const t = useTranslations("invoices.list");
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
          {header("number", t("number"), {})}
          {header("client", t("client"), {})}
          {header("issueDate", t("issued"), { from: "md" })}
          {header("dueDate", t("due"), { from: "lg" })}
          {header("status", t("status"), { from: "sm" })}
          {header("total", t("total"), { figure: true })}
          {header("balance", t("balance"), { figure: true, from: "sm" })}
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
