import { LogOut } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { signOutAction } from "@/modules/auth/auth-actions";
import { useTranslations } from "next-intl";
import type { Role } from "@/modules/users/roles";

export function UserBox({ name, email, role }: { name: string; email: string; role: Role }) {
  const t = useTranslations("common");
  return (
    <div className="grid gap-2">
      <div className="min-w-0 px-2">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="truncate text-xs text-muted-foreground">{email}</p>
        <Badge variant="neutral" className="mt-1">
          {t(`roles.${role}`)}
        </Badge>
      </div>
      <form action={signOutAction}>
        <Button type="submit" variant="ghost" size="sm" className="w-full justify-start">
          <LogOut aria-hidden className="size-4" />
          {t("signOut")}
        </Button>
      </form>
    </div>
  );
}
