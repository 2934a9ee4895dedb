"use client";

import {
  Briefcase,
  BarChart3,
  Building2,
  Clock,
  FileSignature,
  FileText,
  History,
  Inbox,
  LayoutDashboard,
  Mail,
  Menu,
  Phone,
  Receipt,
  Repeat,
  Settings,
  UserRound,
  Users,
  X,
} from "lucide-react";
import Link from "@/components/app-link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { cn } from "@/lib/utils";
import type { NavItem } from "./nav-items";

const ICONS = {
  dashboard: LayoutDashboard,
  timesheets: Clock,
  invoices: FileText,
  calls: Phone,
  clients: Building2,
  users: Users,
  settings: Settings,
  audit: History,
  account: UserRound,
  outbox: Mail,
  jobs: Briefcase,
  messages: Inbox,
  reports: BarChart3,
  recurring: Repeat,
  expenses: Receipt,
  quotes: FileSignature,
} as const;

function isActive(pathname: string, href: string) {
  return href === "/bo" ? pathname === "/bo" : pathname === href || pathname.startsWith(`${href}/`);
}

/** The one section the page belongs to: the longest matching link (/bo/invoices/recurring is not "Invoices"). */
function activeHref(pathname: string, items: readonly NavItem[]): string | null {
  const matching = items.filter((item) => isActive(pathname, item.href));
  return matching.reduce<string | null>(
    (best, item) => (best && best.length >= item.href.length ? best : item.href),
    null,
  );
}

function NavLinks({
  items,
  pathname,
  onNavigate,
}: {
  items: readonly NavItem[];
  pathname: string;
  onNavigate?: () => void;
}) {
  const current = activeHref(pathname, items);
  return (
    <ul className="grid gap-1">
      {items.map((item) => {
        const Icon = ICONS[item.icon];
        const active = item.href === current;
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                active
                  ? "bg-accent text-accent-foreground"
                  : "text-muted-foreground hover:bg-muted hover:text-foreground",
              )}
            >
              <Icon aria-hidden className="size-4" />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The sidebar on wide screens; on narrow ones a "Menu" button opens the same links. */
export function SidebarNav({
  items,
  firmName,
  footer,
}: {
  items: readonly NavItem[];
  firmName: string;
  footer: React.ReactNode;
}) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const t = useTranslations("common");

  return (
    <>
      <div className="flex items-center justify-between border-b px-4 py-3 lg:hidden">
        <Link href="/bo" className="font-semibold tracking-tight">
          {firmName}
        </Link>
        <button
          type="button"
          className="inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-expanded={open}
          aria-controls="mobile-nav"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden className="size-4" /> : <Menu aria-hidden className="size-4" />}
          {t("menu")}
        </button>
      </div>
      {open ? (
        <nav id="mobile-nav" aria-label={t("backOffice")} className="border-b px-3 py-3 lg:hidden">
          <NavLinks items={items} pathname={pathname} onNavigate={() => setOpen(false)} />
          <div className="mt-3 border-t pt-3">{footer}</div>
        </nav>
      ) : null}
      <aside className="hidden w-60 shrink-0 flex-col border-r bg-muted/30 lg:flex">
        <div className="px-5 py-4">
          <Link href="/bo" className="font-semibold tracking-tight">
            {firmName}
          </Link>
          <p className="text-xs text-muted-foreground">{t("backOfficeTagline")}</p>
        </div>
        <nav aria-label={t("backOffice")} className="flex-1 px-3">
          <NavLinks items={items} pathname={pathname} />
        </nav>
        <div className="border-t p-3">{footer}</div>
      </aside>
    </>
  );
}
