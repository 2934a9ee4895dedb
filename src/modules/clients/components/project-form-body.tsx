"use client";

// The project dialog and its form, and the archive question (decision 072: loaded by
// project-form.tsx on first use).

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { DialogFrame } from "@/components/dialog-frame";
import type { LazyDialogProps } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { useActionForm } from "@/components/use-action-form";
import { minorToDecimalString } from "@/lib/money";
import { createProjectAction, updateProjectAction } from "../client-actions";
import { projectFields } from "../client-schemas";
import { budgetFormValues } from "../project-budget-schemas";
import { ProjectBudgetFields } from "./project-budget-fields";
import type { AssignablePerson, EditableProject } from "./project-form";

type Values = z.input<typeof projectFields>;

/** The dialog that creates or edits a project; the form is mounted while it is open. */
export function ProjectFormDialog({
  clientId,
  project,
  currency,
  people,
  onSaved,
  ...frame
}: LazyDialogProps & {
  title: string;
  description: string;
  clientId: string;
  project?: EditableProject;
  currency: string;
  people: AssignablePerson[];
  onSaved: () => void;
}) {
  return (
    <DialogFrame {...frame}>
      <ProjectForm clientId={clientId} project={project} currency={currency} people={people} onSaved={onSaved} />
    </DialogFrame>
  );
}

/** "Archive …?": what archiving a client or a project means, and the button that does it. */
export function ArchiveQuestion({
  cancel,
  confirm,
  pending,
  onConfirm,
  ...frame
}: LazyDialogProps & {
  title: string;
  description: string;
  cancel: string;
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <DialogFrame {...frame}>
      <DialogFooter>
        <Button variant="outline" onClick={() => frame.onOpenChange(false)}>
          {cancel}
        </Button>
        <Button disabled={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}

function ProjectForm({
  clientId,
  project,
  currency,
  people,
  onSaved,
}: {
  clientId: string;
  project?: EditableProject;
  currency: string;
  people: AssignablePerson[];
  onSaved: () => void;
}) {
  const t = useTranslations("clients.projectForm");
  const { form, submit, formError } = useActionForm<Values>({
    schema: projectFields,
    defaultValues: {
      name: project?.name ?? "",
      code: project?.code ?? "",
      hourlyRate: project?.hourlyRate == null ? "" : minorToDecimalString(project.hourlyRate, 2),
      ...budgetFormValues(project),
      billableByDefault: project?.billableByDefault ?? true,
      membersOnly: project?.membersOnly ?? false,
      memberIds: project?.memberIds ?? [],
    },
  });
  const membersOnly = useWatch({ control: form.control, name: "membersOnly" });
  const memberIds = useWatch({ control: form.control, name: "memberIds" }) ?? [];
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit<unknown>(
    (values) =>
      project
        ? updateProjectAction({ ...values, id: project.id, version: project.version })
        : createProjectAction({ ...values, clientId }),
    { onSuccess: onSaved },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      <FormField label={t("name")} htmlFor="project-name" error={errors.name?.message} required>
        <Input
          {...fieldAria("project-name", { error: errors.name?.message })}
          {...form.register("name")}
          required
          maxLength={200}
          autoComplete="off"
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t("code")} htmlFor="project-code" error={errors.code?.message}>
          <Input
            {...fieldAria("project-code", { error: errors.code?.message })}
            {...form.register("code")}
            maxLength={20}
            autoComplete="off"
          />
        </FormField>
        <FormField
          label={t("hourlyRate", { currency })}
          htmlFor="project-hourlyRate"
          error={errors.hourlyRate?.message}
        >
          <Input
            {...fieldAria("project-hourlyRate", { error: errors.hourlyRate?.message })}
            {...form.register("hourlyRate")}
            inputMode="decimal"
            className="text-right tabular-nums"
            autoComplete="off"
          />
        </FormField>
      </div>
      <ProjectBudgetFields form={form} currency={currency} />
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register("billableByDefault")} />
        {t("billableByDefault")}
      </label>
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t("whoLogsTime")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <Checkbox {...form.register("membersOnly")} />
          {t("membersOnly")}
        </label>
        {membersOnly ? (
          <div className="grid gap-1">
            <p id="project-members-label" className="text-sm font-medium">
              {t("members")}
            </p>
            <ul
              aria-labelledby="project-members-label"
              aria-describedby={errors.memberIds ? "project-members-error" : undefined}
              className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2"
            >
              {people.map((person) => (
                <li key={person.id}>
                  <label className="flex min-h-8 items-center gap-2 text-sm">
                    <Checkbox
                      checked={memberIds.includes(person.id)}
                      onChange={(event) =>
                        form.setValue(
                          "memberIds",
                          event.target.checked
                            ? [...memberIds, person.id]
                            : memberIds.filter((memberId) => memberId !== person.id),
                          { shouldDirty: true },
                        )
                      }
                    />
                    {person.name}
                    {person.role === "staff" ? null : (
                      <span className="text-xs text-muted-foreground">
                        {t("seesEveryProject", { role: t(`role.${person.role}`) })}
                      </span>
                    )}
                  </label>
                </li>
              ))}
            </ul>
            {errors.memberIds ? (
              <p id="project-members-error" role="alert" className="text-sm font-medium text-destructive">
                {errors.memberIds.message}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("saving") : project ? t("save") : t("create")}
        </Button>
      </div>
    </form>
  );
}
