"use client";

// The lower half of the forms of documents with fixed lines (recurring invoices, quotes): the
// invoice form's own lines editor, the notes and footer, and the save and cancel buttons.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FieldValues, type UseFormReturn, useFieldArray } from "react-hook-form";
import { Button } from "@/components/ui/button";
import type { TaxRateChoice } from "../vat-categories";
import { InvoiceLinesCard, type LinesFieldArray, type LinesFormValues } from "./invoice-lines-card";
import { NotesFooterCard } from "./notes-footer-card";

type FixedLinesFormValues = LinesFormValues & { notes?: string | null; footer?: string | null };

export function FixedLinesSections<V extends FieldValues>({
  form,
  taxRates,
  locale,
  emptyText,
  documentKind,
  saveLabel,
}: {
  form: UseFormReturn<V>;
  taxRates: TaxRateChoice[];
  locale: string;
  /** What the lines card says while it has no line. */
  emptyText: string;
  /** Where the notes are shown. */
  documentKind: "invoice" | "quote";
  saveLabel: string;
}) {
  const t = useTranslations("invoices.form");
  const router = useRouter();
  const typed = form as unknown as UseFormReturn<FixedLinesFormValues>;
  const lines = useFieldArray({ control: typed.control, name: "lines", keyName: "key" });
  const { errors, isSubmitting } = typed.formState;
  const defaultRate = taxRates.find((rate) => rate.isDefault) ?? taxRates[0] ?? { basisPoints: 0, category: "S" };
  return (
    <>
      <InvoiceLinesCard
        form={typed as unknown as UseFormReturn<LinesFormValues>}
        lines={lines as unknown as LinesFieldArray}
        kind="invoice"
        taxRates={taxRates}
        locale={locale}
        defaultRate={defaultRate}
        emptyText={emptyText}
        actions={null}
      />
      {errors.lines?.message ? <p className="text-sm text-destructive">{errors.lines.message}</p> : null}

      <NotesFooterCard
        notes={{ registration: typed.register("notes"), error: errors.notes?.message }}
        footer={{ registration: typed.register("footer"), error: errors.footer?.message }}
        documentKind={documentKind}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("saving") : saveLabel}
        </Button>
        <Button type="button" variant="outline" onClick={() => router.back()}>
          {t("cancel")}
        </Button>
        <input type="hidden" {...typed.register("currency")} />
      </div>
    </>
  );
}
