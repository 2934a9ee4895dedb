"use client";

// The "Notes and footer" card of the invoice, recurring invoice and quote forms.
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";

export function NotesFooterCard({
  notes,
  footer,
  documentName,
}: {
  notes: { registration: UseFormRegisterReturn; error?: string };
  footer: { registration: UseFormRegisterReturn; error?: string };
  /** "invoice", "credit note", "quote": where the notes are shown. */
  documentName: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notes and footer</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <FormField
          label="Notes"
          htmlFor="notes"
          error={notes.error}
          description={`Shown on the ${documentName} above the footer.`}
        >
          <Textarea
            rows={3}
            {...fieldAria("notes", { error: notes.error, description: true })}
            {...notes.registration}
            maxLength={5000}
          />
        </FormField>
        <FormField
          label="Footer"
          htmlFor="footer"
          error={footer.error}
          description="Legal mentions and late-payment terms."
        >
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
