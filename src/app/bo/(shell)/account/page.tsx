import type { Metadata } from "next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ROLE_LABELS } from "@/modules/users/roles";
import { requireUser } from "@/lib/session";
import { ChangePasswordForm } from "@/modules/users/components/change-password-form";
import { TimesheetNotificationsToggle } from "@/modules/timesheets/components/timesheet-notification-settings";
import { findTimesheetNotifications } from "@/modules/timesheets/timesheet-queries";
import { getDb } from "@/db/client";
import { findApiTokens } from "@/modules/api/api-tokens";
import { ApiTokenForm } from "@/modules/api/components/api-token-form";
import { ApiTokenTable } from "@/modules/api/components/api-token-table";
import { can, PERMISSIONS, type Permission } from "@/modules/users/permissions";

export const metadata: Metadata = { title: "My account" };

export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<{ required?: string | string[] }>;
}) {
  const user = await requireUser();
  const { required } = await searchParams;
  const isRequired = user.mustChangePassword || (Array.isArray(required) ? required[0] : required) === "1";
  const mayUseTokens = !user.mustChangePassword && can(user, "token.edit");
  const seesEveryone = mayUseTokens && can(user, "token.manage_all");
  const [tokens, everyonesTokens] = mayUseTokens
    ? await Promise.all([
        findApiTokens(getDb(), user),
        seesEveryone ? findApiTokens(getDb(), user, { everyone: true }) : Promise.resolve([]),
      ])
    : [[], []];
  const scopes = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(user, permission));
  const now = new Date();

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title="My account" />
      {isRequired ? (
        <Alert variant="warning">
          <AlertDescription>Choose your own password before you continue.</AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>An administrator can change your name and role.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium break-words">{user.name}</dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd className="font-medium break-all">{user.email}</dd>
            <dt className="text-muted-foreground">Role</dt>
            <dd>
              <Badge variant="neutral">{ROLE_LABELS[user.role]}</Badge>
            </dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>You stay signed in here; your sessions on other devices end.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm email={user.email} mustChangePassword={user.mustChangePassword} />
        </CardContent>
      </Card>
      {!user.mustChangePassword ? (
        <Card>
          <CardHeader>
            <CardTitle>Timesheet mails</CardTitle>
            <CardDescription>
              A week waiting for your approval, the decision on your own week, and the weekly reminder.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <TimesheetNotificationsToggle enabled={await findTimesheetNotifications(getDb(), user.id)} />
          </CardContent>
        </Card>
      ) : null}
      {mayUseTokens ? (
        <Card>
          <CardHeader>
            <CardTitle>API tokens</CardTitle>
            <CardDescription>
              A token acts as you through the API (/api/v1, described at /api/v1/openapi.json), limited to its scopes
              and never beyond your role.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <ApiTokenTable rows={tokens} now={now} />
            <ApiTokenForm scopes={scopes} />
          </CardContent>
        </Card>
      ) : null}
      {seesEveryone ? (
        <Card>
          <CardHeader>
            <CardTitle>Everyone&apos;s API tokens</CardTitle>
            <CardDescription>As an administrator you may revoke any person&apos;s token.</CardDescription>
          </CardHeader>
          <CardContent>
            <ApiTokenTable rows={everyonesTokens} now={now} showOwner />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
