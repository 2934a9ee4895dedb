"use client";

import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon, PlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useAction, useActionForm } from "@/components/use-action-form";
import { minorToDecimalString } from "@/lib/money";
import {
  createProjectAction,
  setClientArchivedAction,
  setProjectArchivedAction,
  updateProjectAction,
} from "../client-actions";
import { projectFields } from "../client-schemas";
import { budgetFormValues } from "../project-budget-schemas";
import { ProjectBudgetFields } from "./project-budget-fields";

type Values = z.input<typeof projectFields>;

export type EditableProject = {
  id: string;
  version: number;
  name: string;
  code: string | null;
  hourlyRate: number | null;
  budgetMinutes: number | null;
  budgetAmount: number | null;
  budgetPeriod: "total" | "month";
  billableByDefault: boolean;
  membersOnly: boolean;
  memberIds: string[];
};

/** Someone who can be made a member (the active people). */
export type AssignablePerson = { id: string; name: string; role: "admin" | "manager" | "staff" };

export function ProjectDialog({
  clientId,
  project,
  currency,
  people,
}: {
  clientId: string;
  project?: EditableProject;
  currency: string;
  people: AssignablePerson[];
}) {
  const t = useTranslations("clients.projectForm");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {project ? (
          <Button variant="ghost" size="sm">
            <PencilIcon aria-hidden="true" />
            {t("edit")}
            <span className="sr-only"> {project.name}</span>
          </Button>
        ) : (
          <Button variant="outline" size="sm">
            <PlusIcon aria-hidden="true" />
            {t("new")}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{project ? t("editTitle", { name: project.name }) : t("new")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <ProjectForm
          clientId={clientId}
          project={project}
          currency={currency}
          people={people}
          onSaved={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
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

/** Archive or restore a client or a project; archiving says what it means. */
export function ArchiveButton({
  kind,
  id,
  version,
  name,
  archived,
}: {
  kind: "client" | "project";
  id: string;
  version: number;
  name: string;
  archived: boolean;
}) {
  const t = useTranslations("clients.archive");
  const [open, setOpen] = useState(false);
  const action = useAction();
  const pending = action.pending;
  async function run() {
    const input = { id, version, archived: !archived };
    await action.run<unknown>(
      () => (kind === "client" ? setClientArchivedAction(input) : setProjectArchivedAction(input)),
      {
        success: archived ? t("restored", { name }) : t("archived", { name }),
        errorToast: true,
        onSuccess: () => setOpen(false),
      },
    );
  }
  if (archived) {
    return (
      <Button
        variant={kind === "client" ? "outline" : "ghost"}
        size={kind === "client" ? "default" : "sm"}
        disabled={pending}
        onClick={() => void run()}
      >
        <ArchiveRestoreIcon aria-hidden="true" />
        {t("restore")}
        <span className="sr-only"> {name}</span>
      </Button>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={kind === "client" ? "outline" : "ghost"} size={kind === "client" ? "default" : "sm"}>
          <ArchiveIcon aria-hidden="true" />
          {t("archive")}
          <span className="sr-only"> {name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("question", { name })}</DialogTitle>
          <DialogDescription>{kind === "client" ? t("clientMeans") : t("projectMeans")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button disabled={pending} onClick={() => void run()}>
            {t("archive")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
