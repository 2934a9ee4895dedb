import { getTranslations } from "next-intl/server";
import { requestTexts } from "@/i18n/server-texts";
import { can } from "@/modules/users/permissions";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import {
  SalesJournalFilters,
  SalesJournalTable,
  SalesJournalTotals,
} from "@/modules/reports/components/money-report-view";
import { DownloadLink, ExportLinks, rangeText, ReportTabs } from "@/modules/reports/components/report-parts";
import { reportRange } from "@/modules/reports/report-rules";
import { salesJournal } from "@/modules/reports/report-schemas";
import { fecRefusal } from "@/modules/reports/fec-export";
import { findSalesJournalRows, findSalesJournalTotals } from "@/modules/reports/sales-journal-queries";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("reports.journal");
  return { title: t("metaTitle") };
}

/** How many of the journal's rows the page shows; the export has them all. */
const PREVIEW_ROWS = 100;

export default async function SalesJournalPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("invoice.read");
  const t = await getTranslations("reports");
  const say = await requestTexts();
  const params = salesJournal.parse(await searchParams);
  const settings = await getPageSettings();
  const range = reportRange(params, todayInZone(settings.timezone));
  const db = getDb();
  const [totals, rows, refusal] = await Promise.all([
    findSalesJournalTotals(db, range),
    findSalesJournalRows(db, range, PREVIEW_ROWS + 1),
    fecRefusal(db, settings, range),
  ]);
  const exportQuery = salesJournal.query({ from: range.from, to: range.to });

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title={t("title")}
        description={t("journal.description")}
        actions={
          <>
            <ExportLinks href={`/bo/reports/journal/export${exportQuery}`} label={t("export.journal")} />
            {refusal ? null : <DownloadLink href={`/bo/reports/journal/fec${exportQuery}`} label={t("export.fec")} />}
          </>
        }
      />
      <ReportTabs current="journal" money cost={can(viewer, "cost.read")} />
      <SalesJournalFilters params={{ ...params, period: range.period }} />
      <p className="text-sm text-muted-foreground" data-testid="report-range">
        {t("journal.explained", {
          range: rangeText(range, settings.locale, settings.timezone, (dates) => t("range", dates)),
        })}
      </p>
      <p className="text-sm text-muted-foreground" data-testid="fec-note" role={refusal ? "note" : undefined}>
        {refusal ? t("journal.noFec", { reason: say(refusal) }) : t("journal.fecNote")}
      </p>
      <SalesJournalTotals totals={totals} locale={settings.locale} />
      {rows.length > 0 ? (
        <section className="grid gap-2" aria-labelledby="journal-rows-title">
          <h2 id="journal-rows-title" className="text-base font-semibold">
            {rows.length > PREVIEW_ROWS ? t("journal.firstRows", { count: PREVIEW_ROWS }) : t("journal.rows")}
          </h2>
          <SalesJournalTable rows={rows.slice(0, PREVIEW_ROWS)} locale={settings.locale} />
        </section>
      ) : null}
    </div>
  );
}
