"use client";

import { CheckIcon, RotateCcwIcon, Undo2Icon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormError } from "@/components/form-error";
import type { ActionResult } from "@/lib/action";
import { fieldAria, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { useAction, useActionForm } from "@/components/use-action-form";
import {
  approveTimesheetAction,
  rejectTimesheetAction,
  reopenTimesheetAction,
  submitTimesheetAction,
  withdrawTimesheetAction,
} from "../timesheet-actions";
import { MAX_REJECTION_REASON_LENGTH } from "../timesheet-rules";
import { type RejectTimesheetInput, rejectTimesheetInput } from "../timesheet-schemas";

type Target = { id: string; version: number; label: string };

/** One press, one transition of the week; the result is a toast. */
function TransitionButton({
  run,
  variant,
  size = "default",
  children,
}: {
  run: () => Promise<ActionResult<unknown>>;
  variant?: "outline";
  size?: "default" | "sm";
  children: React.ReactNode;
}) {
  const action = useAction();
  const t = useTranslations("timesheets.decision");
  return (
    <Button
      variant={variant}
      size={size}
      disabled={action.pending}
      onClick={() => void action.run(run, { success: t("done"), errorToast: true })}
    >
      {children}
    </Button>
  );
}

export function ApproveButton({ target, size = "default" }: { target: Target; size?: "default" | "sm" }) {
  const t = useTranslations("timesheets.decision");
  return (
    <TransitionButton size={size} run={() => approveTimesheetAction({ id: target.id, version: target.version })}>
      <CheckIcon aria-hidden="true" />
      {t("approve")}
      <span className="sr-only"> {target.label}</span>
    </TransitionButton>
  );
}

export function SubmitButton({ target }: { target: Target }) {
  const t = useTranslations("timesheets.decision");
  return (
    <TransitionButton run={() => submitTimesheetAction({ id: target.id, version: target.version })}>
      {t("submit")}
    </TransitionButton>
  );
}

/** The owner takes a submitted week back before a manager decides (no need to ask for a rejection). */
export function WithdrawButton({ target }: { target: Target }) {
  const t = useTranslations("timesheets.decision");
  return (
    <TransitionButton variant="outline" run={() => withdrawTimesheetAction({ id: target.id, version: target.version })}>
      <Undo2Icon aria-hidden="true" />
      {t("withdraw")}
    </TransitionButton>
  );
}

export function ReopenButton({ target }: { target: Target }) {
  const { pending, run } = useAction();
  const [open, setOpen] = useState(false);
  const t = useTranslations("timesheets.decision");
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <RotateCcwIcon aria-hidden="true" />
          {t("reopen")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("reopenTitle")}</DialogTitle>
          <DialogDescription>{t("reopenDescription")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button
            disabled={pending}
            onClick={() =>
              void run(() => reopenTimesheetAction({ id: target.id, version: target.version }), {
                success: t("done"),
                errorToast: true,
                onSuccess: () => setOpen(false),
              })
            }
          >
            {t("reopenConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Reject with a reason (required): the owner sees it on the week and fixes it. */
export function RejectButton({ target, size = "default" }: { target: Target; size?: "default" | "sm" }) {
  const [open, setOpen] = useState(false);
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
      setOpen(false);
      form.reset(empty);
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // What was typed stays for another try; its errors go.
        form.clearErrors();
        clearError();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size={size}>
          <XIcon aria-hidden="true" />
          {t("reject")}
          <span className="sr-only"> {target.label}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("rejectTitle", { label: target.label })}</DialogTitle>
          <DialogDescription>{t("rejectDescription")}</DialogDescription>
        </DialogHeader>
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
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {t("rejectConfirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
