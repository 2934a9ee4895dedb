import { useTranslations } from "next-intl";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "../form-fields";

/**
 * The signed "page loaded at" token and the honeypot. The honeypot is off-screen, out of the tab
 * order and hidden from assistive technology: only a bot filling every field fills it.
 */
export function AntiSpamFields({ formToken }: { formToken: string }) {
  const t = useTranslations("site.antiSpam");
  return (
    <>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`${HONEYPOT_FIELD}-field`}>{t("honeypot")}</label>
        <input
          id={`${HONEYPOT_FIELD}-field`}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
