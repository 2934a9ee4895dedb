import Link from "@/components/app-link";
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
import { formatDateTime } from "@/lib/dates";
import { PLACEHOLDER_ADMIN_EMAIL } from "@/modules/auth/account-mutations";
import { EmailChangeForm, SessionList } from "@/modules/auth/components/account-security";
import { TwoFactorPanel } from "@/modules/auth/components/two-factor-forms";
import { findOwnSessions, findTwoFactorSummary } from "@/modules/auth/two-factor-queries";
import { coveredByTwoFactorPolicy } from "@/modules/auth/two-factor-state";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "My account" };

export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<{ required?: string | string[] }>;
}) {
  const user = await requireUser();
  const { required } = await searchParams;
  const held = user.mustChangePassword || user.mustSetUpTwoFactor;
  const isRequired = user.mustChangePassword || (!held && (Array.isArray(required) ? required[0] : required) === "1");
  const mayUseTokens = !held && can(user, "token.edit");
  const seesEveryone = mayUseTokens && can(user, "token.manage_all");
  const [tokens, everyonesTokens] = mayUseTokens
    ? await Promise.all([
        findApiTokens(getDb(), user),
        seesEveryone ? findApiTokens(getDb(), user, { everyone: true }) : Promise.resolve([]),
      ])
    : [[], []];
  const scopes = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(user, permission));
  const now = new Date();
  const settings = await getPageSettings();
  const when = (value: Date) => formatDateTime(value, settings.locale, settings.timezone);
  const [twoFactor, sessions] = await Promise.all([
    findTwoFactorSummary(getDb(), user, settings.firmName),
    held ? Promise.resolve([]) : findOwnSessions(getDb(), user.id, now),
  ]);
  const twoFactorRequired = settings.requireTwoFactorForManagers && coveredByTwoFactorPolicy(user.role);
  const placeholderAddress = user.email.toLowerCase() === PLACEHOLDER_ADMIN_EMAIL;

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title="My account" />
      {isRequired ? (
        <Alert variant="warning">
          <AlertDescription>Choose your own password before you continue.</AlertDescription>
        </Alert>
      ) : null}
      {user.mustSetUpTwoFactor ? (
        <Alert variant="warning">
          <AlertDescription>
            Your firm requires two-factor sign-in for your role: set it up below before you continue.
          </AlertDescription>
        </Alert>
      ) : null}
      {placeholderAddress ? (
        <Alert variant="warning">
          <AlertDescription>
            You sign in as {PLACEHOLDER_ADMIN_EMAIL}, the address the first start gives when none was set. Set your real
            address under Sign-in email, so that password resets and notices reach you.
          </AlertDescription>
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
      <Card>
        <CardHeader>
          <CardTitle>Sign-in email</CardTitle>
          <CardDescription>
            You sign in as <span className="font-medium break-all text-foreground">{user.email}</span>. A new address is
            used once you open the link we send to it; the old address is told.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <EmailChangeForm email={user.email} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Two-factor sign-in</CardTitle>
          <CardDescription>
            A code from your phone after your password, so a stolen password alone is no use.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorPanel
            required={twoFactorRequired}
            summary={
              twoFactor.enabled
                ? { enabled: true, since: when(twoFactor.since), recoveryCodesLeft: twoFactor.recoveryCodesLeft }
                : {
                    enabled: false,
                    setup: twoFactor.setup ? { secret: twoFactor.setup.secret, qrSvg: twoFactor.setup.qrSvg } : null,
                  }
            }
          />
        </CardContent>
      </Card>
      {held ? null : (
        <Card>
          <CardHeader>
            <CardTitle>Sessions</CardTitle>
            <CardDescription>
              Where you are signed in. Last use is kept to within 5 minutes; the address is the one Bureau saw.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <SessionList
              rows={sessions.map((row) => ({
                id: row.id,
                device: row.device,
                ipAddress: row.ipAddress,
                signedIn: when(row.createdAt),
                lastUsed: when(row.lastUsedAt),
                current: row.id === user.sessionId,
                secondFactorPending: row.secondFactorPending,
              }))}
            />
          </CardContent>
        </Card>
      )}
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
              A token acts as you through the API (/api/v1), limited to its scopes and never beyond your role. Every
              operation is described in the{" "}
              <Link href="/api/docs" className="font-medium text-foreground underline underline-offset-4">
                API reference
              </Link>{" "}
              (and, for tools, at /api/v1/openapi.json).
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
