import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { PlusIcon } from "lucide-react";
import { ListTabs } from "@/components/list/list-tabs";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { MAX_PAGE_SIZE, type SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { can } from "@/modules/users/permissions";
import { getPageSettings } from "@/modules/settings/page-settings";
import {
  TimesheetFilters,
  TimesheetListEmpty,
  TimesheetQueue,
  TimesheetTable,
} from "@/modules/timesheets/components/timesheet-list";
import { countAwaitingApproval, findTimesheetPeople, findTimesheets } from "@/modules/timesheets/timesheet-queries";
import { timesheetList } from "@/modules/timesheets/timesheet-schemas";

export async function generateMetadata() {
  const t = await getTranslations("timesheets.list");
  return { title: t("title") };
}

export default async function TimesheetsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("timesheet.read");
  const t = await getTranslations("timesheets.list");
  const seesEveryone = can(viewer, "timesheet.read_all");
  const asked = timesheetList.parse(await searchParams);
  // Staff have their own weeks only, whatever the address asks for.
  const params = { ...asked, view: seesEveryone ? asked.view : "mine" } as const;
  const db = getDb();
  const [settings, list, queueCount, people] = await Promise.all([
    getPageSettings(),
    findTimesheets(db, viewer, {
      view: params.view,
      status: params.status,
      week: params.week,
      userId: params.person,
      page: params.page,
      pageSize: params.view === "queue" ? MAX_PAGE_SIZE : params.size,
    }),
    countAwaitingApproval(db, viewer),
    seesEveryone ? findTimesheetPeople(db) : Promise.resolve([]),
  ]);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title={t("title")}
        description={seesEveryone ? t("descriptionManager") : t("description")}
        actions={
          <Button asChild>
            <Link href="/bo/timesheets/create">
              <PlusIcon aria-hidden="true" />
              {t("empty.new")}
            </Link>
          </Button>
        }
      />
      {seesEveryone ? (
        <ListTabs
          label={t("views")}
          tabs={[
            { view: "mine" as const, label: t("mine") },
            { view: "all" as const, label: t("all") },
            { view: "queue" as const, label: t("queue", { count: queueCount }) },
          ].map((tab) => ({
            href: timesheetList.href({ view: tab.view }),
            label: tab.label,
            current: tab.view === params.view,
          }))}
        />
      ) : null}
      {params.view !== "queue" ? <TimesheetFilters params={params} people={people} /> : null}
      <PagedList
        list={list}
        noun={{ one: t("noun.one"), other: t("noun.other") }}
        locale={settings.locale}
        href={(page) => timesheetList.href({ ...params, page })}
        empty={<TimesheetListEmpty params={params} />}
      >
        {params.view === "queue" ? (
          <TimesheetQueue rows={list.rows} firm={settings} />
        ) : (
          <TimesheetTable rows={list.rows} showPerson={params.view === "all"} firm={settings} />
        )}
      </PagedList>
    </div>
  );
}
