"use client";

// What a quote's state allows (decision 064): edit, send or mark as sent, delete a draft; record
// the client's answer; make a new version; convert an accepted quote to a draft invoice.
import {
  CheckIcon,
  CopyPlusIcon,
  FileDownIcon,
  FileTextIcon,
  MailIcon,
  PencilIcon,
  SendIcon,
  Trash2Icon,
  XIcon,
} from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { ConfirmAction } from "@/components/confirm-action";
import {
  convertQuoteAction,
  decideQuoteAction,
  deleteQuoteAction,
  reviseQuoteAction,
  sendQuoteAction,
} from "../quote-actions";
import type { QuoteDisplayStatus } from "../quote-rules";

type Props = {
  quote: { id: string; version: number; number: string | null; invoiceId: string | null; hasNewerVersion: boolean };
  status: QuoteDisplayStatus;
  /** The client's billing email, where "Send by mail" sends it; null: it can only be marked as sent. */
  billingEmail: string | null;
  /** The mail will carry a client link to accept online (Settings → Client links). */
  mailCarriesLink: boolean;
};

export function QuoteActionsPanel({ quote, status, billingEmail, mailCarriesLink }: Props) {
  const t = useTranslations("quotes.actions");
  const router = useRouter();
  const action = useAction();
  const ref = { id: quote.id, version: quote.version };
  const decide = (decision: "accept" | "decline") =>
    void action.run(() => decideQuoteAction({ ...ref, decision }), { errorToast: false });
  const canRevise = (status === "sent" || status === "expired" || status === "declined") && !quote.hasNewerVersion;
  return (
    <div className="grid gap-2">
      <FormError {...action.formError} />
      <div className="flex flex-wrap gap-2">
        {status === "draft" ? (
          <>
            {billingEmail ? (
              <ConfirmAction
                trigger={
                  <Button type="button">
                    <MailIcon aria-hidden="true" /> {t("sendByMail")}
                  </Button>
                }
                title={t("sendTitle")}
                description={t(mailCarriesLink ? "sendTextWithLink" : "sendText", { email: billingEmail })}
                confirmLabel={t("sendConfirm")}
                run={() => sendQuoteAction({ ...ref, email: true })}
              />
            ) : null}
            <ConfirmAction
              trigger={
                <Button type="button" variant={billingEmail ? "outline" : "default"}>
                  <SendIcon aria-hidden="true" /> {t("markSent")}
                </Button>
              }
              title={t("markSentTitle")}
              description={t("markSentText")}
              confirmLabel={t("markSent")}
              run={() => sendQuoteAction({ ...ref, email: false })}
            />
            <Button asChild variant="outline">
              <Link href={`/bo/quotes/${quote.id}/edit`}>
                <PencilIcon aria-hidden="true" /> {t("edit")}
              </Link>
            </Button>
            <ConfirmAction
              trigger={
                <Button type="button" variant="outline">
                  <Trash2Icon aria-hidden="true" /> {t("delete")}
                </Button>
              }
              title={t("deleteTitle")}
              description={t("deleteText")}
              confirmLabel={t("deleteConfirm")}
              destructive
              run={() => deleteQuoteAction(ref)}
              options={{ refresh: false, onSuccess: () => router.push("/bo/quotes") }}
            />
          </>
        ) : null}
        {status === "sent" ? (
          <>
            <Button type="button" disabled={action.pending} onClick={() => decide("accept")}>
              <CheckIcon aria-hidden="true" /> {t("accepted")}
            </Button>
            <Button type="button" variant="outline" disabled={action.pending} onClick={() => decide("decline")}>
              <XIcon aria-hidden="true" /> {t("declined")}
            </Button>
          </>
        ) : null}
        {status === "accepted" && !quote.invoiceId ? (
          <ConfirmAction
            trigger={
              <Button type="button">
                <FileTextIcon aria-hidden="true" /> {t("convert")}
              </Button>
            }
            title={t("convertTitle")}
            description={t("convertText")}
            confirmLabel={t("convertConfirm")}
            run={() => convertQuoteAction(ref)}
            options={{ refresh: false, onSuccess: ({ invoiceId }) => router.push(`/bo/invoices/${invoiceId}`) }}
          />
        ) : null}
        <Button asChild variant="outline">
          <a href={`/bo/quotes/${quote.id}/pdf?download=1`} download>
            <FileDownIcon aria-hidden="true" /> {t("downloadPdf")}
          </a>
        </Button>
        {quote.invoiceId ? (
          <Button asChild variant="outline">
            <Link href={`/bo/invoices/${quote.invoiceId}`}>
              <FileTextIcon aria-hidden="true" /> {t("openInvoice")}
            </Link>
          </Button>
        ) : null}
        {canRevise ? (
          <Button
            type="button"
            variant="outline"
            disabled={action.pending}
            onClick={() =>
              void action.run(() => reviseQuoteAction(ref), {
                refresh: false,
                onSuccess: ({ id }) => router.push(`/bo/quotes/${id}/edit`),
              })
            }
          >
            <CopyPlusIcon aria-hidden="true" /> {t("newVersion")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
