"use client";

// The client dialog and its form (decision 072: loaded by client-form.tsx on first use).

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { DialogFrame } from "@/components/dialog-frame";
import type { LazyDialogProps } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useActionForm } from "@/components/use-action-form";
import { minorToDecimalString } from "@/lib/money";
import { EINVOICE_FORMAT_LABELS, EINVOICE_FORMATS } from "@/modules/einvoicing/einvoice-model";
import { createClientAction, updateClientAction } from "../client-actions";
import { COUNTRIES, CURRENCIES, countryName } from "../client-rules";
import { clientFields } from "../client-schemas";
import { VAT_CATEGORIES } from "@/modules/invoices/vat-categories";
import type { EditableClient, LanguageOption } from "./client-form";

type Values = z.input<typeof clientFields>;
type Field = keyof Values;

function toValues(client: EditableClient): Values {
  return {
    name: client.name,
    billingEmail: client.billingEmail ?? "",
    phone: client.phone ?? "",
    addressLine1: client.addressLine1 ?? "",
    addressLine2: client.addressLine2 ?? "",
    postalCode: client.postalCode ?? "",
    city: client.city ?? "",
    countrySubdivision: client.countrySubdivision ?? "",
    country: client.country ?? "",
    vatNumber: client.vatNumber ?? "",
    registrationNumber: client.registrationNumber ?? "",
    isBusiness: client.isBusiness,
    vatCategory: client.vatCategory ?? "",
    buyerReference: client.buyerReference ?? "",
    peppolId: client.peppolId ?? "",
    currency: client.currency,
    paymentTermsDays: String(client.paymentTermsDays),
    defaultHourlyRate: client.defaultHourlyRate === null ? "" : minorToDecimalString(client.defaultHourlyRate, 2),
    notes: client.notes ?? "",
    einvoiceFormat: client.einvoiceFormat ?? "",
    documentLanguage: client.documentLanguage ?? "",
  };
}

/** The dialog that creates or edits a client; the form is mounted while it is open. */
export function ClientFormDialog({
  initial,
  languages,
  firmLanguage,
  onSaved,
  ...frame
}: LazyDialogProps & {
  title: string;
  description: string;
  initial: EditableClient;
  languages: LanguageOption[];
  firmLanguage: string;
  onSaved: (id: string) => void;
}) {
  return (
    <DialogFrame {...frame} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
      <ClientForm initial={initial} languages={languages} firmLanguage={firmLanguage} onSaved={onSaved} />
    </DialogFrame>
  );
}

function ClientForm({
  initial,
  languages,
  firmLanguage,
  onSaved,
}: {
  initial: EditableClient;
  languages: LanguageOption[];
  firmLanguage: string;
  onSaved: (id: string) => void;
}) {
  const t = useTranslations("clients.form");
  const language = useLocale();
  // The countries named in the page's language, in its alphabetical order.
  const countries = useMemo(
    () =>
      COUNTRIES.map((country) => ({ code: country.code, name: countryName(country.code, language) })).sort((a, b) =>
        a.name.localeCompare(b.name, language),
      ),
    [language],
  );
  const currencies = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: "currency", fallback: "code" });
    return CURRENCIES.map((currency) => ({ code: currency.code, name: names.of(currency.code) ?? currency.name }));
  }, [language]);
  const isNew = initial.id === "";
  const { form, submit, formError } = useActionForm<Values>({
    schema: clientFields,
    defaultValues: toValues(initial),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = submit<{ id: string } | { version: number }>(
    (values) =>
      isNew ? createClientAction(values) : updateClientAction({ ...values, id: initial.id, version: initial.version }),
    { onSuccess: (data) => onSaved("id" in data ? data.id : initial.id) },
  );

  const text = (name: Field, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <FormField label={label} htmlFor={`client-${name}`} error={errors[name]?.message} required={name === "name"}>
      <Input
        {...fieldAria(`client-${name}`, { error: errors[name]?.message })}
        {...form.register(name)}
        autoComplete="off"
        {...props}
      />
    </FormField>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      {text("name", t("name"), { required: true, maxLength: 200 })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("billingEmail", t("billingEmail"), { type: "email", maxLength: 254 })}
        {text("phone", t("phone"), { type: "tel", maxLength: 30 })}
      </div>
      {text("addressLine1", t("addressLine1"), { maxLength: 200 })}
      {text("addressLine2", t("addressLine2"), { maxLength: 200 })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("postalCode", t("postalCode"), { maxLength: 20 })}
        {text("city", t("city"), { maxLength: 100 })}
        {text("countrySubdivision", t("countrySubdivision"), { maxLength: 100 })}
        <FormField label={t("country")} htmlFor="client-country" error={errors.country?.message}>
          <NativeSelect
            {...fieldAria("client-country", { error: errors.country?.message })}
            {...form.register("country")}
          >
            <option value="">—</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        label={t("vatNumber")}
        htmlFor="client-vatNumber"
        error={errors.vatNumber?.message}
        description={t("vatNumberHelp")}
      >
        <Input
          {...fieldAria("client-vatNumber", { error: errors.vatNumber?.message, description: true })}
          {...form.register("vatNumber")}
          autoComplete="off"
          maxLength={30}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t("registrationNumber")}
          htmlFor="client-registrationNumber"
          error={errors.registrationNumber?.message}
          description={t("registrationNumberHelp")}
        >
          <Input
            {...fieldAria("client-registrationNumber", {
              error: errors.registrationNumber?.message,
              description: true,
            })}
            {...form.register("registrationNumber")}
            autoComplete="off"
            maxLength={40}
          />
        </FormField>
        <FormField
          label={t("buyerReference")}
          htmlFor="client-buyerReference"
          error={errors.buyerReference?.message}
          description={t("buyerReferenceHelp")}
        >
          <Input
            {...fieldAria("client-buyerReference", { error: errors.buyerReference?.message, description: true })}
            {...form.register("buyerReference")}
            autoComplete="off"
            maxLength={100}
          />
        </FormField>
        <FormField
          label={t("peppolId")}
          htmlFor="client-peppolId"
          error={errors.peppolId?.message}
          description={t("peppolIdHelp")}
        >
          <Input
            {...fieldAria("client-peppolId", { error: errors.peppolId?.message, description: true })}
            {...form.register("peppolId")}
            autoComplete="off"
            maxLength={60}
          />
        </FormField>
        <FormField
          label={t("vatCategory")}
          htmlFor="client-vatCategory"
          error={errors.vatCategory?.message}
          description={t("vatCategoryHelp")}
        >
          <NativeSelect
            {...fieldAria("client-vatCategory", { error: errors.vatCategory?.message, description: true })}
            {...form.register("vatCategory")}
          >
            <option value="">{t("vatCategoryProposed")}</option>
            {VAT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`vatCategories.${category}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="flex items-center gap-2 sm:mt-6">
          <input
            type="checkbox"
            id="client-isBusiness"
            {...form.register("isBusiness")}
            className="size-4 accent-primary"
          />
          <label htmlFor="client-isBusiness" className="text-sm">
            {t("isBusiness")}
          </label>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t("currency")} htmlFor="client-currency" error={errors.currency?.message} required>
          <NativeSelect
            {...fieldAria("client-currency", { error: errors.currency?.message })}
            {...form.register("currency")}
            required
          >
            {currencies.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.code} — {currency.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {text("paymentTermsDays", t("paymentTermsDays"), {
          inputMode: "numeric",
          required: true,
          className: "text-right tabular-nums",
        })}
        {text("defaultHourlyRate", t("defaultHourlyRate"), {
          inputMode: "decimal",
          placeholder: t("firmRate"),
          className: "text-right tabular-nums",
        })}
      </div>
      <FormField
        label={t("einvoiceFormat")}
        htmlFor="client-einvoiceFormat"
        error={errors.einvoiceFormat?.message}
        description={t("einvoiceFormatHelp")}
      >
        <NativeSelect
          {...fieldAria("client-einvoiceFormat", { error: errors.einvoiceFormat?.message, description: true })}
          {...form.register("einvoiceFormat")}
        >
          <option value="">{t("einvoiceNone")}</option>
          {EINVOICE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {EINVOICE_FORMAT_LABELS[format]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label={t("documentLanguage")}
        htmlFor="client-documentLanguage"
        error={errors.documentLanguage?.message}
        description={t("documentLanguageHelp")}
      >
        <NativeSelect
          {...fieldAria("client-documentLanguage", { error: errors.documentLanguage?.message, description: true })}
          {...form.register("documentLanguage")}
        >
          <option value="">
            {t("firmLanguage", {
              language: languages.find((option) => option.code === firmLanguage)?.name ?? firmLanguage,
            })}
          </option>
          {languages.map((option) => (
            <option key={option.code} value={option.code} lang={option.code}>
              {option.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t("notes")} htmlFor="client-notes" error={errors.notes?.message}>
        <Textarea
          {...fieldAria("client-notes", { error: errors.notes?.message })}
          {...form.register("notes")}
          rows={3}
          maxLength={5000}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("saving") : isNew ? t("create") : t("save")}
        </Button>
      </div>
    </form>
  );
}
