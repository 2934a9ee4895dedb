"use client";

import { MailPlusIcon } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { useActionForm } from "@/components/use-action-form";
import { NameAndEmailFields } from "@/modules/users/components/name-and-email-fields";
import { ROLE_LABELS, ROLES } from "@/modules/users/roles";
import { inviteUserAction } from "../account-actions";
import { inviteUserInput } from "../account-schemas";

type Values = z.input<typeof inviteUserInput>;
const EMPTY: Values = { name: "", email: "", role: "staff" };

/** The "Invite" button of the users page: the person gets a mailed link to choose their own password. */
export function InviteUserDialog() {
  const [open, setOpen] = useState(false);
  const { form, submit, formError } = useActionForm<Values>({ schema: inviteUserInput, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(inviteUserAction, {
    success: "Invitation sent.",
    onSuccess: () => {
      form.reset(EMPTY);
      setOpen(false);
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <MailPlusIcon aria-hidden="true" />
          Invite
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a person</DialogTitle>
          <DialogDescription>
            They receive a link to choose their own password. It works once, for 7 days.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormError {...formError} />
          <NameAndEmailFields
            name={form.register("name")}
            email={form.register("email")}
            errors={{ name: errors.name?.message, email: errors.email?.message }}
          />
          <FormField label="Role" htmlFor="role" error={errors.role?.message} required>
            <NativeSelect {...fieldAria("role", { error: errors.role?.message })} {...form.register("role")} required>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Sending…" : "Send the invitation"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
