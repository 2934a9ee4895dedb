import { redirect } from "next/navigation";
import { NAV_ITEMS } from "@/components/shell/nav-items";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { UserBox } from "@/components/shell/user-box";
import { currentPath, requireUser } from "@/lib/session";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";

export default async function ShellLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  // A generated or reset password must be replaced before anything else.
  if (user.mustChangePassword && !(await currentPath()).startsWith("/bo/account")) redirect("/bo/account?required=1");
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
