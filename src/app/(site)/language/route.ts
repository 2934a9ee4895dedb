// GET /language?to=de&next=/jobs: the public site's language switcher (decision 067). Each language
// in the footer is a plain link here; the choice is kept in a cookie for a year and the browser
// goes back to the page it was on, now in that language. Works without JavaScript. A language
// Bureau has no catalog for changes nothing; `next` is a same-site path only (no open redirect).
import { isAvailableLanguage } from "@/i18n/catalogs";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from "@/i18n/language-cookie";
import { safeNextPath } from "@/lib/request";

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const language = url.searchParams.get("to");
  const location = safeNextPath(url.searchParams.get("next"), "/");
  const headers = new Headers({ location, "cache-control": "no-store" });
  if (isAvailableLanguage(language)) {
    const secure = url.protocol === "https:" ? "; Secure" : "";
    headers.append(
      "set-cookie",
      `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`,
    );
  }
  return new Response(null, { status: 303, headers });
}
