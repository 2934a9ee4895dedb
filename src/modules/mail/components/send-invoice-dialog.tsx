"use client";

import { SendIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
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
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useActionForm } from "@/components/use-action-form";
import { useTextTranslator } from "@/i18n/use-texts";
import type { SendInvoiceDefaults } from "../invoice-mail";
import { sendInvoiceEmailAction } from "../invoice-mail-actions";
import { MailSenderFacts } from "./mail-sender-facts";
import { sendInvoiceEmailInput } from "../mail-schemas";

type Values = z.input<typeof sendInvoiceEmailInput>;

export type SendInvoiceDialogProps = {
  invoiceId: string;
  number: string;
  /** From getSendInvoiceDefaults (src/modules/mail/invoice-mail.ts). */
  defaults: SendInvoiceDefaults;
  alreadySent?: boolean;
};

/** "Send by email": recipients (the client's billing email by default), subject and message; the PDF is attached. */
export function SendInvoiceDialog({ invoiceId, number, defaults, alreadySent = false }: SendInvoiceDialogProps) {
  const t = useTranslations("mail.sendInvoice");
  const translate = useTextTranslator();
  const [open, setOpen] = useState(false);
  const initial: Values = {
    invoiceId,
    to: defaults.to,
    cc: defaults.cc,
    subject: defaults.subject,
    message: defaults.message,
  };
  const { form, submit, formError, clearError } = useActionForm<Values>({
    schema: sendInvoiceEmailInput,
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = submit(sendInvoiceEmailAction, { success: "Invoice sent.", onSuccess: () => setOpen(false) });

  if (!defaults.canSend) {
    return (
      <Button type="button" variant="outline" disabled title={defaults.reason ? translate(defaults.reason) : undefined}>
        <SendIcon aria-hidden="true" />
        {t("sendByEmail")}
      </Button>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          form.reset(initial);
          clearError();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant={alreadySent ? "outline" : "default"}>
          <SendIcon aria-hidden="true" />
          {alreadySent ? t("sendAgain") : t("sendByEmail")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("title", { number })}</DialogTitle>
          <DialogDescription>{t("description", { link: defaults.includesLink ? "yes" : "no" })}</DialogDescription>
        </DialogHeader>
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
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              <SendIcon aria-hidden="true" />
              {isSubmitting ? t("sending") : t("send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
