"use client";

// The timer's start and edit forms, in their dialog: loaded when someone opens it (TimerControl
// imports this module lazily), so the shell on every back-office page does not send the forms'
// code (react-hook-form, the schemas and zod, the project finder) until a form is wanted.
import { PlayIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useAction, useActionForm } from "@/components/use-action-form";
import type { ClientOption, ProjectSearchResult } from "@/modules/clients/client-queries";
import { discardTimerAction, startTimerAction, timerProjectsAction, updateTimerAction } from "../timer-actions";
import type { RunningTimer } from "../timer-queries";
import { startTimerInput, updateTimerInput } from "../timer-schemas";
import { GridProjectFinder } from "./grid-project-finder";

type ProjectChoice = { id: string; label: string; group: string };

function choicesOf(options: readonly ClientOption[]): ProjectChoice[] {
  return options.flatMap((client) =>
    client.projects.map((project) => ({ id: project.id, label: project.name, group: client.name })),
  );
}

/** The project list of the start and edit forms: loaded when a form opens, grouped by client. */
function useProjectChoices(open: boolean, loadFailure: string, current?: ProjectChoice) {
  const [choices, setChoices] = useState<ProjectChoice[] | null>(null);
  const [complete, setComplete] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!open || choices) return;
    let cancelled = false;
    void timerProjectsAction().then(
      (result) => {
        if (cancelled) return;
        if (!result.ok) return setLoadError(result.message);
        setChoices(choicesOf(result.data.options));
        setComplete(result.data.complete);
      },
      () => !cancelled && setLoadError(loadFailure),
    );
    return () => {
      cancelled = true;
    };
  }, [open, choices, loadFailure]);
  const all = useMemo(() => {
    const list = choices ?? [];
    return current && !list.some((choice) => choice.id === current.id) ? [current, ...list] : list;
  }, [choices, current]);
  const add = (project: ProjectSearchResult) =>
    setChoices((list) =>
      (list ?? []).some((choice) => choice.id === project.id)
        ? list
        : [...(list ?? []), { id: project.id, label: project.name, group: project.clientName }],
    );
  return { choices: all, loading: choices === null && !loadError, complete, loadError, add };
}

function ProjectSelect({
  choices,
  error,
  registration,
}: {
  choices: readonly ProjectChoice[];
  error?: string;
  registration: React.ComponentProps<"select">;
}) {
  const t = useTranslations("timesheets.timer");
  const groups = new Map<string, ProjectChoice[]>();
  for (const choice of choices) groups.set(choice.group, [...(groups.get(choice.group) ?? []), choice]);
  return (
    <NativeSelect {...fieldAria("projectId", { error })} {...registration} required>
      <option value="">{t("chooseProject")}</option>
      {[...groups].map(([group, projects]) => (
        <optgroup key={group} label={group}>
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.label}
            </option>
          ))}
        </optgroup>
      ))}
    </NativeSelect>
  );
}

type StartValues = z.input<typeof startTimerInput>;

function StartForm({ onStarted }: { onStarted: (timer: RunningTimer | null) => void }) {
  const t = useTranslations("timesheets.timer");
  const projects = useProjectChoices(true, t("projectsFailed"));
  const { form, submit, formError } = useActionForm<StartValues>({
    schema: startTimerInput,
    defaultValues: { projectId: "", description: "" },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <div className="grid gap-4">
      <form onSubmit={submit(startTimerAction, { onSuccess: onStarted })} noValidate className="grid gap-4">
        <FormError {...formError} />
        <FormField
          label={t("project")}
          htmlFor="projectId"
          error={errors.projectId?.message ?? projects.loadError ?? undefined}
          required
        >
          {projects.loading ? (
            <p className="text-sm text-muted-foreground">{t("loadingProjects")}</p>
          ) : (
            <ProjectSelect
              choices={projects.choices}
              error={errors.projectId?.message}
              registration={form.register("projectId")}
            />
          )}
        </FormField>
        <FormField label={t("workingOn")} htmlFor="description" error={errors.description?.message}>
          <Input
            {...fieldAria("description", { error: errors.description?.message })}
            {...form.register("description")}
            maxLength={500}
            autoComplete="off"
          />
        </FormField>
        <div>
          <Button type="submit" disabled={isSubmitting || projects.loading}>
            <PlayIcon aria-hidden="true" />
            {isSubmitting ? t("starting") : t("start")}
          </Button>
        </div>
      </form>
      {projects.complete ? null : (
        <GridProjectFinder
          onChoose={(project) => {
            projects.add(project);
            form.setValue("projectId", project.id);
          }}
        />
      )}
    </div>
  );
}

type EditValues = z.input<typeof updateTimerInput>;

function EditForm({
  timer,
  onChanged,
  onGone,
}: {
  timer: RunningTimer;
  onChanged: (timer: RunningTimer | null) => void;
  onGone: () => void;
}) {
  const current = useMemo(
    () => ({ id: timer.projectId, label: timer.projectName, group: timer.clientName }),
    [timer.projectId, timer.projectName, timer.clientName],
  );
  const t = useTranslations("timesheets.timer");
  const projects = useProjectChoices(true, t("projectsFailed"), current);
  const { form, submit, formError } = useActionForm<EditValues>({
    schema: updateTimerInput,
    defaultValues: {
      version: timer.version,
      projectId: timer.projectId,
      description: timer.description,
      startedAt: timer.startedAtWall,
    },
  });
  const discard = useAction();
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit(updateTimerAction, { onSuccess: onChanged })} noValidate className="grid gap-4">
      <FormError {...formError} />
      <FormError {...discard.formError} />
      <FormField
        label={t("startedAt")}
        htmlFor="startedAt"
        error={errors.startedAt?.message}
        description={t("startedAtHint")}
        required
      >
        <Input
          {...fieldAria("startedAt", { error: errors.startedAt?.message, description: true })}
          {...form.register("startedAt")}
          type="datetime-local"
          required
        />
      </FormField>
      <FormField label={t("project")} htmlFor="projectId" error={errors.projectId?.message} required>
        <ProjectSelect
          choices={projects.choices}
          error={errors.projectId?.message}
          registration={form.register("projectId")}
        />
      </FormField>
      <FormField label={t("workingOn")} htmlFor="description" error={errors.description?.message}>
        <Input
          {...fieldAria("description", { error: errors.description?.message })}
          {...form.register("description")}
          maxLength={500}
          autoComplete="off"
        />
      </FormField>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("saving") : t("save")}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={discard.pending}
          onClick={() => void discard.run(() => discardTimerAction({ version: timer.version }), { onSuccess: onGone })}
        >
          {t("discard")}
        </Button>
      </div>
    </form>
  );
}

/** The start form, or the running timer's edit form, in a dialog; closing it is `onClose`. */
export function TimerDialog({
  dialog,
  timer,
  onClose,
  onChanged,
}: {
  dialog: "start" | "edit";
  timer: RunningTimer | null;
  onClose: () => void;
  onChanged: (timer: RunningTimer | null) => void;
}) {
  const t = useTranslations("timesheets.timer");
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{dialog === "edit" ? t("running") : t("startTitle")}</DialogTitle>
          <DialogDescription>{dialog === "edit" ? t("editDescription") : t("startDescription")}</DialogDescription>
        </DialogHeader>
        {dialog === "start" ? <StartForm onStarted={onChanged} /> : null}
        {dialog === "edit" && timer ? (
          <EditForm key={timer.version} timer={timer} onChanged={onChanged} onGone={() => onChanged(null)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
