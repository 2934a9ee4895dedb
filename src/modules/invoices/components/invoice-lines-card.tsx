"use client";

// The lines of an invoice (or of a recurring invoice's template): each line's fields, its net, and
// the live totals computed with the very function the server uses.
import { ArrowDownIcon, ArrowUpIcon, ClockIcon, PlusIcon, ReceiptIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type ReactNode, useMemo } from "react";
import { type UseFieldArrayReturn, type UseFormReturn, useWatch } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { formatBasisPoints, formatMoney, parseMoneyInput } from "@/lib/money";
import { computeInvoiceTotals, parseDiscountPercent, parseQuantity, type TotalsLineInput } from "../invoice-amounts";
import type { InvoiceLineProject } from "../invoice-form-queries";
import type { InvoiceKind } from "../invoice-rules";
import type { InvoiceLineValues } from "../invoice-schemas";
import { taxRateKey, type TaxRateChoice, type VatCategory } from "../vat-categories";

/** What the lines need of the form they are in. */
export type LinesFormValues = { currency: string; lines: InvoiceLineValues[] };
export type LinesFieldArray = UseFieldArrayReturn<LinesFormValues, "lines", "key">;
type LineValues = InvoiceLineValues;

export const emptyLine = (rate: Pick<TaxRateChoice, "basisPoints" | "category">): LineValues => ({
  description: "",
  quantity: "1",
  unit: "hour",
  unitPrice: "",
  discount: "",
  taxRateBp: rate.basisPoints,
  vatCategory: rate.category,
  timeEntryIds: [],
  expenseIds: [],
  projectId: "",
});

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

export type InvoiceLinesCardProps = {
  form: UseFormReturn<LinesFormValues>;
  lines: LinesFieldArray;
  kind: InvoiceKind;
  taxRates: TaxRateChoice[];
  locale: string;
  /** The rate a new line takes. */
  defaultRate: Pick<TaxRateChoice, "basisPoints" | "category">;
  emptyText: string;
  /** Buttons next to "Add line" (e.g. "Add unbilled time"). */
  actions?: ReactNode;
  /** A note above the lines (e.g. the VAT proposed for the client). */
  notice?: ReactNode;
  /**
   * The client's projects a line of no time or expenses may be for (invoices only, decision 068):
   * with them, such a line has a "Project" select; templates and quotes pass none.
   */
  projects?: InvoiceLineProject[];
};

export function InvoiceLinesCard({
  form,
  lines,
  kind,
  taxRates,
  locale,
  defaultRate,
  emptyText,
  actions,
  notice,
  projects,
}: InvoiceLinesCardProps) {
  const t = useTranslations("invoices.lines");
  const { register, control, formState, setValue } = form;
  const { errors } = formState;
  const currency = useWatch({ control, name: "currency" }) || "EUR";
  const watchedLines = useWatch({ control, name: "lines" });
  const live = useLiveTotals(watchedLines, currency, kind);
  const money = (minor: number) => formatMoney(minor, currency, locale);

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
  const lineError = (index: number, field: keyof LineValues) => {
    const error = errors.lines?.[index]?.[field];
    return error && "message" in error ? (error.message as string | undefined) : undefined;
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t("title")}</CardTitle>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button type="button" variant="outline" onClick={() => lines.append(emptyLine(defaultRate))}>
            <PlusIcon aria-hidden="true" /> {t("addLine")}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {notice}
        {lines.fields.length === 0 ? <p className="text-sm text-muted-foreground">{emptyText}</p> : null}
        {lines.fields.map((field, index) => {
          const id = (name: string) => `lines.${index}.${name}`;
          const net = live.nets[index];
          const timeCount = watchedLines?.[index]?.timeEntryIds?.length ?? 0;
          const expenseCount = watchedLines?.[index]?.expenseIds?.length ?? 0;
          return (
            <fieldset key={field.key} className="grid gap-3 rounded-lg border p-3" data-testid="invoice-line">
              <legend className="px-1 text-sm font-medium">
                {t("line", { number: index + 1 })}
                {timeCount > 0 ? (
                  <span className="ml-2 inline-flex items-center gap-1 text-xs font-normal text-muted-foreground">
                    <ClockIcon aria-hidden="true" className="size-3" /> {t("billsTime", { count: timeCount })}
                  </span>
                ) : null}
                {expenseCount > 0 ? (
                  <span className="ml-2 inline-flex items-center gap-1 text-xs font-normal text-muted-foreground">
                    <ReceiptIcon aria-hidden="true" className="size-3" /> {t("billsExpenses", { count: expenseCount })}
                  </span>
                ) : null}
              </legend>
              <FormField
                label={t("description")}
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
                <FormField label={t("quantity")} htmlFor={id("quantity")} error={lineError(index, "quantity")} required>
                  <Input
                    {...fieldAria(id("quantity"), { error: lineError(index, "quantity") })}
                    {...register(`lines.${index}.quantity`)}
                    inputMode="decimal"
                    className="text-right tabular-nums"
                    required
                  />
                </FormField>
                <FormField label={t("unit")} htmlFor={id("unit")} error={lineError(index, "unit")} required>
                  <Input
                    {...fieldAria(id("unit"), { error: lineError(index, "unit") })}
                    {...register(`lines.${index}.unit`)}
                    list="invoice-units"
                    maxLength={20}
                    required
                  />
                </FormField>
                <FormField
                  label={t("unitPrice", { currency })}
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
                <FormField label={t("discount")} htmlFor={id("discount")} error={lineError(index, "discount")}>
                  <Input
                    {...fieldAria(id("discount"), { error: lineError(index, "discount") })}
                    {...register(`lines.${index}.discount`)}
                    inputMode="decimal"
                    placeholder="0"
                    className="text-right tabular-nums"
                  />
                </FormField>
                <FormField
                  label={t("taxRate")}
                  htmlFor={id("taxRateBp")}
                  error={lineError(index, "taxRateBp")}
                  required
                >
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
                  <span className="text-sm font-medium">{t("net")}</span>
                  <output
                    htmlFor={`${id("quantity")} ${id("unitPrice")} ${id("discount")}`}
                    className="flex h-9 items-center justify-end font-medium tabular-nums"
                  >
                    {net === null || net === undefined ? "—" : money(net)}
                  </output>
                </div>
              </div>
              {projects && timeCount === 0 && expenseCount === 0 ? (
                <FormField
                  label={t("project")}
                  htmlFor={id("projectId")}
                  error={lineError(index, "projectId")}
                  description={t("projectHint")}
                  className="sm:max-w-sm"
                >
                  <NativeSelect
                    {...fieldAria(id("projectId"), { error: lineError(index, "projectId"), description: true })}
                    {...register(`lines.${index}.projectId`)}
                  >
                    <option value="">{t("noProject")}</option>
                    {projects.map((project) => (
                      <option key={project.id} value={project.id}>
                        {project.archived ? t("archivedProject", { name: project.name }) : project.name}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              ) : null}
              <div className="flex flex-wrap justify-end gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => lines.move(index, index - 1)}
                  disabled={index === 0}
                >
                  <ArrowUpIcon aria-hidden="true" /> {t("up")}
                  <span className="sr-only"> {t("lineNumber", { number: index + 1 })}</span>
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => lines.move(index, index + 1)}
                  disabled={index === lines.fields.length - 1}
                >
                  <ArrowDownIcon aria-hidden="true" /> {t("down")}
                  <span className="sr-only"> {t("lineNumber", { number: index + 1 })}</span>
                </Button>
                <Button type="button" variant="ghost" size="sm" onClick={() => lines.remove(index)}>
                  <Trash2Icon aria-hidden="true" /> {t("remove")}
                  <span className="sr-only"> {t("removeLine", { number: index + 1 })}</span>
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
                <span>{t("netAt", { rate: formatBasisPoints(row.rateBp, locale) })}</span>
                <span>{money(row.base)}</span>
              </div>
              <div className="flex justify-between text-muted-foreground">
                <span>{t("vatAt", { rate: formatBasisPoints(row.rateBp, locale) })}</span>
                <span>{money(row.tax)}</span>
              </div>
            </div>
          ))}
          <div className="flex justify-between">
            <span>{t("totalNet")}</span>
            <span>{live.totals ? money(live.totals.net) : "—"}</span>
          </div>
          <div className="flex justify-between">
            <span>{t("totalVat")}</span>
            <span>{live.totals ? money(live.totals.tax) : "—"}</span>
          </div>
          <div className="flex justify-between border-t pt-1 text-base font-semibold">
            <span>{t("total")}</span>
            <span data-testid="invoice-grand-total">{live.totals ? money(live.totals.total) : "—"}</span>
          </div>
          {live.incomplete ? <p className="text-xs text-muted-foreground">{t("incomplete")}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}
