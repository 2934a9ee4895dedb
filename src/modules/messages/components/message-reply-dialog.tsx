"use client";

import { ReplyIcon } from "lucide-react";
import { useState } from "react";
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
import { MailSenderFacts } from "@/modules/mail/components/mail-sender-facts";
import { replyToMessageAction } from "../message-actions";
import { type MessageReplyInput, messageReplyInput, REPLY_MAX, replySubject } from "../message-schemas";

/** "Reply": a mail to the visitor, sent through the outbox and kept under the message. */
export function MessageReplyDialog({
  id,
  subject,
  to,
  from,
}: {
  id: string;
  subject: string;
  to: string;
  /** Who the reply comes from and where an answer to it goes (Settings → Mail). */
  from: { from: string; replyTo: string | null };
}) {
  const [open, setOpen] = useState(false);
  const initial: MessageReplyInput = { id, subject: replySubject(subject), body: "" };
  const { form, submit, formError, clearError } = useActionForm<MessageReplyInput>({
    schema: messageReplyInput,
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(replyToMessageAction, { success: "Reply sent.", onSuccess: () => setOpen(false) });
  const field = `reply-${id}`;

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
        <Button type="button" size="sm">
          <ReplyIcon aria-hidden="true" />
          Reply
          <span className="sr-only">: {subject}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Reply to {to}</DialogTitle>
          <DialogDescription>
            The reply goes through the outbox, is kept with the message, and the message moves to Answered.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormError {...formError} />
          <MailSenderFacts from={from.from} replyTo={from.replyTo} />
          <FormField label="Subject" htmlFor={`${field}-subject`} error={errors.subject?.message} required>
            <Input
              {...fieldAria(`${field}-subject`, { error: errors.subject?.message })}
              {...form.register("subject")}
              required
              maxLength={200}
            />
          </FormField>
          <FormField label="Your reply" htmlFor={`${field}-body`} error={errors.body?.message} required>
            <Textarea
              {...fieldAria(`${field}-body`, { error: errors.body?.message })}
              {...form.register("body")}
              rows={8}
              required
              maxLength={REPLY_MAX}
            />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Sending…" : "Send reply"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
