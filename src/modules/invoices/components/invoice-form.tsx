"use client";

import { ArrowDownIcon, ArrowUpIcon, ClockIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { useController, useFieldArray, useWatch } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useActionForm } from "@/components/use-action-form";
import { addDaysToDate, isValidDateString } from "@/lib/dates";
import { formatBasisPoints, formatMoney, parseMoneyInput } from "@/lib/money";
import { ClientPicker, type PickedClient } from "@/modules/clients/components/client-picker";
import { createInvoiceAction, loadInvoiceClientAction, updateInvoiceAction } from "../invoice-actions";
import type { InvoiceFormClient } from "../invoice-form-queries";
import { computeInvoiceTotals, parseDiscountPercent, parseQuantity, type TotalsLineInput } from "../invoice-amounts";
import type { InvoiceKind } from "../invoice-rules";
import {
  type CreateInvoiceInput,
  createInvoiceInput,
  PAYMENT_MEANS,
  PAYMENT_MEANS_LABELS,
  updateInvoiceInput,
} from "../invoice-schemas";
import {
  proposeVatCategory,
  rateForCategory,
  taxRateKey,
  type TaxRateChoice,
  type VatCategory,
  type VatProposal,
} from "../vat-categories";
import { UnbilledTimeDialog, type NewTimeLine } from "./unbilled-time-dialog";

export type InvoiceFormValues = CreateInvoiceInput & { id?: string; version?: number };
type LineValues = InvoiceFormValues["lines"][number];

export type InvoiceFormProps = {
  kind: InvoiceKind;
  initialValues: InvoiceFormValues;
  /** The client already chosen (a draft's, or the one a link asked for), or null. */
  client: InvoiceFormClient | null;
  taxRates: TaxRateChoice[];
  /** The firm's country, from which the VAT category for a client is proposed. */
  firmCountry: string;
  locale: string;
};

const emptyLine = (rate: Pick<TaxRateChoice, "basisPoints" | "category">): LineValues => ({
  description: "",
  quantity: "1",
  unit: "hour",
  unitPrice: "",
  discount: "",
  taxRateBp: rate.basisPoints,
  vatCategory: rate.category,
  timeEntryIds: [],
});

/** A line nobody typed in: dropped on saving rather than refused (it blocked saving after adding time). */
function isUntouchedLine(line: LineValues | undefined): boolean {
  if (!line) return false;
  return (
    String(line.description ?? "").trim() === "" &&
    String(line.unitPrice ?? "").trim() === "" &&
    String(line.discount ?? "").trim() === "" &&
    String(line.quantity ?? "").trim() === "1" &&
    (line.timeEntryIds ?? []).length === 0
  );
}

function proposalFor(client: InvoiceFormClient, firmCountry: string): VatProposal {
  return proposeVatCategory({
    firmCountry,
    clientCountry: client.country,
    clientIsBusiness: client.isBusiness,
    clientVatNumber: client.vatNumber,
    clientDefaultCategory: client.vatCategory,
  });
}

/** Live totals with the very function the server uses: what the form shows is what gets saved. */
function useLiveTotals(lines: LineValues[] | undefined, currency: string, kind: InvoiceKind) {
  return useMemo(() => {
    const parsed: (TotalsLineInput | null)[] = (lines ?? []).map((line) => {
      const quantity = parseQuantity(String(line?.quantity ?? ""));
      const price = parseMoneyInput(String(line?.unitPrice ?? ""), currency);
      const discount = parseDiscountPercent(String(line?.discount ?? ""));
      const taxRateBp = Number(line?.taxRateBp);
      if (!quantity.ok || price === null || price < 0 || !discount.ok || !Number.isSafeInteger(taxRateBp)) return null;
      const vatCategory = (line?.vatCategory || undefined) as VatCategory | undefined;
      return {
        quantityMilli: quantity.value,
        unitPriceMinor: price,
        discountBp: discount.value,
        taxRateBp,
        vatCategory,
      };
    });
    try {
      const valid = parsed.filter((line): line is TotalsLineInput => line !== null);
      const totals = computeInvoiceTotals(valid, kind);
      let cursor = 0;
      const nets = parsed.map((line) => (line === null ? null : (totals.lines[cursor++]?.net ?? null)));
      return { totals, nets, incomplete: valid.length !== parsed.length };
    } catch {
      return { totals: null, nets: parsed.map(() => null), incomplete: true };
    }
  }, [lines, currency, kind]);
}

export function InvoiceForm({ kind, initialValues, client, taxRates, firmCountry, locale }: InvoiceFormProps) {
  const router = useRouter();
  const isEdit = Boolean(initialValues.id);
  const schema = isEdit ? updateInvoiceInput : createInvoiceInput;
  const { form, submit, formError } = useActionForm<InvoiceFormValues>({ schema, defaultValues: initialValues });
  const { register, control, formState, setValue, getValues } = form;
  const { errors, isSubmitting } = formState;
  const lines = useFieldArray({ control, name: "lines", keyName: "key" });
  const [dueTouched, setDueTouched] = useState(isEdit);
  const firmDefaultRate = taxRates.find((rate) => rate.isDefault) ??
    taxRates[0] ?? { basisPoints: 0, category: "S" as const };
  // The VAT category proposed for the chosen client, and the rate new lines take from it.
  const [proposal, setProposal] = useState<VatProposal | null>(() =>
    client && kind === "invoice" ? proposalFor(client, firmCountry) : null,
  );
  const proposedRate = proposal ? rateForCategory(taxRates, proposal.category) : null;
  const defaultRate = proposedRate ?? firmDefaultRate;

  const clientId = useWatch({ control, name: "clientId" });
  // The picker is not a native field: the controller takes its choice and focuses it on an error.
  const { field: clientField } = useController({ control, name: "clientId" });
  const currency = useWatch({ control, name: "currency" }) || "EUR";
  const watchedLines = useWatch({ control, name: "lines" });
  const live = useLiveTotals(watchedLines, currency, kind);
  // The chosen client's details, fetched when the picker chooses one (only the answer to the
  // latest choice counts).
  const [selectedClient, setSelectedClient] = useState<InvoiceFormClient | null>(client);
  const [clientStatus, setClientStatus] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const latestClient = useRef(0);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const linkedIds = new Set((watchedLines ?? []).flatMap((line) => line?.timeEntryIds ?? []));

  function followTerms(issueDate: string, terms: number | undefined) {
    if (dueTouched || terms === undefined || !isValidDateString(issueDate)) return;
    setValue("dueDate", addDaysToDate(issueDate, terms), { shouldDirty: true });
  }

  const onClientChange = async (picked: PickedClient | null) => {
    const asked = ++latestClient.current;
    clientField.onChange(picked?.id ?? "");
    setSelectedClient(null);
    setClientStatus({ loading: Boolean(picked), error: null });
    if (!picked) return;
    const result = await loadInvoiceClientAction({ clientId: picked.id }).catch(() => null);
    if (asked !== latestClient.current) return;
    if (!result || !result.ok) {
      setClientStatus({
        loading: false,
        error: result ? result.message : "The client's details could not be loaded; choose the client again.",
      });
      return;
    }
    setClientStatus({ loading: false, error: null });
    setSelectedClient(result.data);
    setValue("currency", result.data.currency, { shouldDirty: true });
    followTerms(getValues("issueDate"), result.data.paymentTermsDays);
    if (!getValues("buyerReference"))
      setValue("buyerReference", result.data.buyerReference ?? "", { shouldDirty: true });
    // Every line takes the rate proposed for this client; each can still be changed.
    const next = proposalFor(result.data, firmCountry);
    setProposal(next);
    const rate = rateForCategory(taxRates, next.category);
    if (rate)
      getValues("lines").forEach((_, index) => {
        setValue(`lines.${index}.taxRateBp`, rate.basisPoints, { shouldDirty: true });
        setValue(`lines.${index}.vatCategory`, rate.category, { shouldDirty: true });
      });
  };

  const rateKeyOf = (line: LineValues | undefined) =>
    line ? taxRateKey({ category: (line.vatCategory || "S") as VatCategory, basisPoints: Number(line.taxRateBp) }) : "";
  const chooseRate = (index: number, key: string) => {
    const rate = taxRates.find((candidate) => taxRateKey(candidate) === key);
    if (!rate) return;
    setValue(`lines.${index}.taxRateBp`, rate.basisPoints, {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
    setValue(`lines.${index}.vatCategory`, rate.category, { shouldDirty: true });
  };

  const addTimeLines = (newLines: NewTimeLine[]) => {
    // The new lines appear in place, each saying how many entries it bills: no toast needed.
    for (const line of newLines)
      lines.append({ ...line, discount: "", taxRateBp: defaultRate.basisPoints, vatCategory: defaultRate.category });
  };

  const save = submit((values) => (isEdit ? updateInvoiceAction(values) : createInvoiceAction(values)), {
    success: "Draft saved.",
    onSuccess: ({ id }) => router.push(`/bo/invoices/${id}`),
  });
  // Untouched empty lines go before the form is checked, when other lines remain.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const current = getValues("lines") ?? [];
    const untouched = current.flatMap((line, index) => (isUntouchedLine(line) ? [index] : []));
    if (untouched.length > 0 && untouched.length < current.length) lines.remove(untouched);
    return save(event);
  };

  const lineError = (index: number, field: keyof LineValues) => {
    const error = errors.lines?.[index]?.[field];
    return error && "message" in error ? (error.message as string | undefined) : undefined;
  };
  const documentName = kind === "credit_note" ? "credit note" : "invoice";

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <FormError {...formError} />
      <Card>
        <CardHeader>
          <CardTitle>Client and dates</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 md:grid-cols-2">
            {kind === "credit_note" ? (
              <div className="grid content-start gap-2">
                <span className="text-sm font-medium">Client</span>
                <p className="text-sm">
                  {selectedClient?.name ?? "The credited invoice's client"}: a credit note stays with its invoice.
                </p>
                <input type="hidden" {...register("clientId")} />
              </div>
            ) : (
              <FormField
                label="Client"
                htmlFor="clientId"
                error={errors.clientId?.message}
                required
                className="content-start"
              >
                <ClientPicker
                  id="clientId"
                  name="clientId"
                  selected={client ? { id: client.id, name: client.name } : null}
                  anyLabel="No client"
                  placeholder="Type a client's name"
                  onChoose={(picked) => void onClientChange(picked)}
                  invalid={Boolean(errors.clientId?.message)}
                  describedBy={fieldAria("clientId", { error: errors.clientId?.message })["aria-describedby"]}
                  required
                  inputRef={clientField.ref}
                />
              </FormField>
            )}
            <div className="grid gap-1 rounded-md border bg-muted/40 px-3 py-2 text-sm" aria-live="polite">
              {clientStatus.loading ? (
                <span className="text-muted-foreground">Loading the client&apos;s details…</span>
              ) : clientStatus.error ? (
                <span className="text-destructive">{clientStatus.error}</span>
              ) : selectedClient ? (
                <>
                  <span className="font-medium">
                    {selectedClient.name}
                    {selectedClient.archived ? (
                      <span className="font-normal text-muted-foreground"> (archived)</span>
                    ) : null}
                  </span>
                  {selectedClient.addressLines.map((line) => (
                    <span key={line} className="text-muted-foreground">
                      {line}
                    </span>
                  ))}
                  <span className="text-muted-foreground">
                    {[selectedClient.country, selectedClient.vatNumber ? `VAT ${selectedClient.vatNumber}` : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                  <span className="text-muted-foreground">
                    Invoiced in {selectedClient.currency}, {selectedClient.paymentTermsDays} days to pay
                  </span>
                </>
              ) : (
                <span className="text-muted-foreground">
                  The client&apos;s address, currency and payment terms appear here.
                </span>
              )}
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FormField label="Issue date" htmlFor="issueDate" error={errors.issueDate?.message} required>
              <Input
                type="date"
                {...fieldAria("issueDate", { error: errors.issueDate?.message })}
                {...register("issueDate", {
                  onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
                    followTerms(event.target.value, selectedClient?.paymentTermsDays),
                })}
                required
              />
            </FormField>
            <FormField label="Due date" htmlFor="dueDate" error={errors.dueDate?.message} required>
              <Input
                type="date"
                {...fieldAria("dueDate", { error: errors.dueDate?.message })}
                {...register("dueDate", { onChange: () => setDueTouched(true) })}
                required
              />
            </FormField>
            <FormField label="Service from" htmlFor="servicePeriodStart" error={errors.servicePeriodStart?.message}>
              <Input
                type="date"
                {...fieldAria("servicePeriodStart", { error: errors.servicePeriodStart?.message })}
                {...register("servicePeriodStart")}
              />
            </FormField>
            <FormField label="Service to" htmlFor="servicePeriodEnd" error={errors.servicePeriodEnd?.message}>
              <Input
                type="date"
                {...fieldAria("servicePeriodEnd", { error: errors.servicePeriodEnd?.message })}
                {...register("servicePeriodEnd")}
              />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              label="Buyer reference"
              htmlFor="buyerReference"
              error={errors.buyerReference?.message}
              description="The client's reference, e.g. a Leitweg-ID."
            >
              <Input
                {...fieldAria("buyerReference", { error: errors.buyerReference?.message, description: true })}
                {...register("buyerReference")}
                maxLength={100}
                autoComplete="off"
              />
            </FormField>
            <FormField
              label="Purchase order"
              htmlFor="purchaseOrderReference"
              error={errors.purchaseOrderReference?.message}
            >
              <Input
                {...fieldAria("purchaseOrderReference", { error: errors.purchaseOrderReference?.message })}
                {...register("purchaseOrderReference")}
                maxLength={100}
                autoComplete="off"
              />
            </FormField>
            <FormField label="Payment means" htmlFor="paymentMeans" error={errors.paymentMeans?.message}>
              <NativeSelect
                {...fieldAria("paymentMeans", { error: errors.paymentMeans?.message })}
                {...register("paymentMeans")}
              >
                {PAYMENT_MEANS.map((means) => (
                  <option key={means} value={means}>
                    {PAYMENT_MEANS_LABELS[means]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Lines</CardTitle>
          <div className="flex flex-wrap gap-2">
            {kind === "invoice" ? (
              <UnbilledTimeDialog
                clientId={clientId}
                currency={currency}
                locale={locale}
                excludeIds={linkedIds}
                onAdd={addTimeLines}
              />
            ) : null}
            <Button type="button" variant="outline" onClick={() => lines.append(emptyLine(defaultRate))}>
              <PlusIcon aria-hidden="true" /> Add line
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-3">
          {proposal && kind === "invoice" ? (
            <p className="text-sm text-muted-foreground" data-testid="vat-proposal">
              VAT proposed for this client: {proposal.explanation}
              {proposedRate ? "" : " No such rate is configured in the settings."} Each line&apos;s rate can be changed.
            </p>
          ) : null}
          {lines.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No lines yet. Add a line, or add the client&apos;s unbilled time.
            </p>
          ) : null}
          {lines.fields.map((field, index) => {
            const id = (name: string) => `lines.${index}.${name}`;
            const net = live.nets[index];
            const timeCount = watchedLines?.[index]?.timeEntryIds?.length ?? 0;
            return (
              <fieldset key={field.key} className="grid gap-3 rounded-lg border p-3" data-testid="invoice-line">
                <legend className="px-1 text-sm font-medium">
                  Line {index + 1}
                  {timeCount > 0 ? (
                    <span className="ml-2 inline-flex items-center gap-1 text-xs font-normal text-muted-foreground">
                      <ClockIcon aria-hidden="true" className="size-3" /> bills {timeCount} time{" "}
                      {timeCount === 1 ? "entry" : "entries"}
                    </span>
                  ) : null}
                </legend>
                <FormField
                  label="Description"
                  htmlFor={id("description")}
                  error={lineError(index, "description")}
                  required
                >
                  <Textarea
                    rows={1}
                    {...fieldAria(id("description"), { error: lineError(index, "description") })}
                    {...register(`lines.${index}.description`)}
                    maxLength={500}
                    required
                  />
                </FormField>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[1fr_1fr_1.2fr_1fr_1.6fr_1fr]">
                  <FormField label="Quantity" htmlFor={id("quantity")} error={lineError(index, "quantity")} required>
                    <Input
                      {...fieldAria(id("quantity"), { error: lineError(index, "quantity") })}
                      {...register(`lines.${index}.quantity`)}
                      inputMode="decimal"
                      className="text-right tabular-nums"
                      required
                    />
                  </FormField>
                  <FormField label="Unit" htmlFor={id("unit")} error={lineError(index, "unit")} required>
                    <Input
                      {...fieldAria(id("unit"), { error: lineError(index, "unit") })}
                      {...register(`lines.${index}.unit`)}
                      list="invoice-units"
                      maxLength={20}
                      required
                    />
                  </FormField>
                  <FormField
                    label={`Unit price (${currency})`}
                    htmlFor={id("unitPrice")}
                    error={lineError(index, "unitPrice")}
                    required
                  >
                    <Input
                      {...fieldAria(id("unitPrice"), { error: lineError(index, "unitPrice") })}
                      {...register(`lines.${index}.unitPrice`)}
                      inputMode="decimal"
                      className="text-right tabular-nums"
                      required
                    />
                  </FormField>
                  <FormField label="Discount %" htmlFor={id("discount")} error={lineError(index, "discount")}>
                    <Input
                      {...fieldAria(id("discount"), { error: lineError(index, "discount") })}
                      {...register(`lines.${index}.discount`)}
                      inputMode="decimal"
                      placeholder="0"
                      className="text-right tabular-nums"
                    />
                  </FormField>
                  <FormField label="Tax rate" htmlFor={id("taxRateBp")} error={lineError(index, "taxRateBp")} required>
                    <NativeSelect
                      {...fieldAria(id("taxRateBp"), { error: lineError(index, "taxRateBp") })}
                      name={`lines.${index}.taxRate`}
                      value={rateKeyOf(watchedLines?.[index])}
                      onChange={(event) => chooseRate(index, event.target.value)}
                      required
                    >
                      {taxRates.map((rate) => (
                        <option key={taxRateKey(rate)} value={taxRateKey(rate)}>
                          {rate.label} ({formatBasisPoints(rate.basisPoints, locale)})
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                  <div className="grid content-start gap-2">
                    <span className="text-sm font-medium">Net</span>
                    <output
                      htmlFor={`${id("quantity")} ${id("unitPrice")} ${id("discount")}`}
                      className="flex h-9 items-center justify-end font-medium tabular-nums"
                    >
                      {net === null || net === undefined ? "—" : money(net)}
                    </output>
                  </div>
                </div>
                <div className="flex flex-wrap justify-end gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => lines.move(index, index - 1)}
                    disabled={index === 0}
                  >
                    <ArrowUpIcon aria-hidden="true" /> Up<span className="sr-only"> (line {index + 1})</span>
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => lines.move(index, index + 1)}
                    disabled={index === lines.fields.length - 1}
                  >
                    <ArrowDownIcon aria-hidden="true" /> Down<span className="sr-only"> (line {index + 1})</span>
                  </Button>
                  <Button type="button" variant="ghost" size="sm" onClick={() => lines.remove(index)}>
                    <Trash2Icon aria-hidden="true" /> Remove<span className="sr-only"> line {index + 1}</span>
                  </Button>
                </div>
              </fieldset>
            );
          })}
          <datalist id="invoice-units">
            <option value="hour" />
            <option value="day" />
            <option value="item" />
          </datalist>
          <div
            className="ml-auto grid w-full max-w-sm gap-1 text-sm tabular-nums"
            aria-live="polite"
            data-testid="invoice-totals"
          >
            {(live.totals && live.totals.taxes.length > 1 ? live.totals.taxes : []).map((row) => (
              <div key={`${row.category}:${row.rateBp}`} className="grid gap-1">
                <div className="flex justify-between text-muted-foreground">
                  <span>Net at {formatBasisPoints(row.rateBp, locale)}</span>
                  <span>{money(row.base)}</span>
                </div>
                <div className="flex justify-between text-muted-foreground">
                  <span>VAT at {formatBasisPoints(row.rateBp, locale)}</span>
                  <span>{money(row.tax)}</span>
                </div>
              </div>
            ))}
            <div className="flex justify-between">
              <span>Total net</span>
              <span>{live.totals ? money(live.totals.net) : "—"}</span>
            </div>
            <div className="flex justify-between">
              <span>Total VAT</span>
              <span>{live.totals ? money(live.totals.tax) : "—"}</span>
            </div>
            <div className="flex justify-between border-t pt-1 text-base font-semibold">
              <span>Total</span>
              <span data-testid="invoice-grand-total">{live.totals ? money(live.totals.total) : "—"}</span>
            </div>
            {live.incomplete ? (
              <p className="text-xs text-muted-foreground">
                Lines with an incomplete amount are left out until corrected.
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Notes and footer</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FormField
            label="Notes"
            htmlFor="notes"
            error={errors.notes?.message}
            description={`Shown on the ${documentName} above the footer.`}
          >
            <Textarea
              rows={3}
              {...fieldAria("notes", { error: errors.notes?.message, description: true })}
              {...register("notes")}
              maxLength={5000}
            />
          </FormField>
          <FormField
            label="Footer"
            htmlFor="footer"
            error={errors.footer?.message}
            description="Legal mentions and late-payment terms."
          >
            <Textarea
              rows={3}
              {...fieldAria("footer", { error: errors.footer?.message, description: true })}
              {...register("footer")}
              maxLength={5000}
            />
          </FormField>
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save draft"}
        </Button>
        <Button type="button" variant="outline" onClick={() => router.back()}>
          Cancel
        </Button>
        <input type="hidden" {...register("currency")} />
      </div>
    </form>
  );
}
