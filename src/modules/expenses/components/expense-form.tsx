"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "@/components/form-error";
import { fieldAria, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useActionForm } from "@/components/use-action-form";
import { EXPENSE_CATEGORIES } from "@/db/schema/expenses";
import { createExpenseAction, updateExpenseAction } from "../expense-actions";
import { createExpenseInput, type ExpenseFormValues, RECEIPT_ACCEPT, RECEIPT_MAX_BYTES } from "../expense-schemas";

export type ExpenseProjectOption = {
  clientName: string;
  currency: string;
  projects: { id: string; name: string; billableByDefault: boolean }[];
};

export type EditableExpense = ExpenseFormValues & { id: string; version: number; receiptName: string | null };

/**
 * Record an expense (no `expense`) or change one. The fields are checked with the action's
 * schema before sending; they go as FormData with the receipt file, whose bytes the server checks.
 */
export function ExpenseForm({
  expense,
  clients,
  today,
}: {
  expense?: EditableExpense;
  clients: ExpenseProjectOption[];
  today: string;
}) {
  const router = useRouter();
  const t = useTranslations("expenses.form");
  const categoryName = useTranslations("expenses.category");
  const [receipt, setReceipt] = useState<File | null>(null);
  const [removeReceipt, setRemoveReceipt] = useState(false);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const firstClient = clients[0];
  const { form, submit, formError } = useActionForm<ExpenseFormValues>({
    schema: createExpenseInput,
    defaultValues: expense ?? {
      projectId: "",
      date: today,
      category: "travel",
      description: "",
      currency: firstClient?.currency ?? "EUR",
      netAmount: "",
      vatAmount: "",
      billable: true,
      markup: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (field: keyof ExpenseFormValues) => errors[field]?.message;

  const onSubmit = submit(
    async (values) => {
      setReceiptError(undefined);
      const data = new FormData();
      for (const [key, value] of Object.entries(values)) data.set(key, String(value ?? ""));
      data.set("billable", values.billable ? "true" : "false");
      const file = receipt;
      if (file && file.size > RECEIPT_MAX_BYTES) {
        const message = t("receiptTooLarge");
        setReceiptError(message);
        return { ok: false as const, message, fieldErrors: { receipt: message } };
      }
      if (file) data.set("receipt", file);
      if (expense) {
        data.set("id", expense.id);
        data.set("version", String(expense.version));
        data.set("removeReceipt", removeReceipt ? "true" : "false");
      }
      const result = await (expense ? updateExpenseAction(data) : createExpenseAction(data));
      if (!result.ok) setReceiptError(result.fieldErrors?.receipt);
      return result;
    },
    { refresh: false, onSuccess: (saved) => router.push(`/bo/expenses/${saved.id}`) },
  );

  function chooseProject(projectId: string) {
    const owner = clients.find((option) => option.projects.some((project) => project.id === projectId));
    const chosen = owner?.projects.find((project) => project.id === projectId);
    if (owner && !form.getFieldState("currency").isDirty) form.setValue("currency", owner.currency);
    if (chosen && !form.getFieldState("billable").isDirty) form.setValue("billable", chosen.billableByDefault);
  }

  const projectField = form.register("projectId", { onChange: (event) => chooseProject(event.target.value) });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={isSubmitting}>
      <FormError {...formError} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t("project")} htmlFor="projectId" error={error("projectId")} required>
          <NativeSelect {...fieldAria("projectId", { error: error("projectId") })} {...projectField} required>
            <option value="">{t("chooseProject")}</option>
            {clients.map((option) => (
              <optgroup key={option.clientName} label={option.clientName}>
                {option.projects.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t("date")} htmlFor="date" error={error("date")} required>
          <Input type="date" max={today} {...fieldAria("date", { error: error("date") })} {...form.register("date")} />
        </FormField>
        <FormField label={t("category")} htmlFor="category" error={error("category")} required>
          <NativeSelect {...fieldAria("category", { error: error("category") })} {...form.register("category")}>
            {EXPENSE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryName(category)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t("currency")} htmlFor="currency" error={error("currency")} required>
          <Input
            {...fieldAria("currency", { error: error("currency") })}
            {...form.register("currency")}
            maxLength={3}
            className="uppercase"
            autoComplete="off"
          />
        </FormField>
        <FormField label={t("netAmount")} htmlFor="netAmount" error={error("netAmount")} required>
          <Input
            {...fieldAria("netAmount", { error: error("netAmount") })}
            {...form.register("netAmount")}
            inputMode="decimal"
            className="text-right tabular-nums"
            autoComplete="off"
          />
        </FormField>
        <FormField label={t("vat")} htmlFor="vatAmount" error={error("vatAmount")} description={t("vatHint")}>
          <Input
            {...fieldAria("vatAmount", { error: error("vatAmount"), description: true })}
            {...form.register("vatAmount")}
            inputMode="decimal"
            className="text-right tabular-nums"
            autoComplete="off"
          />
        </FormField>
      </div>
      <FormField label={t("description")} htmlFor="description" error={error("description")}>
        <Textarea
          {...fieldAria("description", { error: error("description") })}
          {...form.register("description")}
          maxLength={500}
          rows={2}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <Checkbox id="billable" {...form.register("billable")} />
          <label htmlFor="billable" className="text-sm font-medium">
            {t("billable")}
          </label>
        </div>
        <FormField label={t("markup")} htmlFor="markup" error={error("markup")} description={t("markupHint")}>
          <Input
            {...fieldAria("markup", { error: error("markup"), description: true })}
            {...form.register("markup")}
            inputMode="decimal"
            className="text-right tabular-nums"
            autoComplete="off"
          />
        </FormField>
      </div>
      <FormField
        label={t("receipt")}
        htmlFor="receipt"
        error={receiptError}
        description={expense?.receiptName ? t("receiptReplace", { name: expense.receiptName }) : t("receiptHint")}
      >
        <Input
          type="file"
          onChange={(event) => setReceipt(event.currentTarget.files?.[0] ?? null)}
          name="receipt"
          accept={RECEIPT_ACCEPT}
          {...fieldAria("receipt", { error: receiptError, description: true })}
        />
      </FormField>
      {expense?.receiptName ? (
        <div className="flex items-center gap-2">
          <Checkbox
            id="removeReceipt"
            checked={removeReceipt}
            onChange={(event) => setRemoveReceipt(event.currentTarget.checked)}
          />
          <label htmlFor="removeReceipt" className="text-sm">
            {t("removeReceipt")}
          </label>
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {expense ? t("save") : t("record")}
        </Button>
      </div>
    </form>
  );
}
