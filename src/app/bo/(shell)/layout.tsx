import { getTranslations } from "next-intl/server";
import { NAV_ITEMS } from "@/components/shell/nav-items";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { UserBox } from "@/components/shell/user-box";
import { requireUser } from "@/lib/session";
import { getDb } from "@/db/client";
import { getPageSettings } from "@/modules/settings/page-settings";
import { TimerControl } from "@/modules/timesheets/components/timer-control";
import { getRunningTimer } from "@/modules/timesheets/timer-queries";
import { can } from "@/modules/users/permissions";

export default async function ShellLayout({ children }: { children: React.ReactNode }) {
  // Only to show the user's name and sections: every page, action and route handler checks the
  // session, the permission and the forced password change itself (a layout is not a guard: an RSC
  // request for a page can skip it).
  const user = await requireUser();
  const settings = await getPageSettings();
  const timer = can(user, "timesheet.edit") ? await getRunningTimer(getDb(), user.id, settings.timezone) : null;
  const t = await getTranslations("common");
  const items = NAV_ITEMS.filter((item) => item.permission === null || can(user, item.permission)).map((item) => ({
    ...item,
    label: t(`nav.${item.icon}`),
  }));
  return (
    <div className="flex min-h-dvh flex-col lg:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <SidebarNav
        items={items}
        firmName={settings.firmName}
        footer={<UserBox name={user.name} email={user.email} role={user.role} />}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        {can(user, "timesheet.edit") ? (
          <div className="border-b px-4 py-2 sm:px-8">
            <TimerControl initial={timer} locale={settings.locale} />
          </div>
        ) : null}
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
