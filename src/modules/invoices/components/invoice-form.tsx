"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { type UseFormReturn, useController, useFieldArray, useWatch } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { PaymentMeansField } from "./payment-means-field";
import { useActionForm } from "@/components/use-action-form";
import { useTextTranslator } from "@/i18n/use-texts";
import { addDaysToDate, isValidDateString } from "@/lib/dates";
import { ClientPicker, type PickedClient } from "@/modules/clients/components/client-picker";
import {
  createInvoiceAction,
  loadInvoiceClientAction,
  loadInvoiceProjectsAction,
  updateInvoiceAction,
} from "../invoice-actions";
import type { InvoiceFormClient, InvoiceLineProject } from "../invoice-form-queries";
import type { InvoiceKind } from "../invoice-rules";
import { type CreateInvoiceInput, createInvoiceInput, updateInvoiceInput } from "../invoice-schemas";
import { proposeVatCategory, rateForCategory, type TaxRateChoice, type VatProposal } from "../vat-categories";
import { NotesFooterCard } from "./notes-footer-card";
import { InvoiceLinesCard, type LinesFieldArray, type LinesFormValues } from "./invoice-lines-card";
import { UnbilledTimeDialog, type NewTimeLine } from "./unbilled-time-dialog";

export type InvoiceFormValues = CreateInvoiceInput & { id?: string; version?: number };
type LineValues = InvoiceFormValues["lines"][number];

export type InvoiceFormProps = {
  kind: InvoiceKind;
  initialValues: InvoiceFormValues;
  /** The client already chosen (a draft's, or the one a link asked for), or null. */
  client: InvoiceFormClient | null;
  /** That client's projects a line may be for (findInvoiceLineProjects); loaded again when the client changes. */
  projects: InvoiceLineProject[];
  taxRates: TaxRateChoice[];
  /** The firm's country, from which the VAT category for a client is proposed. */
  firmCountry: string;
  locale: string;
};

/** A line nobody typed in: dropped on saving rather than refused (it blocked saving after adding time). */
function isUntouchedLine(line: LineValues | undefined): boolean {
  if (!line) return false;
  return (
    String(line.description ?? "").trim() === "" &&
    String(line.unitPrice ?? "").trim() === "" &&
    String(line.discount ?? "").trim() === "" &&
    String(line.quantity ?? "").trim() === "1" &&
    (line.timeEntryIds ?? []).length === 0 &&
    (line.expenseIds ?? []).length === 0 &&
    !line.projectId
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

export function InvoiceForm({
  kind,
  initialValues,
  client,
  projects: initialProjects,
  taxRates,
  firmCountry,
  locale,
}: InvoiceFormProps) {
  const t = useTranslations("invoices.form");
  const translateText = useTextTranslator();
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
  // The chosen client's details, fetched when the picker chooses one (only the answer to the
  // latest choice counts).
  const [selectedClient, setSelectedClient] = useState<InvoiceFormClient | null>(client);
  const [clientStatus, setClientStatus] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const latestClient = useRef(0);
  const [projects, setProjects] = useState<InvoiceLineProject[]>(initialProjects);
  const linkedIds = new Set(
    (watchedLines ?? []).flatMap((line) => [...(line?.timeEntryIds ?? []), ...(line?.expenseIds ?? [])]),
  );

  function followTerms(issueDate: string, terms: number | undefined) {
    if (dueTouched || terms === undefined || !isValidDateString(issueDate)) return;
    setValue("dueDate", addDaysToDate(issueDate, terms), { shouldDirty: true });
  }

  const onClientChange = async (picked: PickedClient | null) => {
    const asked = ++latestClient.current;
    clientField.onChange(picked?.id ?? "");
    setSelectedClient(null);
    setClientStatus({ loading: Boolean(picked), error: null });
    setProjects([]);
    // A project of the client chosen before is no longer one of the invoice's.
    getValues("lines").forEach((line, index) => {
      if (line?.projectId) setValue(`lines.${index}.projectId`, "", { shouldDirty: true });
    });
    if (!picked) return;
    const [result, projectsResult] = await Promise.all([
      loadInvoiceClientAction({ clientId: picked.id }).catch(() => null),
      loadInvoiceProjectsAction({ clientId: picked.id }).catch(() => null),
    ]);
    if (asked !== latestClient.current) return;
    if (projectsResult?.ok) setProjects(projectsResult.data);
    if (!result || !result.ok) {
      setClientStatus({
        loading: false,
        error: result ? result.message : t("clientNotLoaded"),
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

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <FormError {...formError} />
      <Card>
        <CardHeader>
          <CardTitle>{t("clientAndDates")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 md:grid-cols-2">
            {kind === "credit_note" ? (
              <div className="grid content-start gap-2">
                <span className="text-sm font-medium">{t("client")}</span>
                <p className="text-sm">
                  {t("creditNoteClient", { client: selectedClient?.name ?? t("creditedInvoiceClient") })}
                </p>
                <input type="hidden" {...register("clientId")} />
              </div>
            ) : (
              <FormField
                label={t("client")}
                htmlFor="clientId"
                error={errors.clientId?.message}
                required
                className="content-start"
              >
                <ClientPicker
                  id="clientId"
                  name="clientId"
                  selected={client ? { id: client.id, name: client.name } : null}
                  anyLabel={t("noClient")}
                  placeholder={t("clientPlaceholder")}
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
                <span className="text-muted-foreground">{t("clientLoading")}</span>
              ) : clientStatus.error ? (
                <span className="text-destructive">{clientStatus.error}</span>
              ) : selectedClient ? (
                <>
                  <span className="font-medium">
                    {selectedClient.name}
                    {selectedClient.archived ? (
                      <span className="font-normal text-muted-foreground"> {t("archived")}</span>
                    ) : null}
                  </span>
                  {selectedClient.addressLines.map((line) => (
                    <span key={line} className="text-muted-foreground">
                      {line}
                    </span>
                  ))}
                  <span className="text-muted-foreground">
                    {[
                      selectedClient.country,
                      selectedClient.vatNumber ? t("vatNumber", { number: selectedClient.vatNumber }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                  <span className="text-muted-foreground">
                    {t("clientTerms", {
                      currency: selectedClient.currency,
                      days: selectedClient.paymentTermsDays,
                    })}
                  </span>
                </>
              ) : (
                <span className="text-muted-foreground">{t("clientPlaceholderDetails")}</span>
              )}
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FormField label={t("issueDate")} htmlFor="issueDate" error={errors.issueDate?.message} required>
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
            <FormField label={t("dueDate")} htmlFor="dueDate" error={errors.dueDate?.message} required>
              <Input
                type="date"
                {...fieldAria("dueDate", { error: errors.dueDate?.message })}
                {...register("dueDate", { onChange: () => setDueTouched(true) })}
                required
              />
            </FormField>
            <FormField label={t("serviceFrom")} htmlFor="servicePeriodStart" error={errors.servicePeriodStart?.message}>
              <Input
                type="date"
                {...fieldAria("servicePeriodStart", { error: errors.servicePeriodStart?.message })}
                {...register("servicePeriodStart")}
              />
            </FormField>
            <FormField label={t("serviceTo")} htmlFor="servicePeriodEnd" error={errors.servicePeriodEnd?.message}>
              <Input
                type="date"
                {...fieldAria("servicePeriodEnd", { error: errors.servicePeriodEnd?.message })}
                {...register("servicePeriodEnd")}
              />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              label={t("buyerReference")}
              htmlFor="buyerReference"
              error={errors.buyerReference?.message}
              description={t("buyerReferenceHint")}
            >
              <Input
                {...fieldAria("buyerReference", { error: errors.buyerReference?.message, description: true })}
                {...register("buyerReference")}
                maxLength={100}
                autoComplete="off"
              />
            </FormField>
            <FormField
              label={t("purchaseOrder")}
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
            <PaymentMeansField registration={register("paymentMeans")} error={errors.paymentMeans?.message} />
          </div>
        </CardContent>
      </Card>

      <InvoiceLinesCard
        form={form as unknown as UseFormReturn<LinesFormValues>}
        lines={lines as unknown as LinesFieldArray}
        kind={kind}
        taxRates={taxRates}
        locale={locale}
        defaultRate={defaultRate}
        emptyText={t("noLines")}
        projects={projects}
        actions={
          kind === "invoice" ? (
            <UnbilledTimeDialog
              clientId={clientId}
              currency={currency}
              locale={locale}
              excludeIds={linkedIds}
              onAdd={addTimeLines}
            />
          ) : null
        }
        notice={
          proposal && kind === "invoice" ? (
            <p className="text-sm text-muted-foreground" data-testid="vat-proposal">
              {t(proposedRate ? "vatProposal" : "vatProposalNoRate", {
                explanation: translateText(proposal.explanation),
              })}
            </p>
          ) : null
        }
      />

      <NotesFooterCard
        notes={{ registration: register("notes"), error: errors.notes?.message }}
        footer={{ registration: register("footer"), error: errors.footer?.message }}
        documentKind={kind}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("saving") : t("saveDraft")}
        </Button>
        <Button type="button" variant="outline" onClick={() => router.back()}>
          {t("cancel")}
        </Button>
        <input type="hidden" {...register("currency")} />
      </div>
    </form>
  );
}
