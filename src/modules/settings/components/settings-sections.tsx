"use client";

// Settings sections saved by their own button, apart from "Save settings": who the firm's mail
// comes from, and the public site's texts. Their fields are not in the main form's schema.
import { ExternalLinkIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { savedValue } from "@/components/saved-value";
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
  const t = useTranslations("settings.sections");
  return (
    <SectionCard title={title} description={description}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2" aria-label={title}>
        <FormError {...formError} className="md:col-span-2" />
        {children}
        <div className="md:col-span-2">
          <Button type="submit" variant="outline" disabled={submitting}>
            {submitting ? t("saving") : saveLabel}
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
      <Input
        {...fieldAria(id, { error, description: Boolean(description) })}
        {...form.register(name)}
        defaultValue={savedValue(form.formState.defaultValues, name)}
        {...props}
      />
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
  const t = useTranslations("settings.sections");
  const tReply = useTranslations("settings.replyTo");
  const replyError = errorOf(form, "mailReplyTo");
  return (
    <SectionForm
      title={t("mailSender")}
      description={t("whoInvoicesRemindersAndReplies")}
      onSubmit={submit(updateMailIdentityAction, { success: t("mailSenderSaved") })}
      formError={formError}
      submitting={form.formState.isSubmitting}
      saveLabel={t("saveMailSender")}
    >
      <TextInput
        form={form}
        name="mailFromName"
        id="mailFromName"
        label={t("senderName")}
        placeholder={firmName}
        autoComplete="off"
        description={t("emptyTheFirmSName")}
      />
      <TextInput
        form={form}
        name="mailFromAddress"
        id="mailFromAddress"
        label={t("senderAddress")}
        type="email"
        autoComplete="off"
        spellCheck={false}
        description={<>{t("senderAddressHelp", { address: environmentFrom })}</>}
      />
      <FormField
        label={t("repliesGoTo")}
        htmlFor="mailReplyTo"
        error={replyError}
        description={firmEmail ? t("firmEmailIs", { email: firmEmail }) : t("noFirmEmail")}
        className="md:col-span-2"
      >
        <NativeSelect
          {...fieldAria("mailReplyTo", { error: replyError, description: true })}
          {...form.register("mailReplyTo")}
          defaultValue={savedValue(form.formState.defaultValues, "mailReplyTo")}
        >
          {MAIL_REPLY_TO.map((value) => (
            <option key={value} value={value}>
              {tReply(value)}
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
  const t = useTranslations("settings.sections");
  const { form, submit, formError } = useActionForm<PublicPagesInput>({
    schema: publicPagesInput,
    defaultValues: initialValues,
  });
  const texts: { name: PublicText; label: string; page: string; rows: number; description: string }[] = [
    {
      name: "homeText",
      label: t("homePageText"),
      page: "/",
      rows: 4,
      description: t("underTheFirmSName"),
    },
    {
      name: "legalNotice",
      label: t("legalNotice"),
      page: "/legal",
      rows: 10,
      description: t("whoPublishesTheSiteFor"),
    },
    {
      name: "privacyNotice",
      label: t("privacyNotice"),
      page: "/privacy",
      rows: 10,
      description: t("whatTheSiteCollectsWhy"),
    },
  ];
  return (
    <SectionForm
      title={t("publicPages")}
      description={t("theTextsOfThePublic")}
      onSubmit={submit(updatePublicPagesAction, { success: t("publicPagesSaved") })}
      formError={formError}
      submitting={form.formState.isSubmitting}
      saveLabel={t("savePublicPages")}
    >
      {missingMentions.length > 0 ? (
        <p
          role="note"
          className="rounded-md border border-warning/40 bg-warning-muted p-3 text-sm text-foreground md:col-span-2"
        >
          {t("missingMentions", { mentions: missingMentions.join(", ") })}
        </p>
      ) : null}
      <TextInput
        form={form}
        name="publicationDirector"
        id="publicationDirector"
        label={t("directorOfPublication")}
        autoComplete="off"
        description={t("thePersonAnswerableForThe")}
      />
      <FormField
        label={t("host")}
        htmlFor="hostingProvider"
        error={errorOf(form, "hostingProvider")}
        description={t("nameAddressAndPhoneOf")}
      >
        <Textarea
          {...fieldAria("hostingProvider", { error: errorOf(form, "hostingProvider"), description: true })}
          {...form.register("hostingProvider")}
          defaultValue={savedValue(form.formState.defaultValues, "hostingProvider")}
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
                  {t("view", { page: text.page })}
                  <ExternalLinkIcon aria-hidden className="size-3" />
                  <span className="sr-only">{t("newTab")}</span>
                </a>
              </>
            }
            className="md:col-span-2"
          >
            <Textarea
              {...fieldAria(text.name, { error, description: true })}
              {...form.register(text.name)}
              defaultValue={savedValue(form.formState.defaultValues, text.name)}
              rows={text.rows}
              maxLength={PUBLIC_TEXT_MAX}
              placeholder={t("emptyTheGeneratedText")}
              className="font-mono text-sm"
            />
            <div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => form.setValue(text.name, generated[text.name], { shouldDirty: true })}
              >
                {t("startFromGenerated")}
                <span className="sr-only">
                  {": "}
                  {text.label}
                </span>
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
  const t = useTranslations("settings.sections");
  const { form, submit, formError } = useActionForm<FecAccountsInput>({
    schema: fecAccountsInput,
    defaultValues: initialValues,
  });
  const fields: { name: keyof FecAccountsInput; label: string; description: string }[] = [
    {
      name: "clientAccount",
      label: t("clientAccount"),
      description: t("debitedByInvoices411Each"),
    },
    { name: "salesAccount", label: t("salesAccount"), description: t("creditedWithTheNetPer") },
    { name: "vatAccount", label: t("vatCollectedAccount"), description: t("creditedWithTheVatPer") },
    { name: "bankAccount", label: t("bankAccount"), description: t("debitedByPaymentsReceived512") },
    {
      name: "salesJournalCode",
      label: t("salesJournalCode"),
      description: t("theInvoicesAndCreditNotes"),
    },
    { name: "salesJournalLabel", label: t("salesJournalLabel"), description: t("itsNameInTheFile") },
    { name: "bankJournalCode", label: t("bankJournalCode"), description: t("thePaymentsJournalBq") },
    { name: "bankJournalLabel", label: t("bankJournalLabel"), description: t("itsNameInTheFile") },
  ];
  return (
    <SectionForm
      title={t("accountingExport")}
      description={t("theAccountsAndJournalsOf")}
      onSubmit={submit(updateFecAccountsAction, { success: t("accountingExportSaved") })}
      formError={formError}
      submitting={form.formState.isSubmitting}
      saveLabel={t("saveAccountingExport")}
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
  const t = useTranslations("settings.sections");
  const { form, submit, formError } = useActionForm<ShareLinkSettingsInput>({
    schema: shareLinkSettingsInput,
    defaultValues: initialValues,
  });
  const includeError = errorOf(form, "shareLinkInMails");
  return (
    <SectionForm
      title={t("clientLinks")}
      description={t("aClientLinkShowsAn")}
      onSubmit={submit(updateShareLinkSettingsAction, { success: t("clientLinksSaved") })}
      formError={formError}
      submitting={form.formState.isSubmitting}
      saveLabel={t("saveClientLinks")}
    >
      <div className="grid content-start gap-2">
        <div className="flex items-center gap-2">
          <Checkbox
            {...form.register("shareLinkInMails")}
            {...fieldAria("shareLinkInMails", { error: includeError, description: true })}
          />
          <Label htmlFor="shareLinkInMails">{t("includeLink")}</Label>
        </div>
        <p id="shareLinkInMails-description" className="text-sm text-muted-foreground">
          {t("includeLinkHelp")}
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
        label={t("mailedLinksWorkForDays")}
        inputMode="numeric"
        autoComplete="off"
        description={t("emptyUntilRevoked")}
      />
    </SectionForm>
  );
}
