import Link from "@/components/app-link";
import { getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/modules/public-site/components/language-switcher";
import { getPageSettings } from "@/modules/settings/page-settings";

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const settings = await getPageSettings();
  const t = await getTranslations("site.layout");
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <nav
          aria-label={t("mainNavigation")}
          className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-6 py-4"
        >
          <Link href="/" className="text-lg font-semibold tracking-tight">
            {settings.firmName}
          </Link>
          <ul className="flex items-center gap-5 text-sm font-medium">
            <li>
              <Link className="hover:underline" href="/jobs">
                {t("jobs")}
              </Link>
            </li>
            <li>
              <Link className="hover:underline" href="/mail">
                {t("contact")}
              </Link>
            </li>
          </ul>
        </nav>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-6 py-6 text-sm text-muted-foreground">
          <p>
            {t("copyright", { year: String(new Date().getFullYear()), firm: settings.firmName })}
            {settings.city ? ` · ${settings.city}` : ""}
          </p>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <li>
              <Link className="text-muted-foreground underline-offset-4 hover:underline" href="/legal">
                {t("legalNotice")}
              </Link>
            </li>
            <li>
              <Link className="text-muted-foreground underline-offset-4 hover:underline" href="/privacy">
                {t("privacy")}
              </Link>
            </li>
            <li>
              <Link className="text-muted-foreground underline-offset-4 hover:underline" href="/bo">
                {t("backOffice")}
              </Link>
            </li>
          </ul>
          <LanguageSwitcher />
        </div>
      </footer>
    </div>
  );
}
