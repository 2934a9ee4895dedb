import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { FilterBar, FilterField, SearchField } from "@/components/list/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { QuoteListRow } from "../quote-queries";
import { QUOTE_DISPLAY_STATUSES, type QuoteDisplayStatus } from "../quote-rules";
import { quoteList } from "../quote-schemas";
import { QuoteStatusBadge } from "./quote-status-badge";

/** The quotes: number, client, date, validity, status, total. */
export function QuoteTable({ rows, firm }: { rows: QuoteListRow[]; firm: { locale: string } }) {
  const t = useTranslations("quotes.list");
  const day = (date: string) => formatDate(date, firm.locale, "UTC", "medium");
  return (
    <Table>
      <caption className="sr-only">{t("caption")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("quote")}</TableHead>
          <TableHead>{t("client")}</TableHead>
          <TableHead from="md">{t("date")}</TableHead>
          <TableHead from="sm">{t("validUntil")}</TableHead>
          <TableHead>{t("status")}</TableHead>
          <TableHead figure>{t("total")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="whitespace-nowrap">
              <Link href={`/bo/quotes/${row.id}`} className="font-medium underline-offset-4 hover:underline">
                {row.number ?? t("draft")}
              </Link>
            </TableCell>
            <TableCell>{row.clientName}</TableCell>
            <TableCell from="md">{day(row.issueDate)}</TableCell>
            <TableCell from="sm">{day(row.validUntil)}</TableCell>
            <TableCell>
              <QuoteStatusBadge status={row.displayStatus} />
              {row.invoiceId ? <span className="text-muted-foreground"> · {t("invoiced")}</span> : null}
            </TableCell>
            <TableCell figure>{formatMoney(row.total, row.currency, firm.locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The list's search (number or client) and status, as a plain GET form. */
export function QuoteFilters({ q, status }: { q: string | undefined; status: QuoteDisplayStatus | undefined }) {
  const t = useTranslations("quotes.filters");
  const statusLabel = useTranslations("quotes.status");
  return (
    <FilterBar
      action={quoteList.path}
      label={t("label")}
      submitVariant="outline"
      clearHref={q || status ? quoteList.path : undefined}
    >
      <SearchField id="quote-search" defaultValue={q} placeholder={t("search")} className="w-full sm:w-72" />
      <FilterField label={t("status")} htmlFor="quote-status" className="w-full sm:w-48">
        <NativeSelect id="quote-status" name="status" defaultValue={status ?? ""}>
          <option value="">{t("allStatuses")}</option>
          {QUOTE_DISPLAY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
    </FilterBar>
  );
}
