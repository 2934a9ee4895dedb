"use client";

import { CheckIcon, RotateCcwIcon, Trash2Icon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "@/components/form-error";
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
import type { z } from "zod";
import {
  approveExpenseAction,
  deleteExpenseAction,
  rejectExpenseAction,
  reopenExpenseAction,
} from "../expense-actions";
import { MAX_REJECTION_REASON_LENGTH } from "../expense-rules";
import { rejectExpenseInput } from "../expense-schemas";

type Target = { id: string; version: number };

export function ApproveExpenseButton({ target }: { target: Target }) {
  const t = useTranslations("expenses.decision");
  const { pending, run } = useAction();
  return (
    <Button disabled={pending} onClick={() => void run(() => approveExpenseAction(target), { errorToast: true })}>
      <CheckIcon aria-hidden="true" />
      {t("approve")}
    </Button>
  );
}

export function ReopenExpenseButton({ target }: { target: Target }) {
  const t = useTranslations("expenses.decision");
  const { pending, run } = useAction();
  return (
    <Button
      variant="outline"
      disabled={pending}
      onClick={() => void run(() => reopenExpenseAction(target), { errorToast: true })}
    >
      <RotateCcwIcon aria-hidden="true" />
      {t("reopen")}
    </Button>
  );
}

/** Deleting cannot be undone: it asks first. */
export function DeleteExpenseButton({ target }: { target: Target }) {
  const router = useRouter();
  const t = useTranslations("expenses.decision");
  const { pending, run } = useAction();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Trash2Icon aria-hidden="true" />
          {t("delete")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("deleteTitle")}</DialogTitle>
          <DialogDescription>{t("deleteDescription")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={() =>
              void run(() => deleteExpenseAction(target), {
                errorToast: true,
                refresh: false,
                onSuccess: () => router.push("/bo/expenses"),
              })
            }
          >
            {t("deleteConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type RejectValues = z.input<typeof rejectExpenseInput>;

/** Reject with a reason (required): the owner sees it and corrects the expense. */
export function RejectExpenseButton({ target }: { target: Target }) {
  const [open, setOpen] = useState(false);
  const t = useTranslations("expenses.decision");
  const { form, submit, formError } = useActionForm<RejectValues>({
    schema: rejectExpenseInput,
    defaultValues: { ...target, reason: "" },
  });
  const error = form.formState.errors.reason?.message;
  const onSubmit = submit((values) => rejectExpenseAction({ ...values, ...target }), {
    onSuccess: () => setOpen(false),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <XIcon aria-hidden="true" />
          {t("reject")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("rejectTitle")}</DialogTitle>
          <DialogDescription>{t("rejectDescription")}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={onSubmit}>
          <FormError {...formError} />
          <FormField label={t("reason")} htmlFor="expense-reject-reason" error={error} required>
            <Textarea
              {...fieldAria("expense-reject-reason", { error })}
              {...form.register("reason")}
              maxLength={MAX_REJECTION_REASON_LENGTH}
              rows={3}
              required
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={form.formState.isSubmitting}>
              {t("rejectConfirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
