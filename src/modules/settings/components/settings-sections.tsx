"use client";

// Settings sections saved by their own button, apart from "Save settings": who the firm's mail
// comes from, and the public site's texts. Their fields are not in the main form's schema.
import { ExternalLinkIcon } from "lucide-react";
import type * as React from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useActionForm } from "@/components/use-action-form";
import { MAIL_REPLY_TO } from "@/db/schema/settings";
import { type FecAccountsInput, fecAccountsInput } from "@/modules/reports/fec-rules";
import {
  updateFecAccountsAction,
  updateMailIdentityAction,
  updatePublicPagesAction,
  updateShareLinkSettingsAction,
} from "../settings-actions";
import { type ShareLinkSettingsInput, shareLinkSettingsInput } from "@/modules/share-links/share-link-schemas";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import {
  MAIL_REPLY_TO_LABELS,
  type MailIdentityInput,
  mailIdentityInput,
  PUBLIC_TEXT_MAX,
  type PublicPagesInput,
  publicPagesInput,
} from "../settings-section-schemas";

function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A settings section's form: its card, the form named by its title, its error, its fields and its save button. */
function SectionForm({
  title,
  description,
  onSubmit,
  formError,
  submitting,
  saveLabel,
  children,
}: {
  title: string;
  description: React.ReactNode;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  formError: React.ComponentProps<typeof FormError>;
  submitting: boolean;
  saveLabel: string;
  children: React.ReactNode;
}) {
  return (
    <SectionCard title={title} description={description}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2" aria-label={title}>
        <FormError {...formError} className="md:col-span-2" />
        {children}
        <div className="md:col-span-2">
          <Button type="submit" variant="outline" disabled={submitting}>
            {submitting ? "Saving…" : saveLabel}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

function errorOf<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>): string | undefined {
  const error = form.formState.errors[name];
  return typeof error?.message === "string" ? error.message : undefined;
}

function TextInput<V extends FieldValues>({
  form,
  name,
  id,
  label,
  description,
  ...props
}: {
  form: UseFormReturn<V>;
  name: Path<V>;
  id: string;
  label: string;
  description?: React.ReactNode;
} & Omit<React.ComponentProps<"input">, "name" | "id" | "form">) {
  const error = errorOf(form, name);
  return (
    <FormField label={label} htmlFor={id} error={error} description={description}>
      <Input {...fieldAria(id, { error, description: Boolean(description) })} {...form.register(name)} {...props} />
    </FormField>
  );
}

/** Settings → Mail sender: From name and address (MAIL_FROM's address when empty) and Reply-To. */
export function MailIdentityForm({
  initialValues,
  environmentFrom,
  firmName,
  firmEmail,
}: {
  initialValues: MailIdentityInput;
  /** MAIL_FROM (or its default), the address used when the field is empty. */
  environmentFrom: string;
  firmName: string;
  firmEmail: string | null;
}) {
  const { form, submit, formError } = useActionForm<MailIdentityInput>({
    schema: mailIdentityInput,
    defaultValues: initialValues,
  });
  const replyError = errorOf(form, "mailReplyTo");
  return (
    <SectionForm
      title="Mail sender"
      description="Who invoices, reminders and replies come from, and where your clients' answers go."
      onSubmit={submit(updateMailIdentityAction, { success: "Mail sender saved." })}
      formError={formError}
      submitting={form.formState.isSubmitting}
      saveLabel="Save mail sender"
    >
      <TextInput
        form={form}
        name="mailFromName"
        id="mailFromName"
        label="Sender name"
        placeholder={firmName}
        autoComplete="off"
        description="Empty: the firm's name."
      />
      <TextInput
        form={form}
        name="mailFromAddress"
        id="mailFromAddress"
        label="Sender address"
        type="email"
        autoComplete="off"
        spellCheck={false}
        description={
          <>
            Empty: the server&apos;s address, {environmentFrom} (MAIL_FROM). Use one your mail provider lets you send
            from.
          </>
        }
      />
      <FormField
        label="Replies go to"
        htmlFor="mailReplyTo"
        error={replyError}
        description={
          firmEmail
            ? `The firm's email address is ${firmEmail} (Firm section).`
            : "The firm has no email address yet (Firm section): replies then go to the sender address."
        }
        className="md:col-span-2"
      >
        <NativeSelect
          {...fieldAria("mailReplyTo", { error: replyError, description: true })}
          {...form.register("mailReplyTo")}
        >
          {MAIL_REPLY_TO.map((value) => (
            <option key={value} value={value}>
              {MAIL_REPLY_TO_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </SectionForm>
  );
}

type PublicText = "homeText" | "legalNotice" | "privacyNotice";

/** Settings → Public pages: the home text and the two legal pages (Markdown), empty for the generated text. */
export function PublicPagesForm({
  initialValues,
  generated,
  missingMentions,
}: {
  initialValues: PublicPagesInput;
  /** The texts the site shows while a field is empty (legal-pages.ts). */
  generated: Record<PublicText, string>;
  /** LCEN mentions the settings do not hold yet. */
  missingMentions: string[];
}) {
  const { form, submit, formError } = useActionForm<PublicPagesInput>({
    schema: publicPagesInput,
    defaultValues: initialValues,
  });
  const texts: { name: PublicText; label: string; page: string; rows: number; description: string }[] = [
    {
      name: "homeText",
      label: "Home page text",
      page: "/",
      rows: 4,
      description: "Under the firm's name on the home page.",
    },
    {
      name: "legalNotice",
      label: "Legal notice",
      page: "/legal",
      rows: 10,
      description:
        "Who publishes the site (for a French firm the LCEN mentions: name, legal form, capital, office, RCS, director of publication, host).",
    },
    {
      name: "privacyNotice",
      label: "Privacy notice",
      page: "/privacy",
      rows: 10,
      description: "What the site collects, why, for how long, the person's rights and whom to ask (GDPR art. 13).",
    },
  ];
  return (
    <SectionForm
      title="Public pages"
      description="The texts of the public site, in Markdown. Leave a text empty to show the one generated from these settings."
      onSubmit={submit(updatePublicPagesAction, { success: "Public pages saved." })}
      formError={formError}
      submitting={form.formState.isSubmitting}
      saveLabel="Save public pages"
    >
      {missingMentions.length > 0 ? (
        <p
          role="note"
          className="rounded-md border border-warning/40 bg-warning-muted p-3 text-sm text-foreground md:col-span-2"
        >
          The generated legal notice still lacks {missingMentions.join(", ")}.
        </p>
      ) : null}
      <TextInput
        form={form}
        name="publicationDirector"
        id="publicationDirector"
        label="Director of publication"
        autoComplete="off"
        description="The person answerable for the site's content, usually the manager (gérant)."
      />
      <FormField
        label="Host"
        htmlFor="hostingProvider"
        error={errorOf(form, "hostingProvider")}
        description="Name, address and phone of the company hosting the site."
      >
        <Textarea
          {...fieldAria("hostingProvider", { error: errorOf(form, "hostingProvider"), description: true })}
          {...form.register("hostingProvider")}
          rows={3}
          maxLength={500}
        />
      </FormField>
      {texts.map((text) => {
        const error = errorOf(form, text.name);
        return (
          <FormField
            key={text.name}
            label={text.label}
            htmlFor={text.name}
            error={error}
            description={
              <>
                {text.description}{" "}
                <a
                  href={text.page}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 underline underline-offset-4"
                >
                  View {text.page}
                  <ExternalLinkIcon aria-hidden className="size-3" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </>
            }
            className="md:col-span-2"
          >
            <Textarea
              {...fieldAria(text.name, { error, description: true })}
              {...form.register(text.name)}
              rows={text.rows}
              maxLength={PUBLIC_TEXT_MAX}
              placeholder="Empty: the generated text."
              className="font-mono text-sm"
            />
            <div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => form.setValue(text.name, generated[text.name], { shouldDirty: true })}
              >
                Start from the generated text
                <span className="sr-only">: {text.label}</span>
              </Button>
            </div>
          </FormField>
        );
      })}
    </SectionForm>
  );
}

/** Settings → Accounting export: the accounts and journals of the FEC (French chart of accounts). */
export function FecAccountsForm({ initialValues }: { initialValues: FecAccountsInput }) {
  const { form, submit, formError } = useActionForm<FecAccountsInput>({
    schema: fecAccountsInput,
    defaultValues: initialValues,
  });
  const fields: { name: keyof FecAccountsInput; label: string; description: string }[] = [
    {
      name: "clientAccount",
      label: "Client account",
      description: "Debited by invoices (411…); each client has its own auxiliary account.",
    },
    { name: "salesAccount", label: "Sales account", description: "Credited with the net per VAT rate (706…)." },
    { name: "vatAccount", label: "VAT collected account", description: "Credited with the VAT per rate (44571…)." },
    { name: "bankAccount", label: "Bank account", description: "Debited by payments received (512…)." },
    {
      name: "salesJournalCode",
      label: "Sales journal code",
      description: "The invoices' and credit notes' journal (VE).",
    },
    { name: "salesJournalLabel", label: "Sales journal label", description: "Its name in the file." },
    { name: "bankJournalCode", label: "Bank journal code", description: "The payments' journal (BQ)." },
    { name: "bankJournalLabel", label: "Bank journal label", description: "Its name in the file." },
  ];
  return (
    <SectionForm
      title="Accounting export"
      description="The accounts and journals of the FEC (Fichier des Écritures Comptables) downloaded from Reports → Sales journal."
      onSubmit={submit(updateFecAccountsAction, { success: "Accounting export saved." })}
      formError={formError}
      submitting={form.formState.isSubmitting}
      saveLabel="Save accounting export"
    >
      {fields.map((field) => (
        <TextInput
          key={field.name}
          form={form}
          name={field.name}
          id={`fec-${field.name}`}
          label={field.label}
          description={field.description}
          autoComplete="off"
          spellCheck={false}
        />
      ))}
    </SectionForm>
  );
}

/** Settings → Client links: invoice mails with a link to view the document online (decision 059). */
export function ShareLinkSettingsForm({ initialValues }: { initialValues: ShareLinkSettingsInput }) {
  const { form, submit, formError } = useActionForm<ShareLinkSettingsInput>({
    schema: shareLinkSettingsInput,
    defaultValues: initialValues,
  });
  const includeError = errorOf(form, "shareLinkInMails");
  return (
    <SectionForm
      title="Client links"
      description="A client link shows an issued invoice or credit note, with its PDF and e-invoice, to whoever has it, without signing in. Managers create and revoke them on the document's page."
      onSubmit={submit(updateShareLinkSettingsAction, { success: "Client links saved." })}
      formError={formError}
      submitting={form.formState.isSubmitting}
      saveLabel="Save client links"
    >
      <div className="grid content-start gap-2">
        <div className="flex items-center gap-2">
          <Checkbox
            {...form.register("shareLinkInMails")}
            {...fieldAria("shareLinkInMails", { error: includeError, description: true })}
          />
          <Label htmlFor="shareLinkInMails">Include a link to view the invoice online in invoice mails</Label>
        </div>
        <p id="shareLinkInMails-description" className="text-sm text-muted-foreground">
          Each mail of an invoice or credit note gets a new link of its own, listed on the document&apos;s page.
        </p>
        {includeError ? (
          <p id="shareLinkInMails-error" className="text-sm font-medium text-destructive">
            {includeError}
          </p>
        ) : null}
      </div>
      <TextInput
        form={form}
        name="shareLinkMailDays"
        id="shareLinkMailDays"
        label="Mailed links work for (days)"
        inputMode="numeric"
        autoComplete="off"
        description="Empty: until revoked."
      />
    </SectionForm>
  );
}
