// POST /language: the public site's language switcher (decision 067). A plain form posts the
// language and the page it was on; the choice is kept in a cookie for a year and the browser goes
// back to that page, now in the chosen language. Works without JavaScript.
import { isAvailableLanguage } from "@/i18n/catalogs";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from "@/i18n/language-cookie";
import { safeNextPath } from "@/lib/request";

export async function POST(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const language = form?.get("language");
  const back = form?.get("next");
  const location = safeNextPath(typeof back === "string" ? back : null, "/");
  const headers = new Headers({ location, "cache-control": "no-store" });
  if (isAvailableLanguage(language)) {
    const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
    headers.append(
      "set-cookie",
      `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`,
    );
  }
  return new Response(null, { status: 303, headers });
}
