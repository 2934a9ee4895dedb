"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Fragment, useEffect, useRef, useState } from "react";
import type * as React from "react";
import {
  type FieldPath,
  FormProvider,
  get,
  type UseFormRegister,
  useFieldArray,
  useFormContext,
  useWatch,
} from "react-hook-form";
import { FormError } from "@/components/form-error";
import { savedValue } from "@/components/saved-value";
import { CORRECT_FIELDS_MESSAGE } from "@/components/form-errors";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useAction, useActionForm } from "@/components/use-action-form";
import { useTextTranslator } from "@/i18n/use-texts";
import { cn } from "@/lib/utils";
import { formatInvoiceNumber, validateNumberPattern } from "@/modules/invoices/invoice-numbering";
import { RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from "@/modules/public-site/retention-rules";
import { VAT_CATEGORIES, VAT_CATEGORY_DEFAULTS, type VatCategory } from "@/modules/invoices/vat-categories";
import { updateLogoAction, updateSettingsAction } from "../settings-actions";
import { LOGO_MAX_BYTES, type SettingsFormInput, settingsFormInput } from "../settings-schemas";
import { defaultWeeklyMinutes, minutesToHoursText } from "@/modules/users/capacity";

export type SettingsFormOptions = {
  countries: readonly { code: string; name: string }[];
  currencies: readonly { code: string; name: string }[];
  locales: readonly { code: string; name: string }[];
  /** The languages documents can be written in (the catalogs in messages/), each named in itself. */
  documentLanguages: readonly { code: string; name: string }[];
  timezones: readonly string[];
};

export type SettingsFormProps = {
  initialValues: SettingsFormInput;
  options: SettingsFormOptions;
  /** The firm's today (YYYY-MM-DD), for the number preview. */
  today: string;
  /** `key` changes whenever the settings row does, so the browser fetches the new logo. */
  logo: { hasLogo: boolean; key: number };
};

type Name = FieldPath<SettingsFormInput>;

const FORM_ID = "settings-form";
const MAX_TAX_RATES = 20;

export function SettingsForm({ initialValues, options, today, logo }: SettingsFormProps) {
  const t = useTranslations("settings.form");
  const { form, submit, formError } = useActionForm<SettingsFormInput>({
    schema: settingsFormInput,
    defaultValues: initialValues,
  });
  const { formState, getValues, register, reset, setValue } = form;
  const { isDirty, isSubmitting } = formState;

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const onSubmit = submit(updateSettingsAction, {
    success: t("settingsSaved"),
    // The saved values become the new baseline (not dirty) with the version the server gave.
    onSuccess: ({ version }) => reset({ ...getValues(), version }),
  });

  return (
    <FormProvider {...form}>
      <div className="grid gap-6">
        <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-6">
          <FormError {...formError} title={t("theSettingsWereNotSaved")} />
          <input type="hidden" {...register("version")} />

          <Section title={t("firm")} description={t("whoIssuesTheInvoicesShown")}>
            <TextField name="firmName" label={t("firmName")} required autoComplete="organization" />
            <TextField name="legalForm" label={t("legalForm")} placeholder={t("eGSasLtdGmbh")} />
            <TextField
              name="registrationNumber"
              label={t("registrationNumber")}
              description={t("sirenForAFrenchFirm")}
            />
            <TextField
              name="shareCapital"
              label={t("shareCapital")}
              description={t("inTheFirmSCurrency")}
              inputMode="decimal"
            />
            <TextField name="rcsCity" label={t("tradeRegisterCityRcs")} description={t("printedAsRcsParis123")} />
            <TextField
              name="vatNumber"
              label={t("vatNumber")}
              description={t("checkedForTheShapeOf")}
              autoCapitalize="characters"
            />
            <TextField name="peppolId" label={t("peppolId")} description={t("theFirmSPeppolAddress")} />
            <TextField
              name="addressLine1"
              label={t("addressLine1")}
              autoComplete="address-line1"
              className="md:col-span-2"
            />
            <TextField
              name="addressLine2"
              label={t("addressLine2")}
              autoComplete="address-line2"
              className="md:col-span-2"
            />
            <TextField name="postalCode" label={t("postalCode")} autoComplete="postal-code" />
            <TextField name="city" label={t("city")} autoComplete="address-level2" />
            <TextField name="countrySubdivision" label={t("regionOrState")} autoComplete="address-level1" />
            <SelectField name="country" label={t("country")} required>
              {options.countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </SelectField>
            <TextField name="email" label={t("email")} type="email" autoComplete="email" />
            <TextField name="phone" label={t("phone")} type="tel" autoComplete="tel" />
          </Section>

          <Section title={t("paymentDetails")} description={t("printedOnInvoicesSoClients")}>
            <TextField
              name="iban"
              label={t("iban")}
              autoCapitalize="characters"
              spellCheck={false}
              description={t("asOnYourBankDetails")}
            />
            <TextField
              name="bic"
              label={t("bic")}
              autoCapitalize="characters"
              spellCheck={false}
              description={t("n8Or11LettersAnd")}
            />
          </Section>

          <Section title={t("regional")} description={t("howMoneyDatesAndNumbers")}>
            <SelectField name="currency" label={t("currency")} required description={t("theDefaultForNewClients")}>
              {options.currencies.map((currency) => (
                <option key={currency.code} value={currency.code}>
                  {currency.code} — {currency.name}
                </option>
              ))}
            </SelectField>
            <SelectField name="locale" label={t("locale")} required description={t("formatsDatesNumbersAndMoney")}>
              {options.locales.map((locale) => (
                <option key={locale.code} value={locale.code}>
                  {locale.name} ({locale.code})
                </option>
              ))}
            </SelectField>
            <SelectField name="documentLanguage" label={t("firmLanguage")} required description={t("firmLanguageHelp")}>
              {options.documentLanguages.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              name="timezone"
              label={t("timezone")}
              required
              description={t("decidesTheFirmSDay")}
              className="md:col-span-2"
            >
              <TimezoneOptions timezones={options.timezones} />
            </SelectField>
            <WeeklyHoursField />
          </Section>

          <Section title={t("invoicing")} description={t("ratesTermsNumberingAndWhat")}>
            <HourlyRateField />
            <TextField
              name="paymentTermsDays"
              label={t("paymentTermsDays")}
              required
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              description={t("daysBetweenIssueAndDue")}
            />
            <TaxRatesField />
            <NumberPatternField name="invoiceNumberPattern" label={t("invoiceNumberPattern")} today={today} />
            <NumberPatternField name="creditNoteNumberPattern" label={t("creditNoteNumberPattern")} today={today} />
            <NumberPatternField name="quoteNumberPattern" label={t("quoteNumberPattern")} today={today} />
            <TextareaField
              name="invoiceFooter"
              label={t("invoiceFooter")}
              rows={4}
              description={t("legalMentionsAndLatePayment")}
              className="md:col-span-2"
            />
          </Section>

          <Section title={t("mail")} description={t("whatClientsReceiveAndWhere")}>
            <TextField
              name="invoiceEmailSubject"
              label={t("invoiceEmailSubjectEnglish")}
              required
              className="md:col-span-2"
              description={t("placeholdersNumberFirmDuedateClient")}
            />
            <TextareaField
              name="invoiceEmailMessage"
              label={t("invoiceEmailMessageEnglish")}
              required
              rows={6}
              className="md:col-span-2"
              description={t("placeholdersNumberFirmDuedateClient2")}
            />
            <InvoiceEmailTemplateFields languages={options.documentLanguages} />
            <TextField
              name="notificationEmail"
              label={t("whereContactMessagesAndApplications")}
              type="email"
              autoComplete="email"
              className="md:col-span-2"
              description={t("messagesSentFromThePublic")}
            />
            <RemindersField />
          </Section>
        </form>

        <Section title={t("brand")} description={t("yourColourAndLogoOn")}>
          <BrandColorField />
          <LogoForm logo={logo} onSaved={() => setValue("version", Number(getValues("version")) + 1)} />
        </Section>

        <Section title={t("publicSite")} description={t("whatThePublicSiteKeeps")}>
          <RetentionField
            name="applicationRetentionMonths"
            label={t("applicationRetentionMonths")}
            description={t("jobApplicationsAndTheirCvs")}
          />
          <RetentionField
            name="messageRetentionMonths"
            label={t("messageRetentionMonths")}
            description={t("messagesAndCallBackRequests")}
          />
        </Section>

        <div
          data-print-hide=""
          className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:-mx-8 sm:px-8 md:static md:mx-0 md:border-0 md:bg-transparent md:px-0 md:py-0 md:backdrop-blur-none"
        >
          <p className="mr-auto text-sm text-muted-foreground">{isDirty ? t("unsaved") : ""}</p>
          <Button type="submit" form={FORM_ID} disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? t("saving") : t("save")}
          </Button>
        </div>
      </div>
    </FormProvider>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<SettingsFormInput>();
  const error: unknown = get(formState.errors, name);
  if (!error || typeof error !== "object") return undefined;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" ? message : undefined;
}

type TextFieldProps = Omit<React.ComponentProps<"input">, "name" | "id"> & {
  name: Name;
  label: string;
  description?: React.ReactNode;
  inputClassName?: string;
};

/** The invoice mail's subject and message in each document language other than English. */
function InvoiceEmailTemplateFields({ languages }: { languages: SettingsFormOptions["documentLanguages"] }) {
  const t = useTranslations("settings.form");
  const { getValues } = useFormContext<SettingsFormInput>();
  const templates = getValues("invoiceEmailTemplates") ?? [];
  return templates.map((template, index) => {
    const name = languages.find((language) => language.code === template.language)?.name ?? template.language;
    return (
      <Fragment key={template.language}>
        <TextField
          name={`invoiceEmailTemplates.${index}.subject`}
          label={t("invoiceEmailSubjectIn", { language: name })}
          required
          lang={template.language}
          className="md:col-span-2"
          description={t("sentToClientsWhoseDocument")}
        />
        <TextareaField
          name={`invoiceEmailTemplates.${index}.message`}
          label={t("invoiceEmailMessageIn", { language: name })}
          required
          rows={6}
          lang={template.language}
          className="md:col-span-2"
        />
      </Fragment>
    );
  });
}

/** The saved value of a field, in the server's HTML (see savedValue). */
function useSavedValue(name: Name): string | undefined {
  return savedValue(useFormContext<SettingsFormInput>().formState.defaultValues, name);
}

function TextField({ name, label, description, required, className, inputClassName, ...inputProps }: TextFieldProps) {
  const { register } = useFormContext<SettingsFormInput>();
  const saved = useSavedValue(name);
  const error = useFieldError(name);
  return (
    <FormField
      label={label}
      htmlFor={name}
      error={error}
      description={description}
      required={required}
      className={className}
    >
      <Input
        {...inputProps}
        {...register(name)}
        defaultValue={saved}
        {...fieldAria(name, { error, description: Boolean(description) })}
        required={required}
        className={inputClassName}
      />
    </FormField>
  );
}

/** How long the public site keeps what a form collects, in months (the purges and the consent lines read it). */
function RetentionField(props: {
  name: "applicationRetentionMonths" | "messageRetentionMonths";
  label: string;
  description: string;
}) {
  return (
    <TextField
      {...props}
      required
      type="number"
      inputMode="numeric"
      min={RETENTION_MONTHS_MIN}
      max={RETENTION_MONTHS_MAX}
      form={FORM_ID}
    />
  );
}

function TextareaField({
  name,
  label,
  description,
  required,
  className,
  ...textareaProps
}: Omit<React.ComponentProps<"textarea">, "name" | "id"> & {
  name: Name;
  label: string;
  description?: React.ReactNode;
}) {
  const { register } = useFormContext<SettingsFormInput>();
  const saved = useSavedValue(name);
  const error = useFieldError(name);
  return (
    <FormField
      label={label}
      htmlFor={name}
      error={error}
      description={description}
      required={required}
      className={className}
    >
      <Textarea
        {...textareaProps}
        {...register(name)}
        defaultValue={saved}
        {...fieldAria(name, { error, description: Boolean(description) })}
        required={required}
      />
    </FormField>
  );
}

function SelectField({
  name,
  label,
  description,
  required,
  className,
  children,
}: {
  name: Name;
  label: string;
  description?: React.ReactNode;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const { register } = useFormContext<SettingsFormInput>();
  const saved = useSavedValue(name);
  const error = useFieldError(name);
  return (
    <FormField
      label={label}
      htmlFor={name}
      error={error}
      description={description}
      required={required}
      className={className}
    >
      <NativeSelect
        {...register(name)}
        defaultValue={saved}
        {...fieldAria(name, { error, description: Boolean(description) })}
        required={required}
      >
        {children}
      </NativeSelect>
    </FormField>
  );
}

/** Time zones grouped by their area ("Europe", "America"…), UTC first. */
function TimezoneOptions({ timezones }: { timezones: readonly string[] }) {
  const groups = new Map<string, string[]>();
  const single: string[] = [];
  for (const zone of timezones) {
    const slash = zone.indexOf("/");
    if (slash === -1) {
      single.push(zone);
      continue;
    }
    const area = zone.slice(0, slash);
    groups.set(area, [...(groups.get(area) ?? []), zone]);
  }
  return (
    <>
      {single.map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      ))}
      {[...groups].map(([area, zones]) => (
        <optgroup key={area} label={area}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/** The firm's working week: empty means the country's (35 h in France, else 40 h). */
function WeeklyHoursField() {
  const t = useTranslations("settings.form");
  const { control } = useFormContext<SettingsFormInput>();
  const country = String(useWatch({ control, name: "country" }) ?? "");
  const fallback = minutesToHoursText(defaultWeeklyMinutes(country));
  return (
    <TextField
      name="weeklyHours"
      label={t("workingWeekHours")}
      inputMode="decimal"
      autoComplete="off"
      placeholder={fallback}
      description={t("weeklyHoursHelp", { hours: fallback })}
    />
  );
}

function HourlyRateField() {
  const t = useTranslations("settings.form");
  const { control } = useFormContext<SettingsFormInput>();
  const currency = useWatch({ control, name: "currency" });
  return (
    <TextField
      name="defaultHourlyRate"
      label={t("defaultHourlyRate", { currency: String(currency) })}
      inputMode="decimal"
      autoComplete="off"
      description={t("usedWhenNeitherTheProject")}
    />
  );
}

function NumberPatternField({
  name,
  label,
  today,
}: {
  name: "invoiceNumberPattern" | "creditNoteNumberPattern" | "quoteNumberPattern";
  label: string;
  today: string;
}) {
  const t = useTranslations("settings.form");
  const translate = useTextTranslator();
  const { control } = useFormContext<SettingsFormInput>();
  const pattern = (useWatch({ control, name }) ?? "").trim();
  const check = validateNumberPattern(pattern);
  const preview = check.ok ? formatInvoiceNumber(pattern, { date: today, seq: 1 }) : null;
  return (
    <TextField
      name={name}
      label={label}
      required
      autoComplete="off"
      spellCheck={false}
      inputClassName="font-mono"
      description={
        <>
          <span className="block">
            {t.rich("patternHelp", {
              year: (chunks) => <code>{chunks}</code>,
              short: (chunks) => <code>{chunks}</code>,
              month: (chunks) => <code>{chunks}</code>,
              seq: (chunks) => <code>{chunks}</code>,
            })}
          </span>
          <span className="block" aria-live="polite">
            {preview ? (
              <>
                {t.rich("patternPreview", {
                  preview,
                  number: (chunks) => <span className="font-mono font-medium text-foreground">{chunks}</span>,
                })}
              </>
            ) : (
              <>{t("patternNoPreview", { reason: check.ok ? "" : translate(check.message) })}</>
            )}
          </span>
        </>
      }
    />
  );
}

function TaxRatesField() {
  const t = useTranslations("settings.form");
  const { control, formState, getValues, register, setValue, trigger } = useFormContext<SettingsFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "taxRates" });
  const rates = useWatch({ control, name: "taxRates" });
  const addButtonRef = useRef<HTMLButtonElement>(null);
  // A refinement on the whole list lands on "taxRates" from the server, "taxRates.root" in the browser.
  const listError = useFieldError("taxRates");
  const listRootError = useFieldError("taxRates.root");
  const rootError = listError ?? listRootError;
  const errorId = "taxRates-error";

  function chooseDefault(chosen: number) {
    getValues("taxRates").forEach((_, index) =>
      setValue(`taxRates.${index}.isDefault`, index === chosen, { shouldDirty: true }),
    );
    if (formState.isSubmitted) void trigger("taxRates");
  }

  function removeRate(index: number) {
    const wasDefault = getValues(`taxRates.${index}.isDefault`);
    remove(index);
    // Exactly one rate is the default: when it goes, the first remaining one takes over.
    if (wasDefault) setValue("taxRates.0.isDefault", true, { shouldDirty: true });
    addButtonRef.current?.focus();
  }

  return (
    <fieldset
      // The list's own errors (from the server) are shown here: the id names it for the form.
      id="taxRates"
      className="grid gap-3 md:col-span-2"
      aria-describedby={["taxRates-description", rootError ? errorId : null].filter(Boolean).join(" ")}
    >
      <legend className="mb-2 text-sm font-medium">{t("taxRates")}</legend>
      <p id="taxRates-description" className="-mt-1 text-sm text-muted-foreground">
        {t("taxRatesHelp")}
      </p>
      <ol className="grid gap-3">
        {fields.map((field, index) => (
          <TaxRateRow
            key={field.id}
            index={index}
            isDefault={rates?.[index]?.isDefault === true}
            canRemove={fields.length > 1}
            register={register}
            onChooseDefault={() => chooseDefault(index)}
            onRemove={() => removeRate(index)}
          />
        ))}
      </ol>
      {rootError ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {rootError}
        </p>
      ) : null}
      <div>
        <Button
          ref={addButtonRef}
          variant="outline"
          size="sm"
          disabled={fields.length >= MAX_TAX_RATES}
          onClick={() =>
            append({ label: "", percent: "", isDefault: false, category: "S", mention: "", vatexCode: "" })
          }
        >
          <PlusIcon aria-hidden="true" />
          {t("addTaxRate")}
        </Button>
      </div>
    </fieldset>
  );
}

function TaxRateRow({
  index,
  isDefault,
  canRemove,
  register,
  onChooseDefault,
  onRemove,
}: {
  index: number;
  isDefault: boolean;
  canRemove: boolean;
  register: UseFormRegister<SettingsFormInput>;
  onChooseDefault: () => void;
  onRemove: () => void;
}) {
  const labelName = `taxRates.${index}.label` as const;
  const percentName = `taxRates.${index}.percent` as const;
  const categoryName = `taxRates.${index}.category` as const;
  const mentionName = `taxRates.${index}.mention` as const;
  const vatexName = `taxRates.${index}.vatexCode` as const;
  const labelError = useFieldError(labelName);
  const percentError = useFieldError(percentName);
  const categoryError = useFieldError(categoryName);
  const mentionError = useFieldError(mentionName);
  const vatexError = useFieldError(vatexName);
  const { getValues, setValue } = useFormContext<SettingsFormInput>();
  // A new category brings its default mention and code, unless some were typed already.
  function onCategoryChange(event: React.ChangeEvent<HTMLSelectElement>) {
    const category = event.target.value as VatCategory;
    const defaults = VAT_CATEGORY_DEFAULTS[category];
    if (category === "S") {
      setValue(mentionName, "", { shouldDirty: true });
      setValue(vatexName, "", { shouldDirty: true });
      return;
    }
    if (!getValues(mentionName)) setValue(mentionName, defaults.mention ?? "", { shouldDirty: true });
    if (!getValues(vatexName)) setValue(vatexName, defaults.vatexCode ?? "", { shouldDirty: true });
    if (getValues(percentName) === "") setValue(percentName, "0", { shouldDirty: true });
  }
  const radioId = `taxRates.${index}.isDefault`;
  const t = useTranslations("settings.form");
  const tCategory = useTranslations("settings.vatCategory");
  const ofRate = <span className="sr-only">{t("ofTaxRate", { number: index + 1 })}</span>;
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-start gap-x-3 gap-y-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_7rem_auto_auto] sm:border-0 sm:p-0">
      <FormField
        label={
          <>
            {t("rateLabel")}
            {ofRate}
          </>
        }
        htmlFor={labelName}
        error={labelError}
        required
      >
        <Input {...register(labelName)} {...fieldAria(labelName, { error: labelError })} required autoComplete="off" />
      </FormField>
      <FormField
        label={
          <>
            {t("ratePercent")}
            {ofRate}
          </>
        }
        htmlFor={percentName}
        error={percentError}
        required
      >
        <Input
          {...register(percentName)}
          {...fieldAria(percentName, { error: percentError })}
          required
          inputMode="decimal"
          autoComplete="off"
        />
      </FormField>
      <div className="flex h-9 items-center gap-2 sm:mt-6">
        <input
          type="radio"
          id={radioId}
          name="defaultTaxRate"
          checked={isDefault}
          onChange={onChooseDefault}
          className="size-4 cursor-pointer accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        />
        <Label htmlFor={radioId} className="cursor-pointer font-normal">
          {t("rateDefault")}
          <span className="sr-only">{t("defaultTaxRate", { number: index + 1 })}</span>
        </Label>
      </div>
      <div className="col-span-2 grid gap-3 sm:col-span-4 sm:grid-cols-[12rem_minmax(0,1fr)_10rem]">
        <FormField
          label={
            <>
              {t("vatCategory")}
              {ofRate}
            </>
          }
          htmlFor={categoryName}
          error={categoryError}
        >
          <NativeSelect
            {...register(categoryName, { onChange: onCategoryChange })}
            {...fieldAria(categoryName, { error: categoryError })}
          >
            {VAT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {tCategory(category)} ({category})
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={
            <>
              {t("legalMention")}
              {ofRate}
            </>
          }
          htmlFor={mentionName}
          error={mentionError}
        >
          <Input {...register(mentionName)} {...fieldAria(mentionName, { error: mentionError })} autoComplete="off" />
        </FormField>
        <FormField
          label={
            <>
              {t("vatexCode")}
              {ofRate}
            </>
          }
          htmlFor={vatexName}
          error={vatexError}
        >
          <Input
            {...register(vatexName)}
            {...fieldAria(vatexName, { error: vatexError })}
            autoComplete="off"
            autoCapitalize="characters"
          />
        </FormField>
      </div>
      <div className="flex h-9 items-center justify-end sm:mt-6">
        <Button
          variant="ghost"
          size="sm"
          disabled={!canRemove}
          onClick={onRemove}
          className="text-muted-foreground hover:text-destructive"
        >
          <Trash2Icon aria-hidden="true" />
          {t("removeRate")}
          <span className="sr-only">{t("removeRateOf", { number: index + 1 })}</span>
        </Button>
      </div>
    </li>
  );
}

function RemindersField() {
  const t = useTranslations("settings.form");
  const { control, register } = useFormContext<SettingsFormInput>();
  const enabled = useWatch({ control, name: "remindersEnabled" });
  const daysError = useFieldError("reminderDays");
  const enabledError = useFieldError("remindersEnabled");
  return (
    <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">{t("reminders")}</legend>
      <div className="grid content-start gap-2">
        <div className="flex items-center gap-2">
          <Checkbox
            {...register("remindersEnabled")}
            {...fieldAria("remindersEnabled", { error: enabledError, description: true })}
          />
          <Label htmlFor="remindersEnabled">{t("remindersEnabled")}</Label>
        </div>
        <p id="remindersEnabled-description" className="text-sm text-muted-foreground">
          {enabled ? t("remindersOn") : t("remindersOff")}
        </p>
        {enabledError ? (
          <p id="remindersEnabled-error" className="text-sm font-medium text-destructive">
            {enabledError}
          </p>
        ) : null}
      </div>
      <FormField
        label={t("daysAfterTheDueDate")}
        htmlFor="reminderDays"
        error={daysError}
        description={t("separatedByCommasEG")}
      >
        <Input
          {...register("reminderDays")}
          {...fieldAria("reminderDays", { error: daysError, description: true })}
          inputMode="numeric"
          autoComplete="off"
        />
      </FormField>
    </fieldset>
  );
}

function BrandColorField() {
  const t = useTranslations("settings.form");
  const { control, setValue, formState } = useFormContext<SettingsFormInput>();
  const color = useWatch({ control, name: "brandColor" });
  const isHex = /^#[0-9a-fA-F]{6}$/.test(color.trim());
  const error = useFieldError("brandColor");
  return (
    <div className="grid content-start gap-2">
      <div className="flex items-end gap-3">
        <TextField
          name="brandColor"
          label={t("brandColour")}
          required
          form={FORM_ID}
          autoComplete="off"
          spellCheck={false}
          className="flex-1"
          inputClassName="font-mono"
        />
        <input
          type="color"
          aria-label={t("pickTheBrandColour")}
          form={FORM_ID}
          value={isHex ? color.trim().toLowerCase() : "#000000"}
          onChange={(event) =>
            setValue("brandColor", event.target.value, { shouldDirty: true, shouldValidate: formState.isSubmitted })
          }
          className={cn(
            "h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1",
            error && "mb-7",
          )}
        />
      </div>
    </div>
  );
}

function LogoForm({ logo, onSaved }: { logo: SettingsFormProps["logo"]; onSaved: () => void }) {
  const t = useTranslations("settings.form");
  const formRef = useRef<HTMLFormElement>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const { pending: isPending, run, fail, formError } = useAction();

  // A form action (not onSubmit): the FormData holds the button pressed, "Upload" or "Remove".
  async function save(formData: FormData) {
    setFileError(undefined);
    const file = formData.get("logo");
    if (formData.get("remove") !== "1" && file instanceof File && file.size > LOGO_MAX_BYTES) {
      setFileError(t("logoTooLarge"));
      return fail(CORRECT_FIELDS_MESSAGE, formRef.current);
    }
    await run(() => updateLogoAction(formData), {
      success: t("logoSaved"),
      container: formRef.current,
      onError: (result) => setFileError(result.fieldErrors?.logo),
      // Each logo change bumps the settings version by one; follow it so saving the other settings
      // afterwards is not taken for someone else's change (a real concurrent change still conflicts).
      onSuccess: onSaved,
    });
  }

  return (
    <form ref={formRef} action={save} className="grid content-start gap-3" aria-busy={isPending}>
      <FormError {...formError} />
      {logo.hasLogo ? (
        <div className="flex min-h-16 items-center justify-center rounded-md border bg-muted/40 p-3">
          {/* A private, session-checked route: the image optimiser could not fetch it. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={`/bo/settings/logo?v=${logo.key}`}
            alt={t("currentLogo")}
            className="max-h-16 max-w-full object-contain"
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("noLogo")}</p>
      )}
      {/* Saved as soon as it is chosen: a logo picked and left for "Save settings" was lost. */}
      <FormField label={t("logo")} htmlFor="logo" error={fileError} description={t("pngOrJpegAtMost")}>
        <Input
          type="file"
          name="logo"
          accept="image/png,image/jpeg"
          disabled={isPending}
          onChange={(event) => {
            if (event.currentTarget.files?.length) formRef.current?.requestSubmit();
          }}
          {...fieldAria("logo", { error: fileError, description: true })}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        {isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("savingLogo")}
          </p>
        ) : null}
        {logo.hasLogo ? (
          <Button type="submit" name="remove" value="1" variant="outline" disabled={isPending}>
            {t("removeLogo")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
