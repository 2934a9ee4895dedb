"use client";
// The dialogs of a week's decisions that ask something first, loaded on first use by
// timesheet-decision.tsx (decision 072).

import { useTranslations } from "next-intl";
import { DialogFrame } from "@/components/dialog-frame";
import { FormError } from "@/components/form-error";
import { fieldAria, FormField } from "@/components/form-field";
import type { LazyDialogProps } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { useAction, useActionForm } from "@/components/use-action-form";
import { rejectTimesheetAction, reopenTimesheetAction } from "../timesheet-actions";
import { MAX_REJECTION_REASON_LENGTH } from "../timesheet-rules";
import { type RejectTimesheetInput, rejectTimesheetInput } from "../timesheet-schemas";
import type { DecisionTarget } from "./timesheet-decision";

type Props = LazyDialogProps & { target: DecisionTarget };

export function ReopenDialog({ target, ...dialog }: Props) {
  const { pending, run } = useAction();
  const t = useTranslations("timesheets.decision");
  return (
    <DialogFrame {...dialog} title={t("reopenTitle")} description={t("reopenDescription")}>
      <DialogFooter>
        <Button variant="outline" onClick={() => dialog.onOpenChange(false)}>
          {t("cancel")}
        </Button>
        <Button
          disabled={pending}
          onClick={() =>
            void run(() => reopenTimesheetAction({ id: target.id, version: target.version }), {
              success: t("done"),
              errorToast: true,
              onSuccess: () => dialog.onOpenChange(false),
            })
          }
        >
          {t("reopenConfirm")}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}

export function RejectDialog({ target, ...dialog }: Props) {
  const t = useTranslations("timesheets.decision");
  const empty = { id: target.id, version: target.version, reason: "" };
  const { form, submit, formError, clearError } = useActionForm<RejectTimesheetInput>({
    schema: rejectTimesheetInput,
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.reason?.message;
  const fieldId = `reject-reason-${target.id}`;
  // The week as the page shows it now (a refresh may have brought a newer version).
  const onSubmit = submit((values) => rejectTimesheetAction({ ...values, id: target.id, version: target.version }), {
    success: t("done"),
    onSuccess: () => {
      dialog.onOpenChange(false);
      form.reset(empty);
    },
  });
  return (
    <DialogFrame
      {...dialog}
      onOpenChange={(next) => {
        dialog.onOpenChange(next);
        // What was typed stays for another try; its errors go.
        form.clearErrors();
        clearError();
      }}
      title={t("rejectTitle", { label: target.label })}
      description={t("rejectDescription")}
    >
      <form noValidate className="grid gap-4" onSubmit={onSubmit}>
        <FormError {...formError} />
        <FormField label={t("reason")} htmlFor={fieldId} error={error} required>
          <Textarea
            {...fieldAria(fieldId, { error })}
            {...form.register("reason")}
            maxLength={MAX_REJECTION_REASON_LENGTH}
            required
            rows={4}
          />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => dialog.onOpenChange(false)}>
            {t("cancel")}
          </Button>
          <Button type="submit" variant="destructive" disabled={isSubmitting}>
            {t("rejectConfirm")}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}
