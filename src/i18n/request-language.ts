import "server-only";
// The language of the page being rendered, for <html lang>, next-intl and the texts of actions
// (decisions 061, 067). In the back office, a signed-in person's own language, else the firm's; on
// the public site and the sign-in pages, the language picked with the switcher (a cookie), else the
// browser's Accept-Language, else the firm's. Always a language Bureau has a catalog for. The
// proxy passes the path in x-bureau-path.
import { cookies, headers } from "next/headers";
import { getLogger } from "@/lib/logger";
import { getCurrentUser } from "@/lib/session";
import { getFirmSettings } from "@/modules/settings/page-settings";
import { availableLanguages, isAvailableLanguage, REFERENCE_LANGUAGE } from "./catalogs";
import { negotiateLanguage } from "./negotiate";
import { LANGUAGE_COOKIE } from "./language-cookie";

async function firmLanguage(): Promise<string> {
  try {
    const { documentLanguage } = await getFirmSettings();
    return isAvailableLanguage(documentLanguage) ? documentLanguage : REFERENCE_LANGUAGE;
  } catch (error) {
    // The page itself reports a database that does not answer; its language is no reason to fail.
    getLogger().warn({ err: error }, "request language: settings unreadable, English used");
    return REFERENCE_LANGUAGE;
  }
}

function isSignedInArea(path: string): boolean {
  const inBackOffice = path === "/bo" || path.startsWith("/bo/") || path.startsWith("/bo?");
  const isSignIn = path === "/bo/login" || path.startsWith("/bo/login/") || path.startsWith("/bo/login?");
  return inBackOffice && !isSignIn;
}

export async function requestLanguage(): Promise<string> {
  const requestHeaders = await headers();
  const path = requestHeaders.get("x-bureau-path") ?? "/";
  if (isSignedInArea(path)) {
    const user = await getCurrentUser().catch(() => null);
    if (user?.language && isAvailableLanguage(user.language)) return user.language;
    return firmLanguage();
  }
  const chosen = (await cookies()).get(LANGUAGE_COOKIE)?.value;
  if (chosen && isAvailableLanguage(chosen)) return chosen;
  return negotiateLanguage(requestHeaders.get("accept-language"), availableLanguages()) ?? firmLanguage();
}
