import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { requirePagePermission } from "@/lib/session";
import { getPageSettings } from "@/modules/settings/page-settings";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/modules/users/permissions";
import { TwoFactorPolicy } from "@/modules/auth/components/account-security";
import { InviteUserDialog } from "@/modules/auth/components/invite-user-form";
import { CreateUserDialog } from "@/modules/users/components/create-user-form";
import { UserTable } from "@/modules/users/components/user-table";
import { findUsers } from "@/modules/users/user-queries";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users.page");
  return { title: t("title") };
}

export default async function UsersPage() {
  const viewer = await requirePagePermission("user.read");
  const db = getDb();
  const [users, settings, t] = await Promise.all([findUsers(db), getPageSettings(), getTranslations("users.page")]);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <div className="flex flex-wrap gap-2">
            <InviteUserDialog />
            <CreateUserDialog currency={settings.currency} />
          </div>
        }
      />
      <UserTable users={users} viewerId={viewer.id} firm={settings} />
      {can(viewer, "settings.edit") ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("twoFactor")}</CardTitle>
            <CardDescription>{t("twoFactorHelp")}</CardDescription>
          </CardHeader>
          <CardContent>
            <TwoFactorPolicy required={settings.requireTwoFactorForManagers} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
