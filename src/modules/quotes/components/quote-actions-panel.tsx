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
import Link from "@/components/app-link";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action-form";
import { ConfirmAction } from "@/modules/invoices/components/invoice-actions-panel";
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
                    <MailIcon aria-hidden="true" /> Send by mail
                  </Button>
                }
                title="Send this quote?"
                description={`It takes the next quote number and is mailed to ${billingEmail} with its PDF${mailCarriesLink ? " and a link to accept it online" : ""}. A sent quote cannot be changed: to change it later, you make a new version.`}
                confirmLabel="Send quote"
                run={() => sendQuoteAction({ ...ref, email: true })}
              />
            ) : null}
            <ConfirmAction
              trigger={
                <Button type="button" variant={billingEmail ? "outline" : "default"}>
                  <SendIcon aria-hidden="true" /> Mark as sent
                </Button>
              }
              title="Mark this quote as sent?"
              description="It takes the next quote number without being mailed (you give it to the client yourself). A sent quote cannot be changed: to change it later, you make a new version."
              confirmLabel="Mark as sent"
              run={() => sendQuoteAction({ ...ref, email: false })}
            />
            <Button asChild variant="outline">
              <Link href={`/bo/quotes/${quote.id}/edit`}>
                <PencilIcon aria-hidden="true" /> Edit
              </Link>
            </Button>
            <ConfirmAction
              trigger={
                <Button type="button" variant="outline">
                  <Trash2Icon aria-hidden="true" /> Delete
                </Button>
              }
              title="Delete this draft quote?"
              description="The draft and its lines are deleted. This cannot be undone."
              confirmLabel="Delete draft"
              destructive
              run={() => deleteQuoteAction(ref)}
              options={{ refresh: false, onSuccess: () => router.push("/bo/quotes") }}
            />
          </>
        ) : null}
        {status === "sent" ? (
          <>
            <Button type="button" disabled={action.pending} onClick={() => decide("accept")}>
              <CheckIcon aria-hidden="true" /> Client accepted
            </Button>
            <Button type="button" variant="outline" disabled={action.pending} onClick={() => decide("decline")}>
              <XIcon aria-hidden="true" /> Client declined
            </Button>
          </>
        ) : null}
        {status === "accepted" && !quote.invoiceId ? (
          <ConfirmAction
            trigger={
              <Button type="button">
                <FileTextIcon aria-hidden="true" /> Convert to invoice
              </Button>
            }
            title="Make a draft invoice from this quote?"
            description="A draft invoice with the quote's lines is made, dated today and due after the client's payment terms. You can check it, then issue it."
            confirmLabel="Make draft invoice"
            run={() => convertQuoteAction(ref)}
            options={{ refresh: false, onSuccess: ({ invoiceId }) => router.push(`/bo/invoices/${invoiceId}`) }}
          />
        ) : null}
        <Button asChild variant="outline">
          <a href={`/bo/quotes/${quote.id}/pdf?download=1`} download>
            <FileDownIcon aria-hidden="true" /> Download PDF
          </a>
        </Button>
        {quote.invoiceId ? (
          <Button asChild variant="outline">
            <Link href={`/bo/invoices/${quote.invoiceId}`}>
              <FileTextIcon aria-hidden="true" /> Open the invoice
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
            <CopyPlusIcon aria-hidden="true" /> New version
          </Button>
        ) : null}
      </div>
    </div>
  );
}
