"use client";

import { useRef, useState } from "react";
import { FormError } from "@/components/form-error";
import { fieldAria, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useErrorFocus } from "@/components/use-action-form";
import { AntiSpamFields } from "@/modules/public-site/components/anti-spam-fields";
import { COVER_LETTER_MAX, CV_MAX_BYTES, MAX_APPLICATION_LINKS } from "../job-schemas";

type Errors = Record<string, string>;

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
  const [message, setMessage] = useState<string | null>(initialMessage ?? null);
  const [errors, setErrors] = useState<Errors>(initialErrors ?? {});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { alertRef, requestFocus } = useErrorFocus();

  function fail(text: string, fieldErrors: Errors) {
    setMessage(text);
    setErrors(fieldErrors);
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
        <FormField label="Full name" htmlFor="name" error={errors.name} required>
          <Input
            {...fieldAria("name", { error: errors.name })}
            name="name"
            autoComplete="name"
            required
            maxLength={120}
          />
        </FormField>
        <FormField label="Email" htmlFor="email" error={errors.email} required>
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
      <FormField
        label="Phone"
        htmlFor="phone"
        error={errors.phone}
        description="Optional. Add the country code if you live abroad."
      >
        <Input
          {...fieldAria("phone", { error: errors.phone, description: true })}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={40}
        />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.links ? "links-error" : "links-description"}>
        <legend className="mb-1 text-sm font-medium">Links (optional)</legend>
        <p id="links-description" className="text-sm text-muted-foreground">
          Up to {MAX_APPLICATION_LINKS} (a portfolio, LinkedIn, GitHub…); an address such as linkedin.com/in/your-name
          is enough.
        </p>
        {Array.from({ length: MAX_APPLICATION_LINKS }, (_, index) => (
          <Input
            key={index}
            id={`links-${index}`}
            name="links"
            type="text"
            inputMode="url"
            autoComplete="url"
            aria-label={`Link ${index + 1}`}
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
        label="Cover letter"
        htmlFor="coverLetter"
        error={errors.coverLetter}
        description={`Optional, up to ${COVER_LETTER_MAX.toLocaleString("en-GB")} characters.`}
      >
        <Textarea
          {...fieldAria("coverLetter", { error: errors.coverLetter, description: true })}
          name="coverLetter"
          rows={7}
          maxLength={COVER_LETTER_MAX}
        />
      </FormField>
      <FormField label="CV" htmlFor="cv" error={errors.cv} description="PDF, DOC or DOCX, at most 5 MB." required>
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
            I agree that {firmName} keeps my application and CV to assess it. They are deleted automatically after{" "}
            {retentionDays} days (
            <a href="/privacy" target="_blank" rel="noreferrer" className="underline underline-offset-4">
              privacy notice<span className="sr-only">, opens in a new tab</span>
            </a>
            ). <span aria-hidden="true">*</span>
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
          {sending ? "Sending…" : "Send my application"}
        </Button>
      </div>
    </form>
  );
}
