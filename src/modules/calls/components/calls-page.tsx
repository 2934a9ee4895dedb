import type * as React from "react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { ListTabs } from "@/components/list/list-tabs";
import { PagedList } from "@/components/list/paged-list";
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
import { NewCallButtons } from "./call-form";
import { CallTable } from "./call-table";

const CALL_NOUN = { one: "call", other: "calls" };

/** /bo/calls: To do and History, filtered by the URL; dialogs log, schedule and change calls in place. */
export async function CallsPage({ query, icon }: { query: CallListQuery; icon: React.ReactNode }) {
  const viewer = await requirePagePermission("call.read");
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
      <PageHeader
        title="Calls"
        description="Calls to make and calls held, by everyone in the firm."
        actions={<NewCallButtons options={options} />}
      />
      <div className="flex flex-wrap items-end justify-between gap-3 border-b">
        <ListTabs
          label="Call views"
          className="border-b-0"
          tabs={[
            { view: "todo" as const, label: "To do" },
            { view: "history" as const, label: "History" },
          ].map((tab) => ({
            href: callList.href({ ...query, status: undefined, due: undefined, page: undefined, view: tab.view }),
            label: tab.label,
            current: query.view === tab.view,
          }))}
        />
        <nav aria-label="Whose calls" className="flex gap-1 pb-2 text-sm">
          {[
            { person: "me", label: "Mine" },
            { person: undefined, label: "Everyone's" },
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
      <CallFilters key={JSON.stringify(query)} query={query} people={options.assignees} client={client} />
      <PagedList
        list={{ ...list, pageSize: list.size }}
        noun={CALL_NOUN}
        locale={settings.locale}
        href={(target) => callList.href({ ...query, page: target })}
        icon={icon}
        empty={
          <EmptyState
            icon={icon}
            title={
              filtered ? "No calls match these filters" : query.view === "todo" ? "Nothing to do" : "No calls held yet"
            }
            description={
              filtered
                ? "Change or clear the filters to see more calls."
                : query.view === "todo"
                  ? "Schedule a call to see it here; callback requests from the contact page land here too."
                  : "Log a call that just happened to start the history."
            }
            action={
              filtered ? (
                <Button asChild variant="outline">
                  <Link href={callList.href({ view: query.view })}>Clear filters</Link>
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
          caption={query.view === "todo" ? "Calls to do" : "Call history"}
        />
      </PagedList>
    </div>
  );
}
