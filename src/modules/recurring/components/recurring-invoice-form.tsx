"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useController, useWatch } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { PaymentMeansField } from "@/modules/invoices/components/payment-means-field";
import { useActionForm } from "@/components/use-action-form";
import { ClientPicker } from "@/modules/clients/components/client-picker";
import { FixedLinesSections } from "@/modules/invoices/components/fixed-lines-sections";
import { useClientChoice } from "@/modules/invoices/components/use-client-choice";
import type { InvoiceFormClient } from "@/modules/invoices/invoice-form-queries";
import type { TaxRateChoice } from "@/modules/invoices/vat-categories";
import { FREQUENCIES } from "../recurrence-rules";
import { createRecurringInvoiceAction, updateRecurringInvoiceAction } from "../recurring-actions";
import {
  createRecurringInvoiceInput,
  RECURRING_ENDINGS,
  RECURRING_ISSUE_MODES,
  type RecurringInvoiceFormInput,
  updateRecurringInvoiceInput,
} from "../recurring-schemas";

export type RecurringInvoiceFormValues = RecurringInvoiceFormInput & { id?: string; version?: number };

export type RecurringInvoiceFormProps = {
  initialValues: RecurringInvoiceFormValues;
  client: InvoiceFormClient | null;
  taxRates: TaxRateChoice[];
  locale: string;
};

export function RecurringInvoiceForm({ initialValues, client, taxRates, locale }: RecurringInvoiceFormProps) {
  const t = useTranslations("recurring.form");
  const weekday = useTranslations("recurring.schedule.weekday");
  const router = useRouter();
  const isEdit = Boolean(initialValues.id);
  const schema = isEdit ? updateRecurringInvoiceInput : createRecurringInvoiceInput;
  const { form, submit, formError } = useActionForm<RecurringInvoiceFormValues>({
    schema,
    defaultValues: initialValues,
  });
  const { register, control, formState, setValue } = form;
  const { errors } = formState;
  const { field: clientField } = useController({ control, name: "clientId" });
  const frequency = useWatch({ control, name: "frequency" });
  const ending = useWatch({ control, name: "ending" });
  const issueMode = useWatch({ control, name: "issueMode" });

  const { selectedClient, clientError, choose } = useClientChoice({
    initial: client,
    onPicked: clientField.onChange,
    onLoaded: (loaded) => setValue("currency", loaded.currency, { shouldDirty: true }),
  });

  const save = submit(
    (values) => (isEdit ? updateRecurringInvoiceAction(values) : createRecurringInvoiceAction(values)),
    { onSuccess: ({ id }) => router.push(`/bo/invoices/recurring/${id}`), refresh: false },
  );
  const fieldError = (name: keyof RecurringInvoiceFormValues) => {
    const error = errors[name];
    return error && "message" in error ? (error.message as string | undefined) : undefined;
  };

  return (
    <form onSubmit={save} noValidate className="grid gap-6">
      <FormError {...formError} />
      <Card>
        <CardHeader>
          <CardTitle>{t("client")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FormField label={t("name")} htmlFor="name" error={fieldError("name")} required description={t("nameHint")}>
            <Input
              {...fieldAria("name", { error: fieldError("name"), description: true })}
              {...register("name")}
              maxLength={120}
              required
            />
          </FormField>
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
          <p className="text-sm text-muted-foreground md:col-span-2" aria-live="polite">
            {clientError ??
              (selectedClient
                ? t("clientTerms", { currency: selectedClient.currency, days: selectedClient.paymentTermsDays })
                : t("takesClientTerms"))}
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

      <Card>
        <CardHeader>
          <CardTitle>{t("schedule")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FormField label={t("frequency")} htmlFor="frequency" error={fieldError("frequency")} required>
              <NativeSelect {...fieldAria("frequency", { error: fieldError("frequency") })} {...register("frequency")}>
                {FREQUENCIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`frequencies.${value}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {frequency === "weekly" ? (
              <>
                <FormField label={t("everyWeeks")} htmlFor="intervalWeeks" error={fieldError("intervalWeeks")} required>
                  <Input
                    {...fieldAria("intervalWeeks", { error: fieldError("intervalWeeks") })}
                    {...register("intervalWeeks")}
                    inputMode="numeric"
                    className="text-right tabular-nums"
                    required
                  />
                </FormField>
                <FormField label={t("on")} htmlFor="dayOfPeriod" error={fieldError("dayOfPeriod")} required>
                  <NativeSelect
                    {...fieldAria("dayOfPeriod", { error: fieldError("dayOfPeriod") })}
                    {...register("dayOfPeriod")}
                  >
                    {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                      <option key={day} value={day}>
                        {weekday(String(day))}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              </>
            ) : (
              <FormField
                label={t("dayOfMonth")}
                htmlFor="dayOfPeriod"
                error={fieldError("dayOfPeriod")}
                required
                description={t("dayOfMonthHint")}
              >
                <Input
                  {...fieldAria("dayOfPeriod", { error: fieldError("dayOfPeriod"), description: true })}
                  {...register("dayOfPeriod")}
                  inputMode="numeric"
                  className="text-right tabular-nums"
                  required
                />
              </FormField>
            )}
            <FormField
              label={t("startsOn")}
              htmlFor="startDate"
              error={fieldError("startDate")}
              required
              description={frequency === "quarterly" || frequency === "yearly" ? t("startsOnHint") : null}
            >
              <Input
                type="date"
                {...fieldAria("startDate", {
                  error: fieldError("startDate"),
                  description: frequency === "quarterly" || frequency === "yearly",
                })}
                {...register("startDate")}
                required
              />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FormField label={t("ends")} htmlFor="ending" error={fieldError("ending")} required>
              <NativeSelect {...fieldAria("ending", { error: fieldError("ending") })} {...register("ending")}>
                {RECURRING_ENDINGS.map((value) => (
                  <option key={value} value={value}>
                    {t(`endings.${value}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {ending === "on_date" ? (
              <FormField label={t("lastDay")} htmlFor="endDate" error={fieldError("endDate")} required>
                <Input
                  type="date"
                  {...fieldAria("endDate", { error: fieldError("endDate") })}
                  {...register("endDate")}
                  required
                />
              </FormField>
            ) : null}
            {ending === "after_count" ? (
              <FormField label={t("count")} htmlFor="occurrenceCount" error={fieldError("occurrenceCount")} required>
                <Input
                  {...fieldAria("occurrenceCount", { error: fieldError("occurrenceCount") })}
                  {...register("occurrenceCount")}
                  inputMode="numeric"
                  className="text-right tabular-nums"
                  required
                />
              </FormField>
            ) : null}
          </div>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t("eachInvoice")}</legend>
            {RECURRING_ISSUE_MODES.map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-sm">
                <input type="radio" value={mode} {...register("issueMode")} className="size-4 accent-primary" />
                {t(`issueModes.${mode}`)}
              </label>
            ))}
            <div className="grid gap-1">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  id="sendAutomatically"
                  {...register("sendAutomatically")}
                  disabled={issueMode !== "issue"}
                  aria-describedby={fieldError("sendAutomatically") ? "sendAutomatically-error" : undefined}
                  className="size-4 accent-primary"
                />
                {t("send")}
              </label>
              {fieldError("sendAutomatically") ? (
                <p id="sendAutomatically-error" className="text-sm text-destructive">
                  {fieldError("sendAutomatically")}
                </p>
              ) : null}
            </div>
          </fieldset>
        </CardContent>
      </Card>

      <FixedLinesSections
        form={form}
        taxRates={taxRates}
        locale={locale}
        emptyText={t("noLines")}
        documentKind="invoice"
        saveLabel={isEdit ? t("saveChanges") : t("save")}
      />
    </form>
  );
}
