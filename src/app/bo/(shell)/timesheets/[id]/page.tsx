import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { ListTabs } from "@/components/list/list-tabs";
import { orErrorPage } from "@/lib/page-errors";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { getPageSettings } from "@/modules/settings/page-settings";
import {
  ApproveButton,
  RejectButton,
  ReopenButton,
  WithdrawButton,
} from "@/modules/timesheets/components/timesheet-decision";
import { TimesheetDayStrip, TimesheetDayView } from "@/modules/timesheets/components/timesheet-day-view";
import { TimesheetGrid } from "@/modules/timesheets/components/timesheet-grid";
import { TimesheetStatusBadge } from "@/modules/timesheets/components/timesheet-status-badge";
import { findGridProjects } from "@/modules/timesheets/grid-project-queries";
import { getTimesheetDay } from "@/modules/timesheets/timesheet-day-queries";
import { dayTotals, selectDay } from "@/modules/timesheets/timesheet-day-rules";
import { gridDays, gridGroups, gridRows } from "@/modules/timesheets/timesheet-grid-data";
import { describeAuditEvents } from "@/modules/audit/audit-references";
import { AuditHistoryList } from "@/modules/audit/components/audit-history";
import { pageAuditViewer } from "@/modules/audit/page-audit-viewer";
import { findPreviousWeekRows, findTimesheetHistory, getTimesheet } from "@/modules/timesheets/timesheet-queries";
import {
  canApprove,
  canEdit,
  canReject,
  canReopen,
  canWithdraw,
  weekLabelParts,
} from "@/modules/timesheets/timesheet-rules";
import { timesheetPage, timesheetPageHref } from "@/modules/timesheets/timesheet-schemas";
import { can } from "@/modules/users/permissions";

export async function generateMetadata() {
  const t = await getTranslations("timesheets.sheet");
  return { title: t("title") };
}

export default async function TimesheetPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const viewer = await requirePagePermission("timesheet.read");
  const t = await getTranslations("timesheets");
  const { id } = await params;
  const query = timesheetPage.parse(await searchParams);
  const db = getDb();
  const sheet = await orErrorPage(getTimesheet(db, viewer, id));
  const isOwner = sheet.userId === viewer.id;
  const editable = canEdit({ status: sheet.status, actorId: viewer.id, ownerId: sheet.userId }).ok;
  // Projects to pick from only when the week can be edited (a short list in a large firm); a
  // read-only grid needs just the projects its entries use, which come with the entries.
  const [settings, projects, history, previousRows] = await Promise.all([
    getPageSettings(),
    editable
      ? findGridProjects(db, {
          userId: sheet.userId,
          weekStart: sheet.weekStart,
          projectIds: sheet.entries.map((entry) => entry.projectId),
        })
      : Promise.resolve({ options: [], complete: true }),
    Promise.all([findTimesheetHistory(db, id), pageAuditViewer()]).then(([rows, reader]) =>
      describeAuditEvents(db, rows, reader),
    ),
    editable ? findPreviousWeekRows(db, sheet.userId, sheet.weekStart) : Promise.resolve([]),
  ]);
  const { locale, timezone } = settings;
  const days = gridDays(sheet.weekStart, locale);
  // The day view's day: the one in the address, else today when it is in this week, else Monday.
  const selected = selectDay(sheet.weekStart, query.date, todayInZone(timezone));
  const day =
    query.view === "day" ? await orErrorPage(getTimesheetDay(db, viewer, sheet.id, selected, timezone)) : null;
  const ref = { status: sheet.status, ownerId: sheet.userId, actor: viewer };
  const week = t("weekLabel", weekLabelParts(sheet.weekStart, locale, timezone));
  const target = {
    id: sheet.id,
    version: sheet.version,
    label: t("sheet.target", { person: sheet.userName, week }),
  };
  const hasInvoicedEntries = sheet.entries.some((entry) => entry.invoiceLineId !== null);
  const mayApprove = canApprove(ref).ok;
  const mayReject = canReject({ ...ref, reason: "x" }).ok;
  const mayReopen = canReopen({ ...ref, hasInvoicedEntries }).ok;
  const mayWithdraw = canWithdraw(ref).ok;
  const ownWeekNote =
    can(viewer, "timesheet.decide") && isOwner && sheet.status === "submitted" ? t("sheet.ownWeek") : null;

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {week}
            <TimesheetStatusBadge status={sheet.status} />
          </span>
        }
        description={
          <>
            {isOwner ? t("sheet.yours") : t("sheet.someones", { person: sheet.userName })} ·{" "}
            <Link href="/bo/timesheets" className="text-primary underline underline-offset-4">
              {t("sheet.all")}
            </Link>
          </>
        }
        actions={
          <>
            {mayWithdraw ? <WithdrawButton target={target} /> : null}
            {mayApprove ? <ApproveButton target={target} /> : null}
            {mayReject ? <RejectButton target={target} /> : null}
            {mayReopen ? <ReopenButton target={target} /> : null}
          </>
        }
      />
      {sheet.status === "rejected" && sheet.rejectionReason ? (
        <Alert variant="destructive">
          <AlertTitle>
            {sheet.decidedByName
              ? t("sheet.rejectedBy", { person: sheet.decidedByName })
              : t("sheet.rejectedByManager")}
          </AlertTitle>
          <AlertDescription>
            <p>{sheet.rejectionReason}</p>
            {isOwner ? <p className="mt-1">{t("sheet.correct")}</p> : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {!editable ? (
        <p className="text-sm text-muted-foreground" role="status">
          {isOwner ? canEditMessage(sheet.status, t) : t("sheet.ownerOnly")}
          {ownWeekNote ? ` ${ownWeekNote}` : ""}
          {sheet.status === "approved" && hasInvoicedEntries ? ` ${t("sheet.invoiced")}` : ""}
        </p>
      ) : null}
      <ListTabs
        label={t("sheet.view")}
        className="-mb-3"
        tabs={[
          { href: timesheetPageHref(sheet.id, {}), label: t("sheet.week"), current: day === null },
          {
            href: timesheetPageHref(sheet.id, { view: "day", date: selected }),
            label: t("sheet.day"),
            current: day !== null,
          },
        ]}
      />
      {day ? (
        <Card>
          <CardContent className="grid gap-6 px-3 sm:px-6">
            <TimesheetDayStrip
              sheetId={sheet.id}
              days={days}
              totals={dayTotals(sheet.weekStart, sheet.entries)}
              selected={selected}
              locale={locale}
            />
            <TimesheetDayView
              sheetId={sheet.id}
              day={day}
              label={days.find((item) => item.date === selected)?.long ?? selected}
              ownerName={sheet.userName}
              isOwner={isOwner}
              locale={locale}
              timezone={timezone}
            />
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="px-3 pt-4 sm:px-6 sm:pt-6">
            <TimesheetGrid
              sheet={{ id: sheet.id, version: sheet.version, isOwner }}
              userId={sheet.userId}
              weekStart={sheet.weekStart}
              days={days}
              groups={gridGroups(projects.options, sheet.entries)}
              initialRows={gridRows(sheet.entries, sheet.weekStart, locale)}
              previousRows={editable ? previousRows : []}
              editable={editable}
              canSubmit={editable && isOwner}
              locale={locale}
              projectSearch={!projects.complete}
              key={sheet.version}
            />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t("sheet.history")}</CardTitle>
        </CardHeader>
        <CardContent>
          <AuditHistoryList events={history} locale={locale} timezone={timezone} />
        </CardContent>
      </Card>
    </div>
  );
}

function canEditMessage(
  status: "draft" | "submitted" | "approved" | "rejected",
  t: Awaited<ReturnType<typeof getTranslations<"timesheets">>>,
): string {
  switch (status) {
    case "submitted":
      return t("sheet.waiting");
    case "approved":
      return t("sheet.approved");
    case "draft":
    case "rejected":
      return "";
  }
}
