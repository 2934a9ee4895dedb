import type * as React from "react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { ListTabs } from "@/components/list/list-tabs";
import { PagedList } from "@/components/list/paged-list";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { runReadsTogether } from "@/db/select-together";
import { todayInZone } from "@/lib/dates";
import { requirePagePermission } from "@/lib/session";
import { cn } from "@/lib/utils";
import { clientNameRead } from "@/modules/clients/client-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { callFormOptionsRead, callListRead, completeCallList } from "../call-queries";
import { callList, type CallListQuery, isCallListFiltered } from "../call-schemas";
import { CallFilters } from "./call-filters";
import { NewCallButtons } from "./new-call-buttons";
import { CallTable } from "./call-table";

/** /bo/calls: To do and History, filtered by the URL; dialogs log, schedule and change calls in place. */
export async function CallsPage({ query, icon }: { query: CallListQuery; icon: React.ReactNode }) {
  const viewer = await requirePagePermission("call.read");
  const t = await getTranslations("calls.page");
  const db = getDb();
  const settings = await getPageSettings();
  // The page's reads in one statement.
  const listOptions = {
    ...query,
    viewerId: viewer.id,
    timeZone: settings.timezone,
    today: todayInZone(settings.timezone),
  };
  const {
    list: page,
    options,
    client,
  } = await runReadsTogether(db, {
    list: callListRead(db, listOptions),
    options: callFormOptionsRead(db, viewer, settings.timezone),
    client: clientNameRead(db, query.client),
  });
  const list = await completeCallList(db, listOptions, page);
  const filtered = isCallListFiltered(query);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader title={t("title")} description={t("description")} actions={<NewCallButtons options={options} />} />
      <div className="flex flex-wrap items-end justify-between gap-3 border-b">
        <ListTabs
          label={t("views")}
          className="border-b-0"
          tabs={[
            { view: "todo" as const, label: t("todo") },
            { view: "history" as const, label: t("history") },
          ].map((tab) => ({
            href: callList.href({ ...query, status: undefined, due: undefined, page: undefined, view: tab.view }),
            label: tab.label,
            current: query.view === tab.view,
          }))}
        />
        <nav aria-label={t("whose")} className="flex gap-1 pb-2 text-sm">
          {[
            { person: "me", label: t("mine") },
            { person: undefined, label: t("everyones") },
          ].map((choice) => {
            const current = choice.person === "me" ? query.person === "me" : !query.person;
            return (
              <Link
                key={choice.label}
                href={callList.href({ ...query, page: undefined, person: choice.person })}
                aria-current={current ? "true" : undefined}
                className={cn(
                  "rounded-md px-2 py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  current
                    ? "bg-secondary font-medium text-secondary-foreground"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                {choice.label}
              </Link>
            );
          })}
        </nav>
      </div>
      <CallFilters
        key={JSON.stringify(query)}
        query={query}
        people={options.assignees}
        client={client}
        path={callList.path}
        clearHref={filtered ? callList.href({ view: query.view }) : undefined}
      />
      <PagedList
        list={{ ...list, pageSize: list.size }}
        noun={{ one: t("noun.one"), other: t("noun.other") }}
        locale={settings.locale}
        href={(target) => callList.href({ ...query, page: target })}
        icon={icon}
        empty={
          <EmptyState
            icon={icon}
            title={filtered ? t("empty.filtered") : query.view === "todo" ? t("empty.todo") : t("empty.history")}
            description={
              filtered ? t("empty.filteredHint") : query.view === "todo" ? t("empty.todoHint") : t("empty.historyHint")
            }
            action={
              filtered ? (
                <Button asChild variant="outline">
                  <Link href={callList.href({ view: query.view })}>{t("clearFilters")}</Link>
                </Button>
              ) : undefined
            }
          />
        }
      >
        <CallTable
          rows={list.rows}
          firm={{ country: settings.country, locale: settings.locale, timezone: settings.timezone }}
          options={options}
          now={new Date()}
          caption={query.view === "todo" ? t("captionTodo") : t("captionHistory")}
        />
      </PagedList>
    </div>
  );
}
