"use client";

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
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormError {...formError} />
      <FormField label="Title" htmlFor="title" error={error("title")} required>
        <Input
          {...fieldAria("title", { error: error("title") })}
          {...form.register("title")}
          required
          maxLength={120}
          autoComplete="off"
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField label="Location" htmlFor="location" error={error("location")}>
          <Input
            {...fieldAria("location", { error: error("location") })}
            {...form.register("location")}
            maxLength={120}
            autoComplete="off"
          />
        </FormField>
        <FormField label="Workplace" htmlFor="workplace" error={error("workplace")} required>
          <NativeSelect {...fieldAria("workplace", { error: error("workplace") })} {...form.register("workplace")}>
            {Object.entries(WORKPLACE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Employment type" htmlFor="employmentType" error={error("employmentType")} required>
          <NativeSelect
            {...fieldAria("employmentType", { error: error("employmentType") })}
            {...form.register("employmentType")}
          >
            {Object.entries(EMPLOYMENT_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium">Salary (optional)</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <FormField label="Minimum" htmlFor="salaryMin" error={error("salaryMin")}>
            <Input
              {...fieldAria("salaryMin", { error: error("salaryMin") })}
              {...form.register("salaryMin")}
              inputMode="decimal"
              className="text-right tabular-nums"
              autoComplete="off"
            />
          </FormField>
          <FormField label="Maximum" htmlFor="salaryMax" error={error("salaryMax")}>
            <Input
              {...fieldAria("salaryMax", { error: error("salaryMax") })}
              {...form.register("salaryMax")}
              inputMode="decimal"
              className="text-right tabular-nums"
              autoComplete="off"
            />
          </FormField>
          <FormField label="Currency" htmlFor="salaryCurrency" error={error("salaryCurrency")}>
            <Input
              {...fieldAria("salaryCurrency", { error: error("salaryCurrency") })}
              {...form.register("salaryCurrency")}
              maxLength={3}
              className="uppercase"
              autoComplete="off"
            />
          </FormField>
          <FormField label="Per" htmlFor="salaryPeriod" error={error("salaryPeriod")}>
            <NativeSelect
              {...fieldAria("salaryPeriod", { error: error("salaryPeriod") })}
              {...form.register("salaryPeriod")}
            >
              {Object.entries(SALARY_PERIOD_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label.replace("per ", "")}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      </fieldset>
      <FormField
        label="Closes on"
        htmlFor="closesOn"
        error={error("closesOn")}
        description="Optional. After this date the job leaves the public site."
      >
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
            Description (Markdown)
          </label>
          <div role="group" aria-label="Description view" className="inline-flex rounded-md border p-0.5 text-sm">
            <button
              type="button"
              aria-pressed={tab === "write"}
              onClick={() => setTab("write")}
              className="rounded px-3 py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-muted aria-pressed:font-medium"
            >
              Write
            </button>
            <button
              type="button"
              aria-pressed={tab === "preview"}
              onClick={showPreview}
              className="rounded px-3 py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-muted aria-pressed:font-medium"
            >
              Preview
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
            dangerouslySetInnerHTML={{ __html: preview || "<p>Nothing to preview yet.</p>" }}
          />
        ) : null}
        <p id="description-description" className="text-sm text-muted-foreground">
          ## for headings, - for lists, **bold**, [links](https://…). HTML is not allowed.
        </p>
        {error("description") ? (
          <p id="description-error" className="text-sm font-medium text-destructive">
            {error("description")}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : job ? "Save job" : "Create job"}
        </Button>
      </div>
    </form>
  );
}
