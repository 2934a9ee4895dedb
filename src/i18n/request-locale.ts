import "server-only";
// The locale of this request's language (decision 067): what a download made for a person (a CSV
// export) is written in, as the page it was asked from is.
import { interfaceLocaleOf } from "./document-language";
import { requestLanguage } from "./request-language";

/** The firm's locale for the firm's language, else the request language's own locale. */
export async function requestLocale(firm: { documentLanguage: string; locale: string }): Promise<string> {
  return interfaceLocaleOf(await requestLanguage(), firm);
}
