import { NAV_ITEMS } from "@/components/shell/nav-items";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { UserBox } from "@/components/shell/user-box";
import { requireUser } from "@/lib/session";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";

export default async function ShellLayout({ children }: { children: React.ReactNode }) {
  // Only to show the user's name and sections: every page, action and route handler checks the
  // session, the permission and the forced password change itself (a layout is not a guard: an RSC
  // request for a page can skip it).
  const user = await requireUser();
  const settings = await getPageSettings();
  const items = NAV_ITEMS.filter((item) => item.permission === null || can(user, item.permission));
  return (
    <div className="flex min-h-dvh flex-col lg:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SidebarNav
        items={items}
        firmName={settings.firmName}
        footer={<UserBox name={user.name} email={user.email} role={user.role} />}
      />
      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-8">
        {children}
      </main>
    </div>
  );
}
