"use client";

// The quote form (decision 064): the client, how long the quote is valid, and the invoice form's
// own lines editor (InvoiceLinesCard) with its live totals by the one totals function.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useController } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/use-action-form";
import { ClientPicker } from "@/modules/clients/components/client-picker";
import { FixedLinesSections } from "@/modules/invoices/components/fixed-lines-sections";
import { PaymentMeansField } from "@/modules/invoices/components/payment-means-field";
import { useClientChoice } from "@/modules/invoices/components/use-client-choice";
import type { InvoiceFormClient } from "@/modules/invoices/invoice-form-queries";
import type { TaxRateChoice } from "@/modules/invoices/vat-categories";
import { createQuoteAction, updateQuoteAction } from "../quote-actions";
import { createQuoteInput, type QuoteFormInput, updateQuoteInput } from "../quote-schemas";

export type QuoteFormValues = QuoteFormInput & { id?: string; version?: number };

export function QuoteForm({
  initialValues,
  client,
  taxRates,
  locale,
  today,
}: {
  initialValues: QuoteFormValues;
  client: InvoiceFormClient | null;
  taxRates: TaxRateChoice[];
  locale: string;
  today: string;
}) {
  const t = useTranslations("quotes.form");
  const router = useRouter();
  const isEdit = Boolean(initialValues.id);
  const { form, submit, formError } = useActionForm<QuoteFormValues>({
    schema: isEdit ? updateQuoteInput : createQuoteInput,
    defaultValues: initialValues,
  });
  const { register, control, formState, setValue } = form;
  const { errors } = formState;
  const { field: clientField } = useController({ control, name: "clientId" });
  const { selectedClient, clientError, choose } = useClientChoice({
    initial: client,
    onPicked: clientField.onChange,
    onLoaded: (loaded) => {
      setValue("currency", loaded.currency, { shouldDirty: true });
      if (!form.getValues("buyerReference"))
        setValue("buyerReference", loaded.buyerReference ?? "", { shouldDirty: true });
    },
  });
  const save = submit((values) => (isEdit ? updateQuoteAction(values) : createQuoteAction(values)), {
    onSuccess: ({ id }) => router.push(`/bo/quotes/${id}`),
    refresh: false,
  });
  const fieldError = (name: keyof QuoteFormValues) => {
    const error = errors[name];
    return error && "message" in error ? (error.message as string | undefined) : undefined;
  };

  return (
    <form onSubmit={save} noValidate className="grid gap-6">
      <FormError {...formError} />
      <Card>
        <CardHeader>
          <CardTitle>{t("clientAndValidity")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FormField label={t("client")} htmlFor="clientId" error={fieldError("clientId")} required>
            <ClientPicker
              id="clientId"
              name="clientId"
              selected={client ? { id: client.id, name: client.name } : null}
              anyLabel={t("noClient")}
              placeholder={t("clientPlaceholder")}
              onChoose={(picked) => void choose(picked)}
              invalid={Boolean(fieldError("clientId"))}
              describedBy={fieldAria("clientId", { error: fieldError("clientId") })["aria-describedby"]}
              required
              inputRef={clientField.ref}
            />
          </FormField>
          <FormField
            label={t("validUntil")}
            htmlFor="validUntil"
            error={fieldError("validUntil")}
            required
            description={t("validUntilHint")}
          >
            <Input
              type="date"
              min={today}
              {...fieldAria("validUntil", { error: fieldError("validUntil"), description: true })}
              {...register("validUntil")}
              required
            />
          </FormField>
          <p className="text-sm text-muted-foreground md:col-span-2" aria-live="polite">
            {clientError ??
              (selectedClient ? t("quotedIn", { currency: selectedClient.currency }) : t("takesClientCurrency"))}
          </p>
          <PaymentMeansField registration={register("paymentMeans")} error={fieldError("paymentMeans")} />
          <FormField label={t("buyerReference")} htmlFor="buyerReference" error={fieldError("buyerReference")}>
            <Input
              {...fieldAria("buyerReference", { error: fieldError("buyerReference") })}
              {...register("buyerReference")}
              maxLength={100}
              autoComplete="off"
            />
          </FormField>
        </CardContent>
      </Card>

      <FixedLinesSections
        form={form}
        taxRates={taxRates}
        locale={locale}
        emptyText={t("noLines")}
        documentKind="quote"
        saveLabel={isEdit ? t("saveChanges") : t("saveDraft")}
      />
    </form>
  );
}
