import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { languageOptions } from "@/i18n/catalogs";

/**
 * The public site's language switcher: a plain form to POST /language, which remembers the choice
 * in a cookie and comes back to this page; it needs no JavaScript. Each language is named in itself.
 */
export async function LanguageSwitcher() {
  const t = await getTranslations("site.language");
  const current = await getLocale();
  const path = (await headers()).get("x-bureau-path") ?? "/";
  return (
    <form method="post" action="/language" className="flex items-center gap-2">
      <input type="hidden" name="next" value={path} />
      <label htmlFor="site-language" className="sr-only">
        {t("label")}
      </label>
      <NativeSelect
        id="site-language"
        name="language"
        defaultValue={current}
        containerClassName="w-auto"
        className="h-8 text-sm"
      >
        {languageOptions().map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline">
        {t("submit")}
      </Button>
    </form>
  );
}
