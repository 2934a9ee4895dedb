"use client";

import { ShieldOffIcon } from "lucide-react";
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
import { Textarea } from "@/components/ui/textarea";
import { useActionForm } from "@/components/use-action-form";
import {
  ADMIN_TWO_FACTOR_REASON_MAX,
  type TurnOffUserTwoFactorInput,
  turnOffUserTwoFactorInput,
} from "../account-schemas";
import { turnOffUserTwoFactorAction } from "../two-factor-actions";

type Props = {
  userId: string;
  userName: string;
  /** The firm requires two-factor sign-in of this person's role. */
  requiredForRole: boolean;
};

/**
 * "Turn off two-factor sign-in" on a person's page in Users, for someone who lost both their phone
 * and their recovery codes: a dialog says what happens, with an optional reason for the audit log.
 */
export function TurnOffTwoFactorDialog({ userId, userName, requiredForRole }: Props) {
  const t = useTranslations("auth.turnOff");
  const [open, setOpen] = useState(false);
  const empty = { userId, reason: "" };
  const { form, submit, formError, clearError } = useActionForm<TurnOffUserTwoFactorInput>({
    schema: turnOffUserTwoFactorInput,
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.reason?.message;
  const onSubmit = submit(turnOffUserTwoFactorAction, {
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
        form.clearErrors();
        clearError();
      }}
    >
      <div>
        <DialogTrigger asChild>
          <Button variant="destructive">
            <ShieldOffIcon aria-hidden="true" />
            {t("button")}
          </Button>
        </DialogTrigger>
      </div>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title", { name: userName })}</DialogTitle>
          <DialogDescription>
            {t(requiredForRole ? "descriptionRequired" : "description", { name: userName })}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{t("caution", { name: userName })}</p>
        <form noValidate className="grid gap-4" onSubmit={onSubmit}>
          <FormError {...formError} />
          <FormField label={t("reason")} htmlFor="two-factor-reason" error={error} description={t("reasonHelp")}>
            <Textarea
              {...fieldAria("two-factor-reason", { error, description: true })}
              {...form.register("reason")}
              maxLength={ADMIN_TWO_FACTOR_REASON_MAX}
              rows={3}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? t("turningOff") : t("button")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
