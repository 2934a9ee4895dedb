"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { FormError } from "@/components/form-error";
import { fieldAria, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useErrorFocus } from "@/components/use-action";
import { useTextTranslator } from "@/i18n/use-texts";
import { AntiSpamFields } from "@/modules/public-site/components/anti-spam-fields";
import { COVER_LETTER_MAX, CV_MAX_BYTES, MAX_APPLICATION_LINKS } from "../job-schemas";

type Errors = Record<string, string>;

/** The field errors in the page's language (they are English sentences of the rules, decision 067). */
function translated(errors: Errors | undefined, translate: (text: string) => string): Errors {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, text]) => [field, translate(text)]));
}

/** A box is marked when its own link is wrong ("links.1"), or every box when the list is (too many). */
function linkInError(errors: Errors, index: number): boolean {
  if (errors[`links.${index}`]) return true;
  return Boolean(errors.links) && !Object.keys(errors).some((key) => key.startsWith("links."));
}

/**
 * A plain multipart form posted to /jobs/{slug}/apply, so it works without JavaScript (the route
 * answers with a redirect). With JavaScript it is sent with fetch: the typed values stay, errors
 * show next to their fields, and a CV over 5 MB is refused before it is uploaded.
 */
export function ApplicationForm({
  action,
  formToken,
  firmName,
  retentionDays,
  initialMessage,
  initialErrors,
}: {
  action: string;
  formToken: string;
  firmName: string;
  /** The retention setting in days: the consent line states it. */
  retentionDays: number;
  initialMessage?: string;
  initialErrors?: Errors;
}) {
  const t = useTranslations("jobs.applicationForm");
  const translate = useTextTranslator();
  const [message, setMessage] = useState<string | null>(initialMessage ? translate(initialMessage) : null);
  const [errors, setErrors] = useState<Errors>(() => translated(initialErrors, translate));
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { alertRef, requestFocus } = useErrorFocus();

  function fail(text: string, fieldErrors: Errors) {
    setMessage(translate(text));
    setErrors(translated(fieldErrors, translate));
    requestFocus(formRef.current);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const cv = data.get("cv");
    if (cv instanceof File && cv.size > CV_MAX_BYTES) {
      fail("Please correct the highlighted fields.", {
        cv: "Your CV is larger than 5 MB. Please send a smaller file.",
      });
      return;
    }
    setSending(true);
    try {
      type Answer = {
        ok: boolean;
        code?: string;
        redirect?: string;
        message?: string;
        fieldErrors?: Errors;
        retryAfterSeconds?: number;
      } | null;
      const send = async () => {
        const response = await fetch(action, { method: "POST", body: data, headers: { accept: "application/json" } });
        return { response, result: (await response.json().catch(() => null)) as Answer };
      };
      let { response, result } = await send();
      // Valid but sent within 3 s of loading (autofill): sent again after the wait, at most twice.
      for (let retry = 0; retry < 2 && result?.code === "too_fast" && result.retryAfterSeconds; retry += 1) {
        const wait = result.retryAfterSeconds * 1000;
        await new Promise((resolve) => window.setTimeout(resolve, wait));
        ({ response, result } = await send());
      }
      if (result?.ok && result.redirect) {
        window.location.assign(result.redirect);
        return;
      }
      if (response.status === 404) {
        fail("This job is no longer open for applications.", {});
        return;
      }
      fail(result?.message ?? "Something went wrong. Please try again.", result?.fieldErrors ?? {});
    } catch {
      fail("Your application could not be sent. Check your connection and try again.", {});
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      action={action}
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      className="relative grid gap-5"
    >
      <FormError ref={alertRef} message={message} />
      <AntiSpamFields formToken={formToken} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t("name")} htmlFor="name" error={errors.name} required>
          <Input
            {...fieldAria("name", { error: errors.name })}
            name="name"
            autoComplete="name"
            required
            maxLength={120}
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
          />
        </FormField>
      </div>
      <FormField label={t("phone")} htmlFor="phone" error={errors.phone} description={t("phoneHelp")}>
        <Input
          {...fieldAria("phone", { error: errors.phone, description: true })}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={40}
        />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.links ? "links-error" : "links-description"}>
        <legend className="mb-1 text-sm font-medium">{t("links")}</legend>
        <p id="links-description" className="text-sm text-muted-foreground">
          {t("linksHelp", { max: MAX_APPLICATION_LINKS })}
        </p>
        {Array.from({ length: MAX_APPLICATION_LINKS }, (_, index) => (
          <Input
            key={index}
            id={`links-${index}`}
            name="links"
            type="text"
            inputMode="url"
            autoComplete="url"
            aria-label={t("link", { number: index + 1 })}
            aria-invalid={linkInError(errors, index) ? true : undefined}
            aria-describedby={linkInError(errors, index) ? "links-error" : undefined}
            maxLength={500}
          />
        ))}
        {errors.links ? (
          <p id="links-error" className="text-sm font-medium text-destructive">
            {errors.links}
          </p>
        ) : null}
      </fieldset>
      <FormField
        label={t("coverLetter")}
        htmlFor="coverLetter"
        error={errors.coverLetter}
        description={t("coverLetterHelp", { max: COVER_LETTER_MAX })}
      >
        <Textarea
          {...fieldAria("coverLetter", { error: errors.coverLetter, description: true })}
          name="coverLetter"
          rows={7}
          maxLength={COVER_LETTER_MAX}
        />
      </FormField>
      <FormField label={t("cv")} htmlFor="cv" error={errors.cv} description={t("cvHelp")} required>
        <Input
          {...fieldAria("cv", { error: errors.cv, description: true })}
          name="cv"
          type="file"
          required
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          className="h-auto py-1.5"
        />
      </FormField>
      <div className="grid gap-1">
        <div className="flex items-start gap-3">
          <Checkbox
            id="consent"
            name="consent"
            value="on"
            required
            className="mt-0.5"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? "consent-error" : undefined}
          />
          <label htmlFor="consent" className="text-sm leading-snug">
            {t.rich("consent", {
              firm: firmName,
              days: retentionDays,
              link: (chunks) => (
                <a href="/privacy" target="_blank" rel="noreferrer" className="underline underline-offset-4">
                  {chunks}
                  <span className="sr-only">{t("newTab")}</span>
                </a>
              ),
            })}{" "}
            <span aria-hidden="true">*</span>
          </label>
        </div>
        {errors.consent ? (
          <p id="consent-error" className="text-sm font-medium text-destructive">
            {errors.consent}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? t("sending") : t("send")}
        </Button>
      </div>
    </form>
  );
}
