import type { Metadata } from "next";
import { ScrollTextIcon } from "lucide-react";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { findAuditEvents } from "@/modules/audit/audit-queries";
import { auditList } from "@/modules/audit/audit-schemas";
import { AuditEmpty, AuditFilters, AuditTable, EVENT_NOUN } from "@/modules/audit/components/audit-table";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("audit.read");
  const { entity, page, size } = auditList.parse(await searchParams);
  const db = getDb();
  const [settings, list] = await Promise.all([
    getPageSettings(),
    findAuditEvents(db, { entity, page, pageSize: size }),
  ]);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title="Audit log" description="Every change made in Bureau: who, when and what, newest first." />
      <AuditFilters entity={entity} />
      <PagedList
        list={list}
        noun={EVENT_NOUN}
        locale={settings.locale}
        href={(target) => auditList.href({ entity, page: target, size })}
        icon={<ScrollTextIcon />}
        empty={<AuditEmpty entity={entity} />}
      >
        <AuditTable rows={list.rows} firm={settings} />
      </PagedList>
    </div>
  );
}
