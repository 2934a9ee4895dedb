import Link from "@/components/app-link";
import { getTranslations } from "next-intl/server";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
import { OwnLanguageForm } from "@/modules/users/components/own-language-form";
import { isAvailableLanguage, languageInfo, languageOptions, REFERENCE_LANGUAGE } from "@/i18n/catalogs";

export async function generateMetadata() {
  const t = await getTranslations("account");
  return { title: t("title") };
}

export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<{ required?: string | string[] }>;
}) {
  const user = await requireUser();
  const t = await getTranslations("account");
  const tRole = await getTranslations("users.role");
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
  const firmLanguage = languageInfo(
    isAvailableLanguage(settings.documentLanguage) ? settings.documentLanguage : REFERENCE_LANGUAGE,
  ).name;

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title={t("title")} />
      {isRequired ? (
        <Alert variant="warning">
          <AlertDescription>{t("choosePassword")}</AlertDescription>
        </Alert>
      ) : null}
      {user.mustSetUpTwoFactor ? (
        <Alert variant="warning">
          <AlertDescription>{t("twoFactorRequired")}</AlertDescription>
        </Alert>
      ) : null}
      {placeholderAddress ? (
        <Alert variant="warning">
          <AlertDescription>{t("placeholderAddress", { email: PLACEHOLDER_ADMIN_EMAIL })}</AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t("profile.title")}</CardTitle>
          <CardDescription>{t("profile.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted-foreground">{t("profile.name")}</dt>
            <dd className="font-medium break-words">{user.name}</dd>
            <dt className="text-muted-foreground">{t("profile.email")}</dt>
            <dd className="font-medium break-all">{user.email}</dd>
            <dt className="text-muted-foreground">{t("profile.role")}</dt>
            <dd>
              <Badge variant="neutral">{tRole(user.role)}</Badge>
            </dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("language.title")}</CardTitle>
          <CardDescription>{t("language.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <OwnLanguageForm language={user.language} firmLanguage={firmLanguage} options={languageOptions()} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("password.title")}</CardTitle>
          <CardDescription>{t("password.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm email={user.email} mustChangePassword={user.mustChangePassword} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("signInEmail.title")}</CardTitle>
          <CardDescription>
            {t.rich("signInEmail.description", {
              email: user.email,
              strong: (chunks) => <span className="font-medium break-all text-foreground">{chunks}</span>,
            })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <EmailChangeForm email={user.email} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("twoFactor.title")}</CardTitle>
          <CardDescription>{t("twoFactor.description")}</CardDescription>
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
            <CardTitle>{t("sessions.title")}</CardTitle>
            <CardDescription>{t("sessions.description")}</CardDescription>
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
            <CardTitle>{t("timesheetMails.title")}</CardTitle>
            <CardDescription>{t("timesheetMails.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <TimesheetNotificationsToggle enabled={await findTimesheetNotifications(getDb(), user.id)} />
          </CardContent>
        </Card>
      ) : null}
      {mayUseTokens ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("apiTokens.title")}</CardTitle>
            <CardDescription>
              {t.rich("apiTokens.description", {
                link: (chunks) => (
                  <Link href="/api/docs" className="font-medium text-foreground underline underline-offset-4">
                    {chunks}
                  </Link>
                ),
              })}
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
            <CardTitle>{t("everyonesTokens.title")}</CardTitle>
            <CardDescription>{t("everyonesTokens.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <ApiTokenTable rows={everyonesTokens} now={now} showOwner />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
