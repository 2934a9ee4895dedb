import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { notFound } from "next/navigation";
import { ArrowLeftIcon } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getDb } from "@/db/client";
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

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users.detail");
  return { title: t("title") };
}

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
  // tCost is read here, never by a browser hook: only those who may see costs get its words (decision 067).
  const [t, tRole, tCost, settings, history, twoFactor, viewerWords] = await Promise.all([
    getTranslations("users.detail"),
    getTranslations("users.role"),
    getTranslations("users.cost"),
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
          {t("back")}
        </Link>
      </div>
      <PageHeader
        title={user.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{user.email}</span>
            <Badge variant="neutral">{tRole(user.role)}</Badge>
            {user.active ? (
              <Badge variant="success">{t("active")}</Badge>
            ) : (
              <Badge variant="danger">{t("deactivated")}</Badge>
            )}
            {user.invited ? <Badge variant="warning">{t("invitationPending")}</Badge> : null}
            {user.mustChangePassword ? <Badge variant="warning">{t("mustChoose")}</Badge> : null}
          </span>
        }
      />

      <Card>
        <CardHeader>
          <CardTitle>{t("details")}</CardTitle>
          <CardDescription>{t("detailsHelp")}</CardDescription>
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
            cost={
              can(viewer, "cost.read")
                ? { label: tCost("label"), help: tCost("help", { currency: settings.currency }) }
                : null
            }
            firmWeeklyMinutes={firmWeeklyMinutes(settings)}
          />
        </CardContent>
      </Card>

      {user.invited ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("invitation")}</CardTitle>
            <CardDescription>{t("invitationHelp", { name: user.name })}</CardDescription>
          </CardHeader>
          <CardContent>
            <InvitationActions userId={user.id} userName={user.name} active={user.active} />
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>{t("reset")}</CardTitle>
          <CardDescription>{t(isSelf ? "resetHelpSelf" : "resetHelp")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ResetPasswordForm userId={user.id} userName={user.name} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("twoFactor")}</CardTitle>
          <CardDescription>
            {twoFactor.since
              ? t("twoFactorOn", { since: formatDateTime(twoFactor.since, settings.locale, settings.timezone) })
              : t("twoFactorOff")}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {isSelf ? (
            <p className="text-sm text-muted-foreground">
              {t.rich("twoFactorSelf", {
                link: (chunks) => (
                  <Link href="/bo/account" className="text-primary underline underline-offset-4">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          ) : twoFactor.enabled ? (
            <>
              <p className="text-sm text-muted-foreground">{t("twoFactorLost", { name: user.name })}</p>
              <TurnOffTwoFactorDialog userId={user.id} userName={user.name} requiredForRole={twoFactorRequired} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              {t(twoFactorRequired ? "twoFactorAsked" : "twoFactorCan", { name: user.name })}
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("access")}</CardTitle>
        </CardHeader>
        <CardContent>
          <UserActiveToggle userId={user.id} userName={user.name} active={user.active} isSelf={isSelf} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("history")}</CardTitle>
          <CardDescription>
            {history.total > history.rows.length ? (
              <>
                {t("historyLatest", { shown: history.rows.length, total: history.total })}{" "}
                <Link href="/bo/audit?entity=user" className="text-primary underline underline-offset-4">
                  {t("openAudit")}
                </Link>
              </>
            ) : (
              t("historyHelp")
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {history.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("historyEmpty")}</p>
          ) : (
            <AuditHistoryList events={events} locale={settings.locale} timezone={settings.timezone} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
