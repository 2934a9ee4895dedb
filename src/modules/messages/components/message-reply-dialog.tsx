"use client";

import { ReplyIcon } from "lucide-react";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("messages.reply");
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
          {t("open")}
          <span className="sr-only">: {subject}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("title", { to })}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormError {...formError} />
          <MailSenderFacts from={from.from} replyTo={from.replyTo} />
          <FormField label={t("subject")} htmlFor={`${field}-subject`} error={errors.subject?.message} required>
            <Input
              {...fieldAria(`${field}-subject`, { error: errors.subject?.message })}
              {...form.register("subject")}
              required
              maxLength={200}
            />
          </FormField>
          <FormField label={t("body")} htmlFor={`${field}-body`} error={errors.body?.message} required>
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
              {isSubmitting ? t("sending") : t("send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
