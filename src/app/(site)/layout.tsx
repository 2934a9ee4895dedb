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
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <li>
              <Link className="text-muted-foreground underline-offset-4 hover:underline" href="/legal">
                Legal notice
              </Link>
            </li>
            <li>
              <Link className="text-muted-foreground underline-offset-4 hover:underline" href="/privacy">
                Privacy
              </Link>
            </li>
            <li>
              <Link className="text-muted-foreground underline-offset-4 hover:underline" href="/bo">
                Back office
              </Link>
            </li>
          </ul>
        </div>
      </footer>
    </div>
  );
}
