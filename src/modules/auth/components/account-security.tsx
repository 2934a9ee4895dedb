"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useAction, useActionForm } from "@/components/use-action-form";
import { PasswordManagerUsername } from "@/modules/users/components/new-password-fields";
import { confirmEmailChangeAction, requestEmailChangeAction } from "../account-actions";
import { requestEmailChangeInput } from "../account-schemas";
import { revokeOtherSessionsAction, revokeSessionAction } from "../session-actions";
import { setTwoFactorPolicyAction } from "../two-factor-actions";

export type SessionRow = {
  id: string;
  device: string;
  ipAddress: string | null;
  signedIn: string;
  lastUsed: string;
  current: boolean;
  secondFactorPending: boolean;
};

/** The person's sessions, each other one with a button that signs it out, and one for all others at once. */
export function SessionList({ rows }: { rows: SessionRow[] }) {
  const t = useTranslations("auth.sessions");
  const { pending, run, formError } = useAction();
  const others = rows.filter((row) => !row.current).length;
  return (
    <div className="grid gap-4">
      <FormError {...formError} />
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("device")}</TableHead>
            <TableHead from="sm">{t("address")}</TableHead>
            <TableHead from="md">{t("signedIn")}</TableHead>
            <TableHead>{t("lastUsed")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <div className="font-medium">{row.device}</div>
                {row.current ? <Badge variant="neutral">{t("current")}</Badge> : null}
                {row.secondFactorPending ? <Badge variant="warning">{t("pending")}</Badge> : null}
              </TableCell>
              <TableCell from="sm" className="font-mono text-xs break-all">
                {row.ipAddress ?? t("unknown")}
              </TableCell>
              <TableCell from="md" className="text-sm whitespace-nowrap">
                {row.signedIn}
              </TableCell>
              <TableCell className="text-sm">{row.lastUsed}</TableCell>
              <TableCell className="text-right">
                {row.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={pending}
                    aria-label={t("endLabel", { device: row.device, lastUsed: row.lastUsed })}
                    onClick={() => void run(() => revokeSessionAction({ id: row.id }))}
                  >
                    {t("end")}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {others > 0 ? (
        <div>
          <Button variant="outline" disabled={pending} onClick={() => void run(() => revokeOtherSessionsAction())}>
            {t("endOthers")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

type EmailValues = z.input<typeof requestEmailChangeInput>;

/** A new sign-in address, confirmed by a link mailed to it. */
export function EmailChangeForm({ email }: { email: string }) {
  const t = useTranslations("auth.emailForm");
  const { form, submit, formError } = useActionForm<EmailValues>({
    schema: requestEmailChangeInput,
    defaultValues: { newEmail: "", currentPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(requestEmailChangeAction, {
    refresh: false,
    onSuccess: () => form.reset({ newEmail: "", currentPassword: "" }),
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <FormError {...formError} />
      <PasswordManagerUsername email={email} />
      <FormField
        label={t("newEmail")}
        htmlFor="newEmail"
        error={errors.newEmail?.message}
        description={t("newEmailHelp")}
        required
      >
        <Input
          {...fieldAria("newEmail", { error: errors.newEmail?.message, description: true })}
          {...form.register("newEmail")}
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
        />
      </FormField>
      <FormField label={t("password")} htmlFor="emailCurrentPassword" error={errors.currentPassword?.message} required>
        <Input
          {...fieldAria("emailCurrentPassword", { error: errors.currentPassword?.message })}
          {...form.register("currentPassword")}
          id="emailCurrentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
      </FormField>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("sending") : t("submit")}
        </Button>
      </div>
    </form>
  );
}

/** The mailed link's page: the change happens only when this button is pressed (mail scanners open links). */
export function ConfirmEmailChange({ token, signedIn }: { token: string; signedIn: boolean }) {
  const t = useTranslations("auth.emailChange");
  const { pending, run, formError } = useAction();
  return (
    <div className="grid gap-4">
      <FormError {...formError} />
      <Button
        className="w-full"
        disabled={pending}
        onClick={() =>
          void run(() => confirmEmailChangeAction({ token }), {
            refresh: false,
            onSuccess: () => window.location.assign(signedIn ? "/bo/account" : "/bo/login?done=email"),
          })
        }
      >
        {t("confirm")}
      </Button>
    </div>
  );
}

/** The firm's requirement of two-factor sign-in for administrators and managers. */
export function TwoFactorPolicy({ required }: { required: boolean }) {
  const t = useTranslations("auth.policy");
  const { pending, run, formError } = useAction();
  return (
    <div className="grid gap-3">
      <FormError {...formError} />
      <p className="text-sm">{required ? t("required") : t("notRequired")}</p>
      <div>
        <Button
          variant={required ? "outline" : "default"}
          className="h-auto min-h-9 whitespace-normal"
          disabled={pending}
          onClick={() => void run(() => setTwoFactorPolicyAction({ required: !required }))}
        >
          {required ? t("stop") : t("require")}
        </Button>
      </div>
    </div>
  );
}
