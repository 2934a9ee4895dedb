import type { Metadata } from "next";
import Link from "@/components/app-link";
import { notFound } from "next/navigation";
import { ArrowLeftIcon } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getDb } from "@/db/client";
import { ROLE_LABELS } from "@/modules/users/roles";
import { formatDateTime } from "@/lib/dates";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { describeAuditEvents } from "@/modules/audit/audit-references";
import { findAuditEvents } from "@/modules/audit/audit-queries";
import { AuditHistoryList } from "@/modules/audit/components/audit-history";
import { pageAuditViewer } from "@/modules/audit/page-audit-viewer";
import { getPageSettings } from "@/modules/settings/page-settings";
import { InvitationActions } from "@/modules/auth/components/invitation-actions";
import { TurnOffTwoFactorDialog } from "@/modules/auth/components/turn-off-two-factor";
import { coveredByTwoFactorPolicy, twoFactorStateOf } from "@/modules/auth/two-factor-state";
import { EditUserForm } from "@/modules/users/components/edit-user-form";
import { ResetPasswordForm } from "@/modules/users/components/reset-password-form";
import { UserActiveToggle } from "@/modules/users/components/user-active-toggle";
import { getUser } from "@/modules/users/user-queries";
import { firmWeeklyMinutes } from "@/modules/users/capacity";
import { can } from "@/modules/users/permissions";

export const metadata: Metadata = { title: "User" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
async function loadUser(id: string) {
  if (!UUID.test(id)) notFound();
  return orErrorPage(getUser(getDb(), id));
}

export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePagePermission("user.read");
  const { id } = await params;
  const user = await loadUser(id);
  const db = getDb();
  const [settings, history, twoFactor, viewerWords] = await Promise.all([
    getPageSettings(),
    findAuditEvents(db, { entity: "user", entityId: user.id, pageSize: 20 }),
    twoFactorStateOf(db, user.id),
    pageAuditViewer(),
  ]);
  const events = await describeAuditEvents(db, history.rows, viewerWords);
  const isSelf = user.id === viewer.id;
  const twoFactorRequired = twoFactor.required && coveredByTwoFactorPolicy(user.role);

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <Link
          href="/bo/users"
          className="inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Users
        </Link>
      </div>
      <PageHeader
        title={user.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{user.email}</span>
            <Badge variant="neutral">{ROLE_LABELS[user.role]}</Badge>
            {user.active ? <Badge variant="success">Active</Badge> : <Badge variant="danger">Deactivated</Badge>}
            {user.invited ? <Badge variant="warning">Invitation pending</Badge> : null}
            {user.mustChangePassword ? <Badge variant="warning">Must choose a new password</Badge> : null}
          </span>
        }
      />

      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
          <CardDescription>The email is the sign-in name and cannot be changed here.</CardDescription>
        </CardHeader>
        <CardContent>
          <EditUserForm
            user={{
              id: user.id,
              version: user.version,
              name: user.name,
              role: user.role,
              defaultHourlyRate: user.defaultHourlyRate,
              costRate: can(viewer, "cost.read") ? user.costRate : null,
              weeklyCapacityMinutes: user.weeklyCapacityMinutes,
            }}
            currency={settings.currency}
            showCost={can(viewer, "cost.read")}
            firmWeeklyMinutes={firmWeeklyMinutes(settings)}
          />
        </CardContent>
      </Card>

      {user.invited ? (
        <Card>
          <CardHeader>
            <CardTitle>Invitation</CardTitle>
            <CardDescription>
              {user.name} has not chosen a password yet. Sending the invitation again makes the earlier link stop
              working; revoking it deactivates the account.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <InvitationActions userId={user.id} userName={user.name} active={user.active} />
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Reset password</CardTitle>
          <CardDescription>Sets a new password and ends {isSelf ? "your" : "their"} sessions at once.</CardDescription>
        </CardHeader>
        <CardContent>
          <ResetPasswordForm userId={user.id} userName={user.name} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Two-factor sign-in</CardTitle>
          <CardDescription>
            {twoFactor.since
              ? `On since ${formatDateTime(twoFactor.since, settings.locale, settings.timezone)}.`
              : "Off."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {isSelf ? (
            <p className="text-sm text-muted-foreground">
              Manage your own two-factor sign-in from{" "}
              <Link href="/bo/account" className="text-primary underline underline-offset-4">
                My account
              </Link>
              .
            </p>
          ) : twoFactor.enabled ? (
            <>
              <p className="text-sm text-muted-foreground">
                If {user.name} has lost both their phone and their recovery codes, turn it off so they can sign in with
                their password again.
              </p>
              <TurnOffTwoFactorDialog userId={user.id} userName={user.name} requiredForRole={twoFactorRequired} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              {twoFactorRequired
                ? `The firm requires it for their role: ${user.name} is asked to set it up at their next sign-in.`
                : `${user.name} can turn it on from My account.`}
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Access</CardTitle>
        </CardHeader>
        <CardContent>
          <UserActiveToggle userId={user.id} userName={user.name} active={user.active} isSelf={isSelf} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>History</CardTitle>
          <CardDescription>
            {history.total > history.rows.length ? (
              <>
                The latest {history.rows.length} of {history.total} events.{" "}
                <Link href="/bo/audit?entity=user" className="text-primary underline underline-offset-4">
                  Open the audit log
                </Link>
              </>
            ) : (
              "Changes to this user, newest first."
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {history.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No recorded changes yet.</p>
          ) : (
            <AuditHistoryList events={events} locale={settings.locale} timezone={settings.timezone} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
