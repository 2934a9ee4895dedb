"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import type { ActionResult } from "@/lib/action";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useAction, useActionForm } from "@/components/use-action-form";
import { secondFactorInput, totpCodeInput } from "../account-schemas";
import {
  beginTwoFactorSetupAction,
  confirmTwoFactorSetupAction,
  disableTwoFactorAction,
  regenerateRecoveryCodesAction,
  verifySecondFactorAction,
} from "../two-factor-actions";

type CodeValues = z.input<typeof secondFactorInput>;

/**
 * One code field and its button, for every step that asks for a code: the second step of a
 * sign-in, confirming the set-up, turning it off, new recovery codes.
 */
function CodeForm<T>({
  action,
  label,
  description,
  button,
  busy,
  recoveryAllowed,
  variant,
  onSuccess,
  refresh,
  autoFocus,
}: {
  action: (values: CodeValues) => Promise<ActionResult<T>>;
  label: string;
  description?: string;
  button: string;
  busy: string;
  recoveryAllowed: boolean;
  variant?: "default" | "outline" | "destructive";
  onSuccess?: (data: T) => void;
  refresh?: boolean;
  autoFocus?: boolean;
}) {
  const { form, submit, formError } = useActionForm<CodeValues>({
    schema: recoveryAllowed ? secondFactorInput : totpCodeInput,
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(action, { refresh, onSuccess: (data) => onSuccess?.(data) });
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-sm gap-4">
      <FormError {...formError} />
      <FormField label={label} htmlFor="code" error={errors.code?.message} description={description} required>
        <Input
          {...fieldAria("code", { error: errors.code?.message, description: Boolean(description) })}
          {...form.register("code")}
          autoComplete="one-time-code"
          inputMode={recoveryAllowed ? "text" : "numeric"}
          spellCheck={false}
          autoCapitalize="none"
          required
          autoFocus={autoFocus}
        />
      </FormField>
      <div>
        <Button type="submit" variant={variant} disabled={isSubmitting}>
          {isSubmitting ? busy : button}
        </Button>
      </div>
    </form>
  );
}

/** The second step of a sign-in: the app's code, or a recovery code. */
export function SecondFactorForm({ next }: { next: string }) {
  const t = useTranslations("auth.twoFactor");
  return (
    <CodeForm
      action={verifySecondFactorAction}
      label={t("code")}
      description={t("codeHelp")}
      button={t("continue")}
      busy={t("checking")}
      recoveryAllowed
      refresh={false}
      autoFocus
      // A full load: every page reads the completed session afresh.
      onSuccess={() => window.location.assign(next)}
    />
  );
}

/** Shown once, right after they are made: only their hashes are kept. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("auth.twoFactor");
  return (
    <div className="grid gap-4">
      <Alert variant="warning">
        <AlertDescription>{t("saveCodes")}</AlertDescription>
      </Alert>
      <ul aria-label={t("recoveryCodes")} className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded border bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div>
        <Button type="button" onClick={onDone}>
          {t("saved")}
        </Button>
      </div>
    </div>
  );
}

type Summary =
  | { enabled: true; since: string; recoveryCodesLeft: number }
  | { enabled: false; setup: { secret: string; qrSvg: string } | null };

/** Two-factor sign-in on My account: set it up (QR code and the secret as text), or manage it. */
export function TwoFactorPanel({ summary, required }: { summary: Summary; required: boolean }) {
  const t = useTranslations("auth.twoFactor");
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { pending, run, formError } = useAction();
  const done = () => {
    setCodes(null);
    router.refresh();
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={done} />;

  if (summary.enabled)
    return (
      <div className="grid gap-6">
        <p className="text-sm">
          {t.rich("onSince", {
            since: summary.since,
            count: summary.recoveryCodesLeft,
            on: (chunks) => <span className="font-medium">{chunks}</span>,
          })}
        </p>
        <CodeForm
          action={regenerateRecoveryCodesAction}
          label={t("newCodesLabel")}
          button={t("newCodes")}
          busy={t("making")}
          recoveryAllowed={false}
          variant="outline"
          refresh={false}
          onSuccess={(data) => setCodes(data.recoveryCodes)}
        />
        {required ? (
          <p className="text-sm text-muted-foreground">{t("staysOn")}</p>
        ) : (
          <CodeForm
            action={disableTwoFactorAction}
            label={t("turnOffLabel")}
            button={t("turnOff")}
            busy={t("turningOff")}
            recoveryAllowed
            variant="destructive"
          />
        )}
      </div>
    );

  if (!summary.setup)
    return (
      <div className="grid gap-3">
        <FormError {...formError} />
        <p className="text-sm">{t("off")}</p>
        <div>
          <Button disabled={pending} onClick={() => void run(() => beginTwoFactorSetupAction())}>
            {t("setUp")}
          </Button>
        </div>
      </div>
    );

  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>{t("scan")}</li>
        <li>{t("typeKey")}</li>
      </ol>
      <div
        role="img"
        aria-label={t("qrLabel")}
        className="w-48 max-w-full rounded border bg-white p-1 [&>svg]:h-auto [&>svg]:w-full"
        // Generated on the server by the qrcode package from the key below: no user input.
        dangerouslySetInnerHTML={{ __html: summary.setup.qrSvg }}
      />
      <code aria-label={t("keyLabel")} className="rounded bg-muted px-2 py-1 font-mono text-sm break-all">
        {summary.setup.secret.match(/.{1,4}/g)?.join(" ")}
      </code>
      <CodeForm
        action={confirmTwoFactorSetupAction}
        label={t("confirmLabel")}
        button={t("turnOn")}
        busy={t("checking")}
        recoveryAllowed={false}
        refresh={false}
        onSuccess={(data) => setCodes(data.recoveryCodes)}
      />
    </div>
  );
}
