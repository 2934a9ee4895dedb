import { useTranslations } from "next-intl";

/** Who a mail comes from and where an answer to it goes (Settings → Mail), shown before it is sent. */
export function MailSenderFacts({ from, replyTo }: { from: string; replyTo: string | null }) {
  const t = useTranslations("mail.senderFacts");
  return (
    <dl className="grid gap-1 rounded-md bg-muted px-3 py-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
      <dt className="font-medium">{t("from")}</dt>
      <dd className="break-words" data-testid="mail-from">
        {from}
      </dd>
      <dt className="font-medium">{t("replyTo")}</dt>
      <dd className="break-words" data-testid="mail-reply-to">
        {replyTo ?? t("noReplyTo")}
      </dd>
    </dl>
  );
}
