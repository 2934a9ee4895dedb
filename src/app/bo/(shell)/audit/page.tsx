import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ScrollTextIcon } from "lucide-react";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { findAuditEntities, findAuditEvents } from "@/modules/audit/audit-queries";
import { describeAuditEvents } from "@/modules/audit/audit-references";
import { auditTranslator } from "@/modules/audit/audit-translator";
import { entityWord } from "@/modules/audit/audit-words";
import { pageAuditViewer } from "@/modules/audit/page-audit-viewer";
import { auditList } from "@/modules/audit/audit-schemas";
import { AuditEmpty, AuditFilters, AuditTable, eventNoun } from "@/modules/audit/components/audit-table";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auditLog");
  return { title: t("title") };
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("audit.read");
  const { entity, page, size } = auditList.parse(await searchParams);
  const db = getDb();
  const [tPage, noun, settings, list, entities, viewer] = await Promise.all([
    getTranslations("auditLog"),
    eventNoun(),
    getPageSettings(),
    findAuditEvents(db, { entity, page, pageSize: size }),
    findAuditEntities(db),
    pageAuditViewer(),
  ]);
  const rows = await describeAuditEvents(db, list.rows, viewer);
  const t = auditTranslator(viewer.language);
  const options = [...new Set([...entities, ...(entity ? [entity] : [])])]
    .map((value) => ({ value, label: entityWord(t, value) }))
    .sort((a, b) => a.label.localeCompare(b.label, viewer.language));

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title={tPage("title")} description={tPage("description")} />
      <AuditFilters entity={entity} entities={options} />
      <PagedList
        list={list}
        noun={noun}
        locale={settings.locale}
        href={(target) => auditList.href({ entity, page: target, size })}
        icon={<ScrollTextIcon />}
        empty={<AuditEmpty entity={entity} />}
      >
        <AuditTable rows={rows} firm={settings} />
      </PagedList>
    </div>
  );
}
