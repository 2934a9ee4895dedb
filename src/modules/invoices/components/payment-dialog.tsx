"use client";
// Recording a payment: the dialog of the invoice page's "Record payment", loaded on first use
// (invoice-actions-panel.tsx, decision 072).

import { useTranslations } from "next-intl";
import { ChoiceField } from "@/components/choice-field";
import { DialogFrame } from "@/components/dialog-frame";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import type { LazyDialogProps } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/use-action-form";
import { recordPaymentAction } from "../invoice-actions";
import { PAYMENT_METHODS, type RecordPaymentInput, recordPaymentInput } from "../invoice-schemas";
import type { InvoiceActionsProps } from "./invoice-actions-panel";

/** Mounted anew at each opening (its key): it starts from the balance as the page shows it then. */
export function PaymentDialog({
  invoice,
  today,
  ...dialog
}: Pick<InvoiceActionsProps, "invoice" | "today"> & LazyDialogProps) {
  const t = useTranslations("invoices.payment");
  const { form, submit, formError } = useActionForm<RecordPaymentInput>({
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
  const close = () => dialog.onOpenChange(false);
  const onSubmit = submit(recordPaymentAction, { success: "Payment recorded.", onSuccess: close });
  return (
    <DialogFrame {...dialog} title={t("title")} description={t("description", { balance: invoice.balanceText })}>
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
          <Button type="button" variant="outline" onClick={close}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t("saving") : t("save")}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}
