import type { Metadata } from "next";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { type Role, ROLE_LABELS } from "@/modules/users/roles";
import { formatMoney } from "@/lib/money";
import { requirePagePermission } from "@/lib/session";
import { getPageSettings } from "@/modules/settings/page-settings";
import { CreateUserDialog } from "@/modules/users/components/create-user-form";
import { findUsers } from "@/modules/users/user-queries";

export const metadata: Metadata = { title: "Users" };

const ROLE_VARIANTS: Record<Role, BadgeVariant> = { admin: "info", manager: "secondary", staff: "neutral" };

export default async function UsersPage() {
  const viewer = await requirePagePermission("user.read");
  const db = getDb();
  const [users, settings] = await Promise.all([findUsers(db), getPageSettings()]);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Users"
        description="Who can sign in to Bureau, with which role and default hourly rate."
        actions={<CreateUserDialog currency={settings.currency} />}
      />
      <Table containerClassName="rounded-lg border max-h-[calc(100dvh-12rem)]">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead className="hidden md:table-cell">Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="hidden sm:table-cell">Status</TableHead>
            <TableHead className="hidden text-right sm:table-cell">Hourly rate</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} className={user.active ? undefined : "text-muted-foreground"}>
              <TableCell className="max-w-48 sm:max-w-none">
                <div className="truncate font-medium">
                  {user.name}
                  {user.id === viewer.id ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
                </div>
                {/* On small screens the hidden columns' essentials move under the name. */}
                <div className="truncate text-xs text-muted-foreground md:hidden">{user.email}</div>
                {user.active ? null : (
                  <Badge variant="danger" className="mt-1 sm:hidden">
                    Deactivated
                  </Badge>
                )}
              </TableCell>
              <TableCell className="hidden md:table-cell">{user.email}</TableCell>
              <TableCell>
                <Badge variant={ROLE_VARIANTS[user.role]}>{ROLE_LABELS[user.role]}</Badge>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                {user.active ? <Badge variant="success">Active</Badge> : <Badge variant="danger">Deactivated</Badge>}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {user.defaultHourlyRate === null ? (
                  <span className="text-muted-foreground">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">None</span>
                  </span>
                ) : (
                  formatMoney(user.defaultHourlyRate, settings.currency, settings.locale)
                )}
              </TableCell>
              <TableCell className="text-right">
                <Link
                  href={`/bo/users/${user.id}`}
                  className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  Edit<span className="sr-only"> {user.name}</span>
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
