"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { FormError, focusFirstError } from "@/components/form-error";
import { fieldAria, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { AntiSpamFields } from "@/modules/public-site/components/anti-spam-fields";
import { type ContactFormState, sendContactMessageAction } from "../message-actions";
import { BODY_MAX, BODY_MIN } from "../message-schemas";

const INITIAL: ContactFormState = { message: null, fieldErrors: {}, values: {} };

/**
 * The /mail form: a server action through useActionState, so it posts and re-renders without
 * JavaScript too. `retentionDays`: the message retention setting in days, stated under the button.
 */
export function ContactForm({ formToken, retentionDays }: { formToken: string; retentionDays: number }) {
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
        <FormField label="Name" htmlFor="name" error={errors.name} required>
          <Input
            {...fieldAria("name", { error: errors.name })}
            name="name"
            autoComplete="name"
            required
            maxLength={120}
            defaultValue={values.name}
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
            defaultValue={values.email}
          />
        </FormField>
      </div>
      <FormField label="Company" htmlFor="company" error={errors.company} description="Optional.">
        <Input
          {...fieldAria("company", { error: errors.company, description: true })}
          name="company"
          autoComplete="organization"
          maxLength={200}
          defaultValue={values.company}
        />
      </FormField>
      <FormField label="Subject" htmlFor="subject" error={errors.subject} required>
        <Input
          {...fieldAria("subject", { error: errors.subject })}
          name="subject"
          required
          maxLength={200}
          defaultValue={values.subject}
        />
      </FormField>
      <FormField
        label="Message"
        htmlFor="body"
        error={errors.body}
        description={`Between ${BODY_MIN} and ${BODY_MAX.toLocaleString("en-GB")} characters.`}
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
            {pending || retryInSeconds > 0 ? "Sending…" : "Send message"}
          </Button>
        </div>
        <p id="contact-retention" className="text-sm text-muted-foreground">
          We use these details only to answer you. We keep your message {retentionDays} days, then delete it. See our{" "}
          <a href="/privacy" target="_blank" rel="noreferrer" className="underline underline-offset-4">
            privacy notice<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </div>
    </form>
  );
}

/** "Call me back" and the phone it then requires; remounted with the form, so it starts from what was sent. */
function CallbackFields({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
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
            Call me back
          </label>
          <p id="wantsCallback-description" className="text-muted-foreground">
            We will ring you during office hours; your number is then required.
          </p>
        </div>
      </div>
      <FormField
        label="Phone"
        htmlFor="phone"
        error={errors.phone}
        required={callback}
        description={callback ? "Required to call you back. Add the country code if you are abroad." : "Optional."}
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
