"use client";

// The "Notes and footer" card of the invoice, recurring invoice and quote forms.
import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";

export function NotesFooterCard({
  notes,
  footer,
  documentKind,
}: {
  notes: { registration: UseFormRegisterReturn; error?: string };
  footer: { registration: UseFormRegisterReturn; error?: string };
  /** Where the notes are shown. */
  documentKind: "invoice" | "credit_note" | "quote";
}) {
  const t = useTranslations("invoices.notesFooter");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <FormField
          label={t("notes")}
          htmlFor="notes"
          error={notes.error}
          description={t("notesHint", { kind: documentKind })}
        >
          <Textarea
            rows={3}
            {...fieldAria("notes", { error: notes.error, description: true })}
            {...notes.registration}
            maxLength={5000}
          />
        </FormField>
        <FormField label={t("footer")} htmlFor="footer" error={footer.error} description={t("footerHint")}>
          <Textarea
            rows={3}
            {...fieldAria("footer", { error: footer.error, description: true })}
            {...footer.registration}
            maxLength={5000}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
