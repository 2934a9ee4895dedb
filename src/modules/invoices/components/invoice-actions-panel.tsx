"use client";

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
import { FormError } from "@/components/form-error";
import { ChoiceField } from "@/components/choice-field";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { type RunOptions, useAction, useActionForm } from "@/components/use-action-form";
import type { ActionResult } from "@/lib/action";
import {
  createCreditNoteAction,
  deleteInvoiceAction,
  deletePaymentAction,
  duplicateInvoiceAction,
  issueInvoiceAction,
  markInvoiceSentAction,
  recordPaymentAction,
} from "../invoice-actions";
import { PAYMENT_METHODS, type RecordPaymentInput, recordPaymentInput } from "../invoice-schemas";

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

type Props = {
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

/** A confirmation dialog that runs one action and says what cannot be undone. */
export function ConfirmAction<T>({
  trigger,
  title,
  description,
  confirmLabel,
  destructive,
  run,
  options = {},
  children,
}: {
  trigger: React.ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  run: () => Promise<ActionResult<T>>;
  /** What a success says and does once the dialog has closed. */
  options?: RunOptions<T>;
  children?: React.ReactNode;
}) {
  const t = useTranslations("invoices.actions");
  const [open, setOpen] = useState(false);
  const action = useAction();
  const busy = action.pending;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        action.clearError();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <FormError {...action.formError} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button
            type="button"
            variant={destructive ? "destructive" : "default"}
            disabled={busy}
            onClick={() =>
              void action.run(run, {
                ...options,
                onSuccess: (data) => {
                  setOpen(false);
                  options.onSuccess?.(data);
                },
              })
            }
          >
            {busy ? t("working") : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PaymentDialog({ invoice, today }: Pick<Props, "invoice" | "today">) {
  const t = useTranslations("invoices.payment");
  const [open, setOpen] = useState(false);
  const { form, submit, formError, clearError } = useActionForm<RecordPaymentInput>({
    schema: recordPaymentInput,
    defaultValues: {
      invoiceId: invoice.id,
      amount: invoice.balanceInput,
      date: today,
      method: "bank_transfer",
      reference: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const methodLabels = Object.fromEntries(PAYMENT_METHODS.map((method) => [method, t(`methods.${method}`)])) as Record<
    (typeof PAYMENT_METHODS)[number],
    string
  >;
  const onSubmit = submit(recordPaymentAction, { success: "Payment recorded.", onSuccess: () => setOpen(false) });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        clearError();
        if (next)
          form.reset({
            invoiceId: invoice.id,
            amount: invoice.balanceInput,
            date: today,
            method: "bank_transfer",
            reference: "",
          });
      }}
    >
      <DialogTrigger asChild>
        <Button type="button">
          <WalletIcon aria-hidden="true" /> {t("open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description", { balance: invoice.balanceText })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormError {...formError} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t("amount", { currency: invoice.currency })}
              htmlFor="amount"
              error={errors.amount?.message}
              required
            >
              <Input
                {...fieldAria("amount", { error: errors.amount?.message })}
                {...form.register("amount")}
                inputMode="decimal"
                className="text-right tabular-nums"
                required
              />
            </FormField>
            <FormField label={t("date")} htmlFor="date" error={errors.date?.message} required>
              <Input
                type="date"
                max={today}
                {...fieldAria("date", { error: errors.date?.message })}
                {...form.register("date")}
                required
              />
            </FormField>
            <ChoiceField
              label={t("method")}
              field={form.register("method")}
              error={errors.method?.message}
              choices={PAYMENT_METHODS}
              labels={methodLabels}
              required
            />
            <FormField label={t("reference")} htmlFor="reference" error={errors.reference?.message}>
              <Input
                {...fieldAria("reference", { error: errors.reference?.message })}
                {...form.register("reference")}
                maxLength={200}
              />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t("saving") : t("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
      {allowed.pay ? <PaymentDialog invoice={invoice} today={today} /> : null}
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
