"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { SendIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { FormField, fieldAria } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
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
import { sendInvoiceEmailAction } from "../invoice-mail-actions";
import { sendInvoiceEmailInput } from "../mail-schemas";

type Values = z.input<typeof sendInvoiceEmailInput>;
const FIELDS = ["to", "cc", "subject", "message"] as const;

export type SendInvoiceDialogProps = {
  invoiceId: string;
  number: string;
  /** From getSendInvoiceDefaults (src/modules/mail/invoice-mail.ts). */
  defaults: { to: string; cc: string; subject: string; message: string; canSend: boolean; reason: string | null };
  alreadySent?: boolean;
};

/** "Send by email": recipients (the client's billing email by default), subject and message; the PDF is attached. */
export function SendInvoiceDialog({ invoiceId, number, defaults, alreadySent = false }: SendInvoiceDialogProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const initial: Values = {
    invoiceId,
    to: defaults.to,
    cc: defaults.cc,
    subject: defaults.subject,
    message: defaults.message,
  };
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(sendInvoiceEmailInput, undefined, { raw: true }),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async () => {
    setFormError(null);
    const result = await sendInvoiceEmailAction(form.getValues());
    if (!result.ok) {
      setFormError(result.message);
      for (const field of FIELDS) {
        const message = result.fieldErrors?.[field];
        if (message) form.setError(field, { message });
      }
      return;
    }
    toast.success(result.message ?? "Invoice sent.");
    setOpen(false);
    router.refresh();
  });

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
          setFormError(null);
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
            The PDF is attached. The mail goes through the outbox, where you can follow it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {formError ? (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
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
