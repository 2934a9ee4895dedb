import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { languageOptions } from "@/i18n/catalogs";

/**
 * The public site's language switcher: each language by its own name, a plain link to
 * /language that remembers the choice in a cookie and comes back to this page (no JavaScript
 * needed). The page's own language is shown, not linked.
 */
export async function LanguageSwitcher() {
  const t = await getTranslations("site.language");
  const current = await getLocale();
  const path = (await headers()).get("x-bureau-path") ?? "/";
  return (
    <nav aria-label={t("label")}>
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {languageOptions().map((option) => (
          <li key={option.code} lang={option.code}>
            {option.code === current ? (
              <span aria-current="true" className="font-medium text-foreground">
                {option.name}
              </span>
            ) : (
              <a
                href={`/language?${new URLSearchParams({ to: option.code, next: path })}`}
                hrefLang={option.code}
                rel="nofollow"
                className="underline-offset-4 hover:underline"
              >
                {option.name}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
