"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef, useState } from "react";
import { FormError, focusFirstError } from "@/components/form-error";
import { fieldAria, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { AntiSpamFields } from "@/modules/public-site/components/anti-spam-fields";
import { type ContactFormState, sendContactMessageAction } from "../message-actions";
import { BODY_MAX, BODY_MIN } from "../message-limits";

const INITIAL: ContactFormState = { message: null, fieldErrors: {}, values: {} };

/**
 * The /mail form: a server action through useActionState, so it posts and re-renders without
 * JavaScript too. `retentionDays`: the message retention setting in days, stated under the button.
 */
export function ContactForm({ formToken, retentionDays }: { formToken: string; retentionDays: number }) {
  const t = useTranslations("messages.contactForm");
  const [state, formAction, pending] = useActionState(sendContactMessageAction, INITIAL);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const errors = state.fieldErrors;
  const values = state.values;

  // Valid but sent within 3 s of loading (autofill): the server says how long to wait, and the
  // form sends itself again then (the server's own clock decides, so once is enough).
  const retryInSeconds = state.retryInSeconds ?? 0;
  useEffect(() => {
    if (retryInSeconds > 0) {
      const timer = window.setTimeout(() => formRef.current?.requestSubmit(), retryInSeconds * 1000);
      return () => window.clearTimeout(timer);
    }
    if (state.message) focusFirstError(formRef.current, alertRef.current);
  }, [state, retryInSeconds]);

  // `key` remounts the fields after each answer so they show what was sent (React resets forms after an action).
  const formKey = JSON.stringify(values);
  return (
    <form ref={formRef} action={formAction} noValidate className="relative grid gap-5" key={formKey}>
      <FormError ref={alertRef} message={retryInSeconds > 0 ? null : state.message} />
      <AntiSpamFields formToken={formToken} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t("name")} htmlFor="name" error={errors.name} required>
          <Input
            {...fieldAria("name", { error: errors.name })}
            name="name"
            autoComplete="name"
            required
            maxLength={120}
            defaultValue={values.name}
          />
        </FormField>
        <FormField label={t("email")} htmlFor="email" error={errors.email} required>
          <Input
            {...fieldAria("email", { error: errors.email })}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email}
          />
        </FormField>
      </div>
      <FormField label={t("company")} htmlFor="company" error={errors.company} description={t("optional")}>
        <Input
          {...fieldAria("company", { error: errors.company, description: true })}
          name="company"
          autoComplete="organization"
          maxLength={200}
          defaultValue={values.company}
        />
      </FormField>
      <FormField label={t("subject")} htmlFor="subject" error={errors.subject} required>
        <Input
          {...fieldAria("subject", { error: errors.subject })}
          name="subject"
          required
          maxLength={200}
          defaultValue={values.subject}
        />
      </FormField>
      <FormField
        label={t("message")}
        htmlFor="body"
        error={errors.body}
        description={t("bodyHelp", { min: BODY_MIN, max: BODY_MAX })}
        required
      >
        <Textarea
          {...fieldAria("body", { error: errors.body, description: true })}
          name="body"
          rows={8}
          required
          minLength={BODY_MIN}
          maxLength={BODY_MAX}
          defaultValue={values.body}
        />
      </FormField>
      <CallbackFields values={values} errors={errors} />
      <div className="grid gap-3">
        <div>
          <Button type="submit" size="lg" disabled={pending || retryInSeconds > 0} aria-describedby="contact-retention">
            {pending || retryInSeconds > 0 ? t("sending") : t("send")}
          </Button>
        </div>
        <p id="contact-retention" className="text-sm text-muted-foreground">
          {t.rich("retention", {
            days: retentionDays,
            link: (chunks) => (
              <a href="/privacy" target="_blank" rel="noreferrer" className="underline underline-offset-4">
                {chunks}
                <span className="sr-only">{t("newTab")}</span>
              </a>
            ),
          })}
        </p>
      </div>
    </form>
  );
}

/** "Call me back" and the phone it then requires; remounted with the form, so it starts from what was sent. */
function CallbackFields({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  const t = useTranslations("messages.contactForm");
  const [callback, setCallback] = useState(values.wantsCallback === "on");
  return (
    <>
      <div className="flex items-start gap-3">
        <Checkbox
          id="wantsCallback"
          name="wantsCallback"
          value="on"
          className="mt-0.5"
          aria-describedby="wantsCallback-description"
          defaultChecked={values.wantsCallback === "on"}
          onChange={(event) => setCallback(event.currentTarget.checked)}
        />
        <div className="grid gap-0.5 text-sm leading-snug">
          <label htmlFor="wantsCallback" className="font-medium">
            {t("callback")}
          </label>
          <p id="wantsCallback-description" className="text-muted-foreground">
            {t("callbackHelp")}
          </p>
        </div>
      </div>
      <FormField
        label={t("phone")}
        htmlFor="phone"
        error={errors.phone}
        required={callback}
        description={callback ? t("phoneRequired") : t("optional")}
      >
        <Input
          {...fieldAria("phone", { error: errors.phone, description: true })}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={40}
          required={callback}
          defaultValue={values.phone}
        />
      </FormField>
    </>
  );
}
