import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PastLastPage } from "@/components/list/past-last-page";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { requireUser } from "@/lib/session";
import { cn } from "@/lib/utils";
import { runReadsTogether } from "@/db/select-together";
import { clientNameRead } from "@/modules/clients/client-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { callFormOptionsRead, callListRead, completeCallList } from "../call-queries";
import { callListQuery, type CallListQuery } from "../call-schemas";
import { CallFilters } from "./call-filters";
import { NewCallButtons } from "./call-form";
import { CallTable } from "./call-table";

function callsHref(
  query: CallListQuery,
  changes: Partial<Record<keyof CallListQuery, string | number | undefined>>,
): string {
  const params = new URLSearchParams();
  const merged = { ...query, ...changes } as Record<string, string | number | undefined>;
  for (const key of ["view", "q", "person", "client", "direction", "status", "from", "to", "due", "page", "size"]) {
    const value = merged[key];
    if (value === undefined || value === "") continue;
    if (key === "page" && Number(value) === 1) continue;
    if (key === "size" && Number(value) === 50) continue;
    params.set(key, String(value));
  }
  return `/bo/calls?${params.toString()}`;
}

/** /bo/calls: To do and History, filtered by the URL; dialogs log, schedule and change calls in place. */
export async function CallsPage({
  searchParams,
  icon,
}: {
  searchParams: Record<string, string | string[] | undefined>;
  icon: React.ReactNode;
}) {
  const viewer = await requireUser();
  const db = getDb();
  const query = callListQuery.parse(searchParams);
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
  const filtered = Boolean(
    query.q ||
    query.person ||
    query.client ||
    query.direction ||
    query.status ||
    query.from ||
    query.to ||
    (query.view === "todo" && query.due),
  );
  const first = list.total === 0 ? 0 : (list.page - 1) * list.size + 1;
  const last = Math.min(list.total, list.page * list.size);
  const pages = Math.max(1, Math.ceil(list.total / list.size));
  const tabs = [
    { view: "todo" as const, label: "To do" },
    { view: "history" as const, label: "History" },
  ];

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title="Calls"
        description="Calls to make and calls held, by everyone in the firm."
        actions={<NewCallButtons options={options} />}
      />
      <div className="flex flex-wrap items-end justify-between gap-3 border-b">
        <nav aria-label="Call views" className="flex gap-1">
          {tabs.map((tab) => (
            <Link
              key={tab.view}
              href={callsHref({ ...query, status: undefined, due: undefined, page: 1 }, { view: tab.view })}
              aria-current={query.view === tab.view ? "page" : undefined}
              className={cn(
                "-mb-px border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                query.view === tab.view
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
        <nav aria-label="Whose calls" className="flex gap-1 pb-2 text-sm">
          {[
            { person: "me", label: "Mine" },
            { person: undefined, label: "Everyone's" },
          ].map((choice) => {
            const current = choice.person === "me" ? query.person === "me" : !query.person;
            return (
              <Link
                key={choice.label}
                href={callsHref({ ...query, page: 1 }, { person: choice.person ?? "" })}
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
        values={{
          view: query.view,
          person: query.person,
          client: query.client,
          direction: query.direction,
          status: query.status,
          from: query.from,
          to: query.to,
          q: query.q,
          due: query.due,
        }}
        people={options.assignees}
        client={client}
      />
      {list.rows.length === 0 && list.total > 0 ? (
        <PastLastPage
          page={list.page}
          total={list.total}
          pages={pages}
          noun={{ one: "call", other: "calls" }}
          locale={settings.locale}
          lastPageHref={callsHref(query, { page: pages })}
          icon={icon}
        />
      ) : list.rows.length === 0 ? (
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
                <Link href={`/bo/calls?view=${query.view}`}>Clear filters</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <CallTable
            rows={list.rows}
            firm={{ country: settings.country, locale: settings.locale, timezone: settings.timezone }}
            options={options}
            now={new Date()}
            caption={query.view === "todo" ? "Calls to do" : "Call history"}
          />
          <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-muted-foreground tabular-nums">
              {first.toLocaleString(settings.locale)}–{last.toLocaleString(settings.locale)} of{" "}
              {list.total.toLocaleString(settings.locale)} calls
            </p>
            <div className="flex gap-2">
              {list.page > 1 ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={callsHref(query, { page: list.page - 1 })}>Previous</Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled>
                  Previous
                </Button>
              )}
              {list.page < pages ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={callsHref(query, { page: list.page + 1 })}>Next</Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled>
                  Next
                </Button>
              )}
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
