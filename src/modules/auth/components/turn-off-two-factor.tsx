"use client";

import { ShieldOffIcon } from "lucide-react";
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
            Turn off two-factor sign-in
          </Button>
        </DialogTrigger>
      </div>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-factor sign-in for {userName}?</DialogTitle>
          <DialogDescription>
            Their authenticator app and recovery codes stop working and they are signed out everywhere. They then sign
            in with their password alone
            {requiredForRole
              ? ", and must set up two-factor sign-in again at once: the firm requires it for their role."
              : "; they can turn two-factor sign-in on again from My account."}{" "}
            {userName} is mailed that you did this.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Do this only once you are sure the request comes from {userName}, for example in person or by calling a number
          you already know.
        </p>
        <form noValidate className="grid gap-4" onSubmit={onSubmit}>
          <FormError {...formError} />
          <FormField
            label="Reason"
            htmlFor="two-factor-reason"
            error={error}
            description="Optional. Kept in this user's history and the audit log; not mailed."
          >
            <Textarea
              {...fieldAria("two-factor-reason", { error, description: true })}
              {...form.register("reason")}
              maxLength={ADMIN_TWO_FACTOR_REASON_MAX}
              rows={3}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? "Turning off…" : "Turn off two-factor sign-in"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
