// Pieces every report page shares: the tabs between reports, the period fields of a filter bar,
// the download link, and a table's total rows per currency.
import { DownloadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { FilterField } from "@/components/list/filter-bar";
import { ListTabs } from "@/components/list/list-tabs";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { formatDate } from "@/lib/dates";
import { REPORT_PERIODS, type DateRange, type ReportPeriod } from "../report-rules";
import {
  ageingReport,
  moneyReport,
  profitabilityReport,
  salesJournal,
  timeReport,
  utilisationReport,
} from "../report-schemas";

export type ReportName = "time" | "utilisation" | "money" | "ageing" | "journal" | "profitability";

/**
 * The reports' tabs: time and utilisation for everyone (their own, for staff), the money reports
 * with invoice.read, profitability with cost.read (administrators).
 */
export function ReportTabs({ current, money, cost = false }: { current: ReportName; money: boolean; cost?: boolean }) {
  const t = useTranslations("reports.tabs");
  const tabs = [
    { name: "time" as const, href: timeReport.path },
    { name: "utilisation" as const, href: utilisationReport.path },
    ...(money
      ? [
          { name: "money" as const, href: moneyReport.path },
          { name: "ageing" as const, href: ageingReport.path },
          { name: "journal" as const, href: salesJournal.path },
        ]
      : []),
    ...(cost ? [{ name: "profitability" as const, href: profitabilityReport.path }] : []),
  ];
  return (
    <ListTabs
      label={t("label")}
      tabs={tabs.map((tab) => ({ href: tab.href, label: t(tab.name), current: tab.name === current }))}
    />
  );
}

/** The period of a report's filter bar: a named period, or (with none chosen) the dates. */
export function PeriodFields({ period, from, to }: { period?: ReportPeriod; from?: string; to?: string }) {
  const t = useTranslations("reports.filters");
  return (
    <>
      <FilterField label={t("period")} htmlFor="report-period">
        <NativeSelect id="report-period" name="period" defaultValue={period ?? ""}>
          <option value="">{t("customDates")}</option>
          {REPORT_PERIODS.map((item) => (
            <option key={item} value={item}>
              {t(`periods.${item}`)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <FilterField label={t("from")} htmlFor="report-from">
        <Input id="report-from" name="from" type="date" defaultValue={period ? "" : (from ?? "")} className="w-44" />
      </FilterField>
      <FilterField label={t("to")} htmlFor="report-to">
        <Input id="report-to" name="to" type="date" defaultValue={period ? "" : (to ?? "")} className="w-44" />
      </FilterField>
    </>
  );
}

/** The person filter of a report: shown when the viewer may choose among people (staff get none). */
export function PersonField({
  id,
  people,
  person,
}: {
  id: string;
  people: { id: string; name: string }[];
  person?: string;
}) {
  const t = useTranslations("reports.filters");
  if (people.length === 0) return null;
  return (
    <FilterField label={t("person")} htmlFor={id}>
      <NativeSelect id={id} name="person" defaultValue={person ?? ""}>
        <option value="">{t("everyone")}</option>
        {people.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

/**
 * "1 Jan 2026 to 31 Dec 2026", in the firm's locale; `join` says it in the page's language
 * (reports.range: "{from} to {to}").
 */
export function rangeText(
  range: DateRange,
  locale: string,
  timeZone: string,
  join: (dates: { from: string; to: string }) => string = ({ from, to }) => `${from} to ${to}`,
): string {
  return join({ from: formatDate(range.from, locale, timeZone), to: formatDate(range.to, locale, timeZone) });
}

/** The CSV download and its XLSX twin (`format=xlsx`): "Export CSV" and "Export XLSX". */
export function ExportLinks({ href, label }: { href: string; label: string }) {
  const xlsx = `${href}${href.includes("?") ? "&" : "?"}format=xlsx`;
  return (
    <>
      <DownloadLink href={href} label={label} />
      <DownloadLink href={xlsx} label={label.replace("CSV", "XLSX")} />
    </>
  );
}

export function DownloadLink({ href, label }: { href: string; label: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <DownloadIcon aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
