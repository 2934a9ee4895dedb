"use client";

import { MailPlusIcon } from "lucide-react";
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
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { useActionForm } from "@/components/use-action-form";
import { NameAndEmailFields } from "@/modules/users/components/name-and-email-fields";
import { ROLES } from "@/modules/users/roles";
import { inviteUserAction } from "../account-actions";
import { inviteUserInput } from "../account-schemas";

type Values = z.input<typeof inviteUserInput>;
const EMPTY: Values = { name: "", email: "", role: "staff" };

/** The "Invite" button of the users page: the person gets a mailed link to choose their own password. */
export function InviteUserDialog() {
  const t = useTranslations("auth.invite");
  const tRole = useTranslations("users.role");
  const [open, setOpen] = useState(false);
  const { form, submit, formError } = useActionForm<Values>({ schema: inviteUserInput, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(inviteUserAction, {
    success: t("sent"),
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
          {t("button")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormError {...formError} />
          <NameAndEmailFields
            name={form.register("name")}
            email={form.register("email")}
            errors={{ name: errors.name?.message, email: errors.email?.message }}
          />
          <FormField label={t("role")} htmlFor="role" error={errors.role?.message} required>
            <NativeSelect {...fieldAria("role", { error: errors.role?.message })} {...form.register("role")} required>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {tRole(role)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t("sending") : t("submit")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
