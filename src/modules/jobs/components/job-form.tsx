"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { fieldAria, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useActionForm } from "@/components/use-action-form";
import { createJobAction, previewJobDescriptionAction, updateJobAction } from "../job-actions";
import { EMPLOYMENT_TYPE_LABELS, SALARY_PERIOD_LABELS, WORKPLACE_LABELS } from "../job-rules";

/** The choices of the selects, in order (their words are `jobs.words.*`). */
const WORKPLACES = Object.keys(WORKPLACE_LABELS);
const EMPLOYMENT_TYPES = Object.keys(EMPLOYMENT_TYPE_LABELS);
const SALARY_PERIODS = Object.keys(SALARY_PERIOD_LABELS);
import { jobInput } from "../job-schemas";
import { MARKDOWN_CLASSES } from "./markdown-classes";

type Values = z.input<typeof jobInput>;
type Field = keyof Values;

export type EditableJob = {
  id: string;
  version: number;
  title: string;
  location: string | null;
  workplace: Values["workplace"];
  employmentType: Values["employmentType"];
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: "year" | "month" | "day" | "hour" | null;
  description: string;
  closesOn: string | null;
};

const amount = (minor: number | null) =>
  minor === null ? "" : minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);

/** Create (no job) or edit a job; the description has a Write / Preview switch rendered by the server. */
export function JobForm({ job, defaultCurrency }: { job?: EditableJob; defaultCurrency: string }) {
  const router = useRouter();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [preview, setPreview] = useState<string>("");
  const values = useMemo<Values>(
    () => ({
      title: job?.title ?? "",
      location: job?.location ?? "",
      workplace: job?.workplace ?? "hybrid",
      employmentType: job?.employmentType ?? "full_time",
      salaryMin: amount(job?.salaryMin ?? null),
      salaryMax: amount(job?.salaryMax ?? null),
      salaryCurrency: job?.salaryCurrency ?? defaultCurrency,
      salaryPeriod: job?.salaryPeriod ?? "year",
      description: job?.description ?? "",
      closesOn: job?.closesOn ?? "",
    }),
    [job, defaultCurrency],
  );
  const { form, submit, formError } = useActionForm<Values>({
    schema: jobInput,
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const [version, setVersion] = useState(job?.version ?? 1);

  async function showPreview() {
    setTab("preview");
    const result = await previewJobDescriptionAction(form.getValues("description") ?? "");
    setPreview(result.ok ? result.data.html : `<p>${result.message}</p>`);
  }

  const onSubmit = submit<{ id: string } | { version: number }>(
    (raw) => (job ? updateJobAction({ ...raw, id: job.id, version }) : createJobAction(raw)),
    {
      // A new job opens on its own page; an edited one stays, with what was saved as the baseline.
      refresh: Boolean(job),
      onSuccess: (data) => {
        if ("id" in data) return router.push(`/bo/jobs/${data.id}`);
        setVersion(data.version);
        form.reset(form.getValues());
      },
    },
  );

  const error = (field: Field) => errors[field]?.message;
  const t = useTranslations("jobs.form");
  const words = useTranslations("jobs.words");
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormError {...formError} />
      <FormField label={t("title")} htmlFor="title" error={error("title")} required>
        <Input
          {...fieldAria("title", { error: error("title") })}
          {...form.register("title")}
          required
          maxLength={120}
          autoComplete="off"
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField label={t("location")} htmlFor="location" error={error("location")}>
          <Input
            {...fieldAria("location", { error: error("location") })}
            {...form.register("location")}
            maxLength={120}
            autoComplete="off"
          />
        </FormField>
        <FormField label={t("workplace")} htmlFor="workplace" error={error("workplace")} required>
          <NativeSelect {...fieldAria("workplace", { error: error("workplace") })} {...form.register("workplace")}>
            {WORKPLACES.map((value) => (
              <option key={value} value={value}>
                {words(`workplace.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t("employmentType")} htmlFor="employmentType" error={error("employmentType")} required>
          <NativeSelect
            {...fieldAria("employmentType", { error: error("employmentType") })}
            {...form.register("employmentType")}
          >
            {EMPLOYMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {words(`employmentType.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium">{t("salary")}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <FormField label={t("minimum")} htmlFor="salaryMin" error={error("salaryMin")}>
            <Input
              {...fieldAria("salaryMin", { error: error("salaryMin") })}
              {...form.register("salaryMin")}
              inputMode="decimal"
              className="text-right tabular-nums"
              autoComplete="off"
            />
          </FormField>
          <FormField label={t("maximum")} htmlFor="salaryMax" error={error("salaryMax")}>
            <Input
              {...fieldAria("salaryMax", { error: error("salaryMax") })}
              {...form.register("salaryMax")}
              inputMode="decimal"
              className="text-right tabular-nums"
              autoComplete="off"
            />
          </FormField>
          <FormField label={t("currency")} htmlFor="salaryCurrency" error={error("salaryCurrency")}>
            <Input
              {...fieldAria("salaryCurrency", { error: error("salaryCurrency") })}
              {...form.register("salaryCurrency")}
              maxLength={3}
              className="uppercase"
              autoComplete="off"
            />
          </FormField>
          <FormField label={t("per")} htmlFor="salaryPeriod" error={error("salaryPeriod")}>
            <NativeSelect
              {...fieldAria("salaryPeriod", { error: error("salaryPeriod") })}
              {...form.register("salaryPeriod")}
            >
              {SALARY_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {t(`periods.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      </fieldset>
      <FormField label={t("closesOn")} htmlFor="closesOn" error={error("closesOn")} description={t("closesOnHelp")}>
        <Input
          {...fieldAria("closesOn", { error: error("closesOn"), description: true })}
          {...form.register("closesOn")}
          type="date"
          className="w-fit"
        />
      </FormField>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label htmlFor="description" className="text-sm font-medium">
            {t("description")}
          </label>
          <div role="group" aria-label={t("descriptionView")} className="inline-flex rounded-md border p-0.5 text-sm">
            <button
              type="button"
              aria-pressed={tab === "write"}
              onClick={() => setTab("write")}
              className="rounded px-3 py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-muted aria-pressed:font-medium"
            >
              {t("write")}
            </button>
            <button
              type="button"
              aria-pressed={tab === "preview"}
              onClick={showPreview}
              className="rounded px-3 py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-muted aria-pressed:font-medium"
            >
              {t("preview")}
            </button>
          </div>
        </div>
        <Textarea
          {...fieldAria("description", { error: error("description"), description: true })}
          {...form.register("description")}
          rows={16}
          className={tab === "write" ? "font-mono text-sm" : "hidden"}
        />
        {tab === "preview" ? (
          <div
            aria-live="polite"
            className={`min-h-40 rounded-md border p-4 ${MARKDOWN_CLASSES}`}
            dangerouslySetInnerHTML={{ __html: preview || `<p>${t("nothingToPreview")}</p>` }}
          />
        ) : null}
        <p id="description-description" className="text-sm text-muted-foreground">
          {t("markdownHelp")}
        </p>
        {error("description") ? (
          <p id="description-error" className="text-sm font-medium text-destructive">
            {error("description")}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("saving") : job ? t("save") : t("create")}
        </Button>
      </div>
    </form>
  );
}
