import Link from "@/components/app-link";
import { getPageSettings } from "@/modules/settings/page-settings";

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const settings = await getPageSettings();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-6 py-4"
        >
          <Link href="/" className="text-lg font-semibold tracking-tight">
            {settings.firmName}
          </Link>
          <ul className="flex items-center gap-5 text-sm font-medium">
            <li>
              <Link className="hover:underline" href="/jobs">
                Jobs
              </Link>
            </li>
            <li>
              <Link className="hover:underline" href="/mail">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-6 py-6 text-sm text-muted-foreground">
          <p>
            © {new Date().getFullYear()} {settings.firmName}
            {settings.city ? ` · ${settings.city}` : ""}
          </p>
          <Link className="text-muted-foreground hover:underline" href="/bo">
            Back office
          </Link>
        </div>
      </footer>
    </div>
  );
}
