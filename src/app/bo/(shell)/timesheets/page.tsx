import type { Metadata } from "next";
import Link from "@/components/app-link";
import { PlusIcon } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PastLastPage } from "@/components/list/past-last-page";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { formatDateTime, isValidDateString, isoWeekMonday } from "@/lib/dates";
import { requireUser } from "@/lib/session";
import { cn } from "@/lib/utils";
import { getPageSettings } from "@/modules/settings/page-settings";
import { ApprovalQueue } from "@/modules/timesheets/components/approval-queue";
import { TimesheetListRows } from "@/modules/timesheets/components/timesheet-list-rows";
import { TIMESHEET_STATUS_LABELS, weekLabel } from "@/modules/timesheets/components/timesheet-status-badge";
import {
  countAwaitingApproval,
  findTimesheetPeople,
  findTimesheets,
  isTimesheetStatusFilter,
  type TimesheetView,
} from "@/modules/timesheets/timesheet-queries";
import { formatDuration, TIMESHEET_STATUSES } from "@/modules/timesheets/timesheet-rules";
import { firstParam as one } from "@/lib/search-params";

export const metadata: Metadata = { title: "Timesheets" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function TimesheetsPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requireUser();
  const params = await searchParams;
  const isDecider = viewer.role === "admin" || viewer.role === "manager";
  const requested = one(params.view);
  const view: TimesheetView = isDecider && (requested === "all" || requested === "queue") ? requested : "mine";
  const status = one(params.status);
  const weekInput = one(params.week);
  const week = isValidDateString(weekInput) ? isoWeekMonday(weekInput) : undefined;
  const person = one(params.person);
  const page = Number(one(params.page)) || 1;

  const db = getDb();
  const [settings, list, queueCount, people] = await Promise.all([
    getPageSettings(),
    findTimesheets(db, viewer, {
      view,
      status: isTimesheetStatusFilter(status) ? status : undefined,
      week,
      userId: person || undefined,
      page,
      pageSize: view === "queue" ? 200 : 50,
    }),
    countAwaitingApproval(db, viewer),
    isDecider ? findTimesheetPeople(db) : Promise.resolve([]),
  ]);
  const { locale, timezone } = settings;
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  const pages = Math.max(Math.ceil(list.total / list.pageSize), 1);
  const pageHref = (target: number) => {
    const query = new URLSearchParams();
    if (view !== "mine") query.set("view", view);
    if (status) query.set("status", status);
    if (week) query.set("week", week);
    if (person) query.set("person", person);
    query.set("page", String(target));
    return `/bo/timesheets?${query.toString()}`;
  };

  const tabs: { view: TimesheetView; label: string }[] = isDecider
    ? [
        { view: "mine", label: "Mine" },
        { view: "all", label: "Everyone" },
        { view: "queue", label: `Approval queue (${queueCount})` },
      ]
    : [];

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Timesheets"
        description={
          isDecider ? "Your weeks, everyone's, and the weeks waiting for your approval." : "Your weekly timesheets."
        }
        actions={
          <Button asChild>
            <Link href="/bo/timesheets/create">
              <PlusIcon aria-hidden="true" />
              New timesheet
            </Link>
          </Button>
        }
      />
      {tabs.length > 0 ? (
        <nav aria-label="Timesheet views" className="flex flex-wrap gap-1 border-b">
          {tabs.map((tab) => (
            <Link
              key={tab.view}
              href={tab.view === "mine" ? "/bo/timesheets" : `/bo/timesheets?view=${tab.view}`}
              aria-current={tab.view === view ? "page" : undefined}
              className={cn(
                "-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                tab.view === view
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      ) : null}

      {view !== "queue" ? (
        <form
          method="get"
          action="/bo/timesheets"
          className="flex flex-wrap items-end gap-3"
          role="search"
          aria-label="Filter timesheets"
        >
          {view !== "mine" ? <input type="hidden" name="view" value={view} /> : null}
          {view === "all" ? (
            <div className="grid gap-1">
              <Label htmlFor="filter-person">Person</Label>
              <NativeSelect id="filter-person" name="person" defaultValue={person}>
                <option value="">Everyone</option>
                {people.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                    {item.active ? "" : " (deactivated)"}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <div className="grid gap-1">
            <Label htmlFor="filter-status">Status</Label>
            <NativeSelect id="filter-status" name="status" defaultValue={isTimesheetStatusFilter(status) ? status : ""}>
              <option value="">Any status</option>
              {TIMESHEET_STATUSES.map((item) => (
                <option key={item} value={item}>
                  {TIMESHEET_STATUS_LABELS[item]}
                </option>
              ))}
              <option value="open">Draft or rejected</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="filter-week">Week containing</Label>
            <Input id="filter-week" name="week" type="date" defaultValue={week ?? ""} className="w-44" />
          </div>
          <Button type="submit" variant="outline">
            Filter
          </Button>
          {status || week || person ? (
            <Link
              href={view === "mine" ? "/bo/timesheets" : `/bo/timesheets?view=${view}`}
              className="py-2 text-sm text-primary underline-offset-4 hover:underline"
            >
              Clear filters
            </Link>
          ) : null}
        </form>
      ) : null}

      {list.rows.length === 0 && list.total > 0 ? (
        <PastLastPage
          page={list.page}
          total={list.total}
          pages={pages}
          noun={{ one: "timesheet", other: "timesheets" }}
          locale={settings.locale}
          lastPageHref={pageHref(pages)}
        />
      ) : list.rows.length === 0 ? (
        view === "queue" ? (
          <EmptyState title="Nothing waiting for approval" description="Submitted weeks from your team appear here." />
        ) : (
          <EmptyState
            title={status || week || person ? "No timesheet matches these filters" : "No timesheets yet"}
            description={
              status || week || person
                ? "Change or clear the filters."
                : "Start with this week: open a new timesheet and log your hours."
            }
            action={
              <Button asChild>
                <Link href="/bo/timesheets/create">New timesheet</Link>
              </Button>
            }
          />
        )
      ) : view === "queue" ? (
        <ApprovalQueue
          rows={list.rows.map((row) => ({
            id: row.id,
            version: row.version,
            userName: row.userName,
            weekLabel: weekLabel(row.weekStart, locale, timezone),
            submittedLabel: row.submittedAt ? formatDateTime(row.submittedAt, locale, timezone) : "—",
            totalLabel: hours(row.totalMinutes),
            billableLabel: hours(row.billableMinutes),
          }))}
        />
      ) : (
        <>
          <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
            <TableHeader>
              <TableRow>
                <TableHead>Week</TableHead>
                {view === "all" ? <TableHead>Person</TableHead> : null}
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Hours</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Billable</TableHead>
                <TableHead className="hidden md:table-cell">Submitted</TableHead>
              </TableRow>
            </TableHeader>
            <TimesheetListRows
              showPerson={view === "all"}
              rows={list.rows.map((row) => ({
                id: row.id,
                week: weekLabel(row.weekStart, locale, timezone),
                userName: row.userName,
                status: row.status,
                hours: hours(row.totalMinutes),
                billableHours: hours(row.billableMinutes),
                submitted: row.submittedAt ? formatDateTime(row.submittedAt, locale, timezone) : "—",
              }))}
            />
          </Table>
          {pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between text-sm">
              <span className="text-muted-foreground">
                Page {list.page} of {pages} · {list.total} timesheets
              </span>
              <span className="flex gap-2">
                {list.page > 1 ? (
                  <Button asChild variant="outline" size="sm">
                    <Link href={pageHref(list.page - 1)}>Previous</Link>
                  </Button>
                ) : null}
                {list.page < pages ? (
                  <Button asChild variant="outline" size="sm">
                    <Link href={pageHref(list.page + 1)}>Next</Link>
                  </Button>
                ) : null}
              </span>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
