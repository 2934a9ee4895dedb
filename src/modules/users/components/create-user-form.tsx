"use client";

import { useTranslations } from "next-intl";
import { PlusIcon, WandSparklesIcon } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
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
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/use-action-form";
import { NameAndEmailFields } from "./name-and-email-fields";
import { RoleAndRateFields } from "./role-and-rate-fields";
import { createUserAction } from "../user-actions";
import { createUserInput, PASSWORD_MIN } from "../user-schemas";
import { copyText, generatePassword } from "./reset-password-form";

type Values = z.input<typeof createUserInput>;

const EMPTY: Values = { name: "", email: "", role: "staff", defaultHourlyRate: "", password: "" };

/** The "New user" button of the users page and its dialog. */
export function CreateUserDialog({ currency }: { currency: string }) {
  const t = useTranslations("users.create");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          {t("button")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("button")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <CreateUserForm currency={currency} onCreated={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

export function CreateUserForm({ currency, onCreated }: { currency: string; onCreated?: (id: string) => void }) {
  const t = useTranslations("users.create");
  const tCopy = useTranslations("users.copy");
  const [visible, setVisible] = useState(false);
  const { form, submit, formError } = useActionForm<Values>({ schema: createUserInput, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = submit(createUserAction, {
    success: t("created"),
    onSuccess: ({ id }) => {
      form.reset(EMPTY);
      setVisible(false);
      onCreated?.(id);
    },
  });

  function fillGenerated() {
    form.setValue("password", generatePassword(), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    setVisible(true);
  }

  const password = useWatch({ control: form.control, name: "password" });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      <NameAndEmailFields
        name={form.register("name")}
        email={form.register("email")}
        errors={{ name: errors.name?.message, email: errors.email?.message }}
      />
      <RoleAndRateFields
        role={form.register("role")}
        rate={form.register("defaultHourlyRate")}
        errors={{ role: errors.role?.message, rate: errors.defaultHourlyRate?.message }}
        currency={currency}
      />
      <FormField
        label={t("password")}
        htmlFor="password"
        error={errors.password?.message}
        required
        description={t("passwordHelp", { min: PASSWORD_MIN })}
      >
        <div className="flex flex-wrap gap-2">
          <Input
            {...fieldAria("password", { error: errors.password?.message, description: true })}
            {...form.register("password")}
            type={visible ? "text" : "password"}
            autoComplete="new-password"
            spellCheck={false}
            required
            className="min-w-0 flex-1 font-mono sm:min-w-56"
          />
          <Button variant="outline" onClick={fillGenerated}>
            <WandSparklesIcon aria-hidden="true" />
            {tCopy("generate")}
          </Button>
          {visible && password ? (
            <Button
              variant="ghost"
              onClick={() => void copyText(password, { copied: tCopy("copied"), failed: tCopy("failed") })}
            >
              {tCopy("copy")}
            </Button>
          ) : null}
        </div>
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("creating") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
