"use client";

// Accept / Decline on a quote's shared page (decision 064): the person types their name, which is
// recorded with the time and their address in the quote's history. Its words come from the page, in
// the quote's language (the client's), not the visitor's browser's.
import { CheckIcon, XIcon } from "lucide-react";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/use-action-form";
import { answerSharedQuoteAction } from "../quote-actions";
import { type AnswerSharedQuoteInput, answerSharedQuoteInput } from "../quote-schemas";

export type SharedQuoteAnswerLabels = { title: string; text: string; name: string; accept: string; decline: string };

export function SharedQuoteAnswer({ token, labels }: { token: string; labels: SharedQuoteAnswerLabels }) {
  const { form, submit, formError } = useActionForm<AnswerSharedQuoteInput>({
    schema: answerSharedQuoteInput,
    defaultValues: { token, decision: "accept", name: "" },
  });
  const nameError = form.formState.errors.name?.message;
  const busy = form.formState.isSubmitting;
  const onSubmit = submit(answerSharedQuoteAction);
  const answer = (decision: "accept" | "decline") => () => form.setValue("decision", decision);
  return (
    <section aria-labelledby="answer-heading" className="grid gap-3 rounded-lg border p-4">
      <h2 id="answer-heading" className="text-base font-semibold">
        {labels.title}
      </h2>
      <p className="text-sm text-muted-foreground">{labels.text}</p>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
        <FormError {...formError} className="basis-full" />
        <FormField label={labels.name} htmlFor="answer-name" error={nameError} required>
          <Input
            {...fieldAria("answer-name", { error: nameError })}
            {...form.register("name")}
            id="answer-name"
            autoComplete="name"
            maxLength={120}
            required
            className="w-64"
          />
        </FormField>
        <Button type="submit" disabled={busy} onClick={answer("accept")}>
          <CheckIcon aria-hidden="true" />
          {labels.accept}
        </Button>
        <Button type="submit" variant="outline" disabled={busy} onClick={answer("decline")}>
          <XIcon aria-hidden="true" />
          {labels.decline}
        </Button>
      </form>
    </section>
  );
}
