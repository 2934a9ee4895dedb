import type { Metadata } from "next";
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

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const viewer = await requirePagePermission("user.read");
  const db = getDb();
  const [users, settings] = await Promise.all([findUsers(db), getPageSettings()]);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Users"
        description="Who can sign in to Bureau, with which role and default hourly rate. Invite people: they choose their own password."
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
            <CardTitle>Two-factor sign-in</CardTitle>
            <CardDescription>
              Administrators and managers see what the firm earns and its clients&apos; data. Each person sets it up
              from My account.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <TwoFactorPolicy required={settings.requireTwoFactorForManagers} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
