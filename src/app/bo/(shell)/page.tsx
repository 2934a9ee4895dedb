import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/session";
import { findAuditEvents } from "@/modules/audit/audit-queries";
import { getSettings } from "@/modules/settings/settings-queries";
import { countActiveUsersByRole } from "@/modules/users/user-queries";
import { formatDateTime } from "@/lib/dates";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const user = await requireUser();
  const db = getDb();
  const isAdmin = user.role === "admin";
  const [settings, roleCounts, recent] = await Promise.all([
    getSettings(db),
    countActiveUsersByRole(db),
    isAdmin ? findAuditEvents(db, { pageSize: 8 }) : null,
  ]);
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
