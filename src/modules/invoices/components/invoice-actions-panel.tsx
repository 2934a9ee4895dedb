"use client";

import dynamic from "next/dynamic";
import {
  CopyIcon,
  FileDownIcon,
  FileMinusIcon,
  PencilIcon,
  SendIcon,
  StampIcon,
  Trash2Icon,
  WalletIcon,
} from "lucide-react";
import Link from "@/components/app-link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmAction } from "@/components/confirm-action";
import { useLazyDialog } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import {
  createCreditNoteAction,
  deleteInvoiceAction,
  deletePaymentAction,
  duplicateInvoiceAction,
  issueInvoiceAction,
  markInvoiceSentAction,
} from "../invoice-actions";

/**
 * The payment form loads on first use (decision 072), as the confirmations do (ConfirmAction):
 * an invoice's page no longer sends Radix's dialog, react-hook-form, the payment schema and zod
 * with its first load.
 */
const loadPaymentDialog = () => import("./payment-dialog");
const PaymentDialog = dynamic(() => loadPaymentDialog().then((module) => module.PaymentDialog), { ssr: false });

export type AllowedActions = {
  edit: boolean;
  delete: boolean;
  issue: boolean;
  markSent: boolean;
  pay: boolean;
  credit: boolean;
  creditFull: boolean;
  duplicate: boolean;
};

export type InvoiceActionsProps = {
  invoice: {
    id: string;
    version: number;
    kind: "invoice" | "credit_note";
    number: string | null;
    balanceText: string;
    balanceInput: string;
    currency: string;
    /** The date it is issued with, written out ("27 November 2026"). */
    issueDateText: string;
  };
  allowed: AllowedActions;
  today: string;
};

type Props = InvoiceActionsProps;

function PaymentButton({ invoice, today }: Pick<Props, "invoice" | "today">) {
  const t = useTranslations("invoices.payment");
  const payment = useLazyDialog(loadPaymentDialog);
  return (
    <>
      <Button type="button" {...payment.button}>
        <WalletIcon aria-hidden="true" /> {t("open")}
      </Button>
      {payment.used ? (
        <PaymentDialog key={payment.opening} invoice={invoice} today={today} {...payment.dialog} />
      ) : null}
    </>
  );
}

export function InvoiceActionsPanel({ invoice, allowed, today }: Props) {
  const t = useTranslations("invoices.actions");
  const router = useRouter();
  const markSent = useAction();
  const duplicate = useAction();
  const [creditMode, setCreditMode] = useState<"full" | "partial">(allowed.creditFull ? "full" : "partial");
  const ref = { id: invoice.id, version: invoice.version };
  const kind = invoice.kind;

  return (
    <div className="flex flex-wrap items-center gap-2" data-print-hide="">
      {allowed.edit ? (
        <Button asChild variant="outline">
          <Link href={`/bo/invoices/edit/${invoice.id}`}>
            <PencilIcon aria-hidden="true" /> {t("edit")}
          </Link>
        </Button>
      ) : null}
      {allowed.issue ? (
        <ConfirmAction
          trigger={
            <Button type="button">
              <StampIcon aria-hidden="true" /> {t("issue")}
            </Button>
          }
          title={t("issueTitle", { kind })}
          description={t("issueText", { kind, date: invoice.issueDateText })}
          confirmLabel={t("issueConfirm", { kind })}
          run={() => issueInvoiceAction(ref)}
          options={{ success: ({ number }) => t("issuedAs", { number: number ?? "" }) }}
        />
      ) : null}
      <Button asChild variant="outline">
        <a href={`/bo/invoices/${invoice.id}/pdf?download=1`} download>
          <FileDownIcon aria-hidden="true" /> {t("downloadPdf")}
        </a>
      </Button>
      {allowed.pay ? <PaymentButton invoice={invoice} today={today} /> : null}
      {allowed.markSent ? (
        <Button
          type="button"
          variant="outline"
          disabled={markSent.pending}
          onClick={() => void markSent.run(() => markInvoiceSentAction(ref), { errorToast: true })}
        >
          <SendIcon aria-hidden="true" /> {t("markSent")}
        </Button>
      ) : null}
      {allowed.credit ? (
        <ConfirmAction
          trigger={
            <Button type="button" variant="outline">
              <FileMinusIcon aria-hidden="true" /> {t("creditNote")}
            </Button>
          }
          title={t("creditTitle")}
          description={t("creditText")}
          confirmLabel={creditMode === "full" ? t("creditFullConfirm") : t("creditPartialConfirm")}
          destructive={creditMode === "full"}
          run={() => createCreditNoteAction({ invoiceId: invoice.id, mode: creditMode })}
          options={{
            success: ({ status, number }) =>
              status === "draft" ? t("creditDraftCreated") : t("creditIssued", { number: number ?? "" }),
            // A draft opens for editing; an issued one changes this page.
            refresh: false,
            onSuccess: ({ status, id }) =>
              status === "draft" ? router.push(`/bo/invoices/edit/${id}`) : router.refresh(),
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t("creditKind")}</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="credit-mode"
                value="full"
                checked={creditMode === "full"}
                disabled={!allowed.creditFull}
                onChange={() => setCreditMode("full")}
                className="mt-1 accent-primary"
              />
              <span>
                {t("creditFull")}
                {allowed.creditFull ? "" : ` ${t("creditFullUnavailable")}`}
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="credit-mode"
                value="partial"
                checked={creditMode === "partial"}
                onChange={() => setCreditMode("partial")}
                className="mt-1 accent-primary"
              />
              <span>{t("creditPartial")}</span>
            </label>
          </fieldset>
        </ConfirmAction>
      ) : null}
      {allowed.duplicate ? (
        <Button
          type="button"
          variant="outline"
          disabled={duplicate.pending}
          onClick={() =>
            void duplicate.run(() => duplicateInvoiceAction({ id: invoice.id }), {
              success: t("duplicated"),
              errorToast: true,
              refresh: false,
              onSuccess: ({ id }) => router.push(`/bo/invoices/edit/${id}`),
            })
          }
        >
          <CopyIcon aria-hidden="true" /> {t("duplicate")}
        </Button>
      ) : null}
      {allowed.delete ? (
        <ConfirmAction
          trigger={
            <Button type="button" variant="outline" className="text-destructive">
              <Trash2Icon aria-hidden="true" /> {t("deleteDraft")}
            </Button>
          }
          title={t("deleteTitle")}
          description={t("deleteText")}
          confirmLabel={t("deleteDraft")}
          destructive
          run={() => deleteInvoiceAction(ref)}
          options={{ success: "Draft deleted.", refresh: false, onSuccess: () => router.push("/bo/invoices") }}
        />
      ) : null}
    </div>
  );
}

/** Admins only: removes a payment entered by mistake; the balance and status move back. */
export function DeletePaymentButton({ paymentId, label }: { paymentId: string; label: string }) {
  const t = useTranslations("invoices.payment");
  return (
    <ConfirmAction
      trigger={
        <Button type="button" variant="ghost" size="sm" className="text-destructive">
          <Trash2Icon aria-hidden="true" /> {t("delete")}
          <span className="sr-only"> {t("deleteOf", { amount: label })}</span>
        </Button>
      }
      title={t("deleteTitle")}
      description={t("deleteText", { amount: label })}
      confirmLabel={t("deleteConfirm")}
      destructive
      run={() => deletePaymentAction({ paymentId })}
      options={{ success: "Payment deleted." }}
    />
  );
}
