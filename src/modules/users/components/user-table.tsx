import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney } from "@/lib/money";
import type { Role } from "../roles";
import type { findUsers } from "../user-queries";

const ROLE_VARIANTS: Record<Role, BadgeVariant> = { admin: "info", manager: "secondary", staff: "neutral" };

type UserRow = Awaited<ReturnType<typeof findUsers>>[number];

/** Everyone who can sign in, active first; the viewer's own row says "(you)". */
export function UserTable({
  users,
  viewerId,
  firm,
}: {
  users: UserRow[];
  viewerId: string;
  firm: { currency: string; locale: string };
}) {
  const t = useTranslations("users.list");
  const tRole = useTranslations("users.role");
  return (
    <Table containerClassName="rounded-lg border max-h-[calc(100dvh-12rem)]">
      <TableHeader>
        <TableRow>
          <TableHead>{t("name")}</TableHead>
          <TableHead from="md">{t("email")}</TableHead>
          <TableHead>{t("role")}</TableHead>
          <TableHead from="sm">{t("status")}</TableHead>
          <TableHead figure from="sm">
            {t("rate")}
          </TableHead>
          <TableHead className="text-right">
            <span className="sr-only">{t("actions")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} className={user.active ? undefined : "text-muted-foreground"}>
            <TableCell>
              <div className="font-medium">
                {user.name}
                {user.id === viewerId ? <span className="font-normal text-muted-foreground"> {t("you")}</span> : null}
              </div>
              {/* On small screens the hidden columns' essentials move under the name. */}
              <div className="text-xs text-muted-foreground md:hidden">{user.email}</div>
              {user.active ? null : (
                <Badge variant="danger" className="mt-1 sm:hidden">
                  {t("deactivated")}
                </Badge>
              )}
            </TableCell>
            <TableCell from="md">{user.email}</TableCell>
            <TableCell>
              <Badge variant={ROLE_VARIANTS[user.role]}>{tRole(user.role)}</Badge>
            </TableCell>
            <TableCell from="sm">
              {!user.active ? (
                <Badge variant="danger">{t("deactivated")}</Badge>
              ) : user.invited ? (
                <Badge variant="warning">{t("invited")}</Badge>
              ) : (
                <Badge variant="success">{t("active")}</Badge>
              )}
            </TableCell>
            <TableCell figure from="sm">
              {user.defaultHourlyRate === null ? (
                <span className="text-muted-foreground">
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{t("none")}</span>
                </span>
              ) : (
                formatMoney(user.defaultHourlyRate, firm.currency, firm.locale)
              )}
            </TableCell>
            <TableCell className="text-right">
              <Link
                href={`/bo/users/${user.id}`}
                className="rounded-sm font-medium whitespace-nowrap text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {t("edit")}
                <span className="sr-only"> {user.name}</span>
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
