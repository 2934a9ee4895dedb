import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/session";
import { findAuditEvents } from "@/modules/audit/audit-queries";
import { getSettings } from "@/modules/settings/settings-queries";
import { countActiveUsersByRole } from "@/modules/users/user-queries";
import { formatDateTime, todayInZone } from "@/lib/dates";
import { countCallsToDo } from "@/modules/calls/call-queries";
import { countAwaitingApproval, countMyOpenWeeks } from "@/modules/timesheets/timesheet-queries";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const user = await requireUser();
  const db = getDb();
  const isAdmin = user.role === "admin";
  const settings = await getSettings(db);
  const today = todayInZone(settings.timezone);
  const isDecider = user.role !== "staff";
  const [roleCounts, recent, calls, awaiting, myOpenWeeks] = await Promise.all([
    countActiveUsersByRole(db),
    isAdmin ? findAuditEvents(db, { pageSize: 8 }) : null,
    // Staff see their own figures; managers and admins the firm's.
    countCallsToDo(db, { userId: isDecider ? undefined : user.id, today, timeZone: settings.timezone }),
    countAwaitingApproval(db, user),
    countMyOpenWeeks(db, user.id),
  ]);
  const callsHref = `/bo/calls?view=todo${isDecider ? "" : "&person=me"}`;
  const byRole = Object.fromEntries(roleCounts.map((row) => [row.role, row.value])) as Partial<Record<"admin" | "manager" | "staff", number>>;
  const activeUsers = roleCounts.reduce((sum, row) => sum + row.value, 0);

  return (
    <div className="grid gap-6">
      <PageHeader title="Dashboard" description={`Welcome, ${user.name}.`} />
      {isAdmin && !settings.setupCompleted ? (
        <Card>
          <CardHeader>
            <CardTitle>First steps</CardTitle>
            <CardDescription>Bureau is installed. Two things to do before your team starts:</CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-2 pl-5 text-sm">
              <li>
                <Link className="font-medium text-primary underline underline-offset-4" href="/bo/settings">
                  Fill in your firm&apos;s settings
                </Link>{" "}
                (name, address, VAT number, bank details, tax rates, invoice numbering).
              </li>
              <li>
                <Link className="font-medium text-primary underline underline-offset-4" href="/bo/users">
                  Add the people of your firm
                </Link>{" "}
                as managers or staff.
              </li>
            </ol>
          </CardContent>
        </Card>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Card>
          <CardHeader>
            <CardDescription>{isDecider ? "Calls to do today" : "My calls to do today"}</CardDescription>
            <CardTitle className="text-3xl tabular-nums">
              <Link href={callsHref} className="hover:underline">
                {calls.today}
              </Link>
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            <Link href={callsHref} className={calls.overdue > 0 ? "font-medium text-destructive hover:underline" : "hover:underline"}>
              {calls.overdue} overdue
            </Link>
          </CardContent>
        </Card>
        {isDecider ? (
          <Card>
            <CardHeader>
              <CardDescription>Timesheets awaiting my approval</CardDescription>
              <CardTitle className="text-3xl tabular-nums">
                <Link href="/bo/timesheets?view=queue" className="hover:underline">
                  {awaiting}
                </Link>
              </CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">Submitted weeks of the team, not your own.</CardContent>
          </Card>
        ) : null}
        <Card>
          <CardHeader>
            <CardDescription>My weeks in draft or rejected</CardDescription>
            <CardTitle className="text-3xl tabular-nums">
              <Link href="/bo/timesheets" className="hover:underline">
                {myOpenWeeks}
              </Link>
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            <Link href="/bo/timesheets/create" className="hover:underline">
              Fill in this week
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Active users</CardDescription>
            <CardTitle className="text-3xl tabular-nums">
              {isAdmin ? (
                <Link href="/bo/users" className="hover:underline">
                  {activeUsers}
                </Link>
              ) : (
                activeUsers
              )}
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {byRole.admin ?? 0} admin · {byRole.manager ?? 0} manager · {byRole.staff ?? 0} staff
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Firm</CardDescription>
            <CardTitle className="text-xl">{settings.firmName}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {settings.currency} · {settings.locale} · {settings.timezone}
          </CardContent>
        </Card>
      </div>
      {recent ? (
        <Card>
          <CardHeader>
            <CardTitle>Recent changes</CardTitle>
            <CardDescription>
              The latest entries of the{" "}
              <Link className="underline underline-offset-4" href="/bo/audit">
                audit log
              </Link>
              .
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y text-sm">
              {recent.rows.map((event) => (
                <li key={event.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{event.actorName ?? "Someone"}</span> · {event.entity} {event.action.replaceAll("_", " ")}
                  </span>
                  <time className="text-muted-foreground tabular-nums" dateTime={event.createdAt.toISOString()}>
                    {formatDateTime(event.createdAt, settings.locale, settings.timezone)}
                  </time>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
