"use client";
// The form of "Send by email" (send-invoice-dialog.tsx), loaded on first use (decision 072).

import { SendIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { DialogFrame } from "@/components/dialog-frame";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import type { LazyDialogProps } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useActionForm } from "@/components/use-action-form";
import { sendInvoiceEmailAction } from "../invoice-mail-actions";
import { sendInvoiceEmailInput } from "../mail-schemas";
import type { SendInvoiceDialogProps } from "./send-invoice-dialog";
import { MailSenderFacts } from "./mail-sender-facts";

type Values = z.input<typeof sendInvoiceEmailInput>;

/** Mounted anew at each opening (its key): it starts from the defaults. */
export function SendInvoiceForm({
  invoiceId,
  number,
  defaults,
  ...dialog
}: Omit<SendInvoiceDialogProps, "alreadySent"> & LazyDialogProps) {
  const t = useTranslations("mail.sendInvoice");
  const { form, submit, formError } = useActionForm<Values>({
    schema: sendInvoiceEmailInput,
    defaultValues: {
      invoiceId,
      to: defaults.to,
      cc: defaults.cc,
      subject: defaults.subject,
      message: defaults.message,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => dialog.onOpenChange(false);
  const onSubmit = submit(sendInvoiceEmailAction, { success: "Invoice sent.", onSuccess: close });

  return (
    <DialogFrame
      {...dialog}
      className="sm:max-w-xl"
      title={t("title", { number })}
      description={t("description", { link: defaults.includesLink ? "yes" : "no" })}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormError {...formError} />
        <MailSenderFacts from={defaults.from} replyTo={defaults.replyTo} />
        <FormField label={t("to")} htmlFor="send-to" error={errors.to?.message} required description={t("toHelp")}>
          <Input
            {...fieldAria("send-to", { error: errors.to?.message, description: true })}
            {...form.register("to")}
            type="text"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            required
          />
        </FormField>
        <FormField label={t("cc")} htmlFor="send-cc" error={errors.cc?.message}>
          <Input
            {...fieldAria("send-cc", { error: errors.cc?.message })}
            {...form.register("cc")}
            type="text"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <FormField label={t("subject")} htmlFor="send-subject" error={errors.subject?.message} required>
          <Input
            {...fieldAria("send-subject", { error: errors.subject?.message })}
            {...form.register("subject")}
            required
            maxLength={200}
          />
        </FormField>
        <FormField label={t("message")} htmlFor="send-message" error={errors.message?.message} required>
          <Textarea
            {...fieldAria("send-message", { error: errors.message?.message })}
            {...form.register("message")}
            rows={8}
            required
            maxLength={5000}
          />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            <SendIcon aria-hidden="true" />
            {isSubmitting ? t("sending") : t("send")}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}
