"use client";

import { SendIcon } from "lucide-react";
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
      <Button type="button" variant="outline" disabled title={defaults.reason ?? undefined}>
        <SendIcon aria-hidden="true" />
        Send by email
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
          {alreadySent ? "Send again" : "Send by email"}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Send invoice {number}</DialogTitle>
          <DialogDescription>
            The PDF is attached
            {defaults.includesLink ? ", with a new link to view it online (Settings → Client links)" : ""}. The mail
            goes through the outbox, where you can follow it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormError {...formError} />
          <MailSenderFacts from={defaults.from} replyTo={defaults.replyTo} />
          <FormField
            label="To"
            htmlFor="send-to"
            error={errors.to?.message}
            required
            description="One or more addresses, separated by commas."
          >
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
          <FormField label="Cc" htmlFor="send-cc" error={errors.cc?.message}>
            <Input
              {...fieldAria("send-cc", { error: errors.cc?.message })}
              {...form.register("cc")}
              type="text"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
          <FormField label="Subject" htmlFor="send-subject" error={errors.subject?.message} required>
            <Input
              {...fieldAria("send-subject", { error: errors.subject?.message })}
              {...form.register("subject")}
              required
              maxLength={200}
            />
          </FormField>
          <FormField label="Message" htmlFor="send-message" error={errors.message?.message} required>
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
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              <SendIcon aria-hidden="true" />
              {isSubmitting ? "Sending…" : "Send"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
