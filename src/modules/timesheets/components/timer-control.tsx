"use client";

import { PencilIcon, PlayIcon, SquareIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import { FormError } from "@/components/form-error";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useAction, useActionForm } from "@/components/use-action-form";
import type { ClientOption, ProjectSearchResult } from "@/modules/clients/client-queries";
import {
  discardTimerAction,
  readTimerAction,
  startTimerAction,
  stopTimerAction,
  timerProjectsAction,
  updateTimerAction,
} from "../timer-actions";
import type { StoppedTimer } from "../timer-mutations";
import type { RunningTimer } from "../timer-queries";
import { formatDate } from "@/lib/dates";
import { formatElapsed } from "../timer-rules";
import { formatDuration } from "../timesheet-rules";
import { startTimerInput, updateTimerInput } from "../timer-schemas";
import { GridProjectFinder } from "./grid-project-finder";

// The timer in the shell, on every back-office page. The database holds the timer: each tab shows
// what the last action or read answered, reads it again when it comes back to the front, and tells
// the other tabs (BroadcastChannel) when it changed it. Decision 030.

const CHANNEL = "bureau-timer";

type ProjectChoice = { id: string; label: string; group: string };

function choicesOf(options: readonly ClientOption[]): ProjectChoice[] {
  return options.flatMap((client) =>
    client.projects.map((project) => ({ id: project.id, label: project.name, group: client.name })),
  );
}

type Translate = ReturnType<typeof useTranslations<"timesheets.timer">>;

/** "Timer stopped: 1.5 h logged in your timesheet (1.5 h on 27 Nov 2026).", in the page's locale. */
function stoppedMessage({ parts }: StoppedTimer, t: Translate, locale: string): string {
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  const total = parts.reduce((sum, part) => sum + part.minutes, 0);
  const where = parts
    .map((part) => t("stoppedPart", { hours: hours(part.minutes), date: formatDate(part.date, locale, "UTC") }))
    .join(t("and"));
  return t("stopped", { hours: hours(total), where });
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

/**
 * The seconds since `startedAt`, ticking every second; null before the first tick. The clock ticks
 * only in the browser, so the server's render and the first one agree.
 */
export function useElapsedSeconds(startedAt: string | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!startedAt) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const interval = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(interval);
    };
  }, [startedAt]);
  return startedAt && now !== null ? (now - new Date(startedAt).getTime()) / 1000 : null;
}

/** Tells the other tabs' timer controls that this tab changed the timer (they read it again). */
export function announceTimerChange(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const broadcast = new BroadcastChannel(CHANNEL);
  broadcast.postMessage("changed");
  broadcast.close();
}

/**
 * Stop: the running timer becomes time entries (toast says where); a refusal (the week is
 * submitted, the timer changed elsewhere) is an error toast and the timer keeps running. The
 * shell's control and the day view (decision 047) both use it.
 */
export function StopTimerButton({
  timer,
  locale,
  onStopped,
  onRefused,
}: {
  timer: Pick<RunningTimer, "version">;
  /** The page's locale (the firm's for its language), for the hours and the date said once stopped. */
  locale: string;
  onStopped: () => void;
  onRefused: () => void;
}) {
  const stop = useAction();
  const t = useTranslations("timesheets.timer");
  async function stopNow() {
    const result = await stop.run(() => stopTimerAction({ version: timer.version }), {
      success: (stopped) => stoppedMessage(stopped, t, locale),
      onSuccess: onStopped,
      errorToast: true,
    });
    if (result && !result.ok) onRefused();
  }
  return (
    <Button type="button" size="sm" disabled={stop.pending} onClick={() => void stopNow()}>
      <SquareIcon aria-hidden="true" />
      {stop.pending ? t("stopping") : t("stop")}
    </Button>
  );
}

/** The shell's timer: "Start timer" when none runs; the time so far, Stop and Edit when one does. */
export function TimerControl({ initial, locale }: { initial: RunningTimer | null; locale: string }) {
  const t = useTranslations("timesheets.timer");
  const [timer, setTimer] = useState(initial);
  const [dialog, setDialog] = useState<"start" | "edit" | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);

  // A refresh of the page brings the database's timer again: it replaces what this tab showed.
  const [shownInitial, setShownInitial] = useState(initial);
  if (shownInitial !== initial) {
    setShownInitial(initial);
    setTimer(initial);
  }

  const reread = useCallback(async () => {
    try {
      const result = await readTimerAction();
      if (result.ok) setTimer(result.data);
    } catch {
      // Offline or the server restarting: keep showing what we had; the next focus reads again.
    }
  }, []);

  useEffect(() => {
    const broadcast = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
    channel.current = broadcast;
    if (broadcast) broadcast.onmessage = () => void reread();
    const onVisible = () => {
      if (document.visibilityState === "visible") void reread();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      broadcast?.close();
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, [reread]);

  function changed(next: RunningTimer | null) {
    setTimer(next);
    setDialog(null);
    channel.current?.postMessage("changed");
  }

  const elapsed = useElapsedSeconds(timer?.startedAt ?? null);

  return (
    <div className="flex min-w-0 items-center justify-end gap-2" data-testid="timer">
      {timer ? (
        <>
          <span className="flex min-w-0 items-center gap-2 text-sm" role="timer" aria-label={t("running")}>
            <span aria-hidden="true" className="size-2 shrink-0 animate-pulse rounded-full bg-red-600" />
            <span className="font-medium tabular-nums">{elapsed === null ? "…" : formatElapsed(elapsed)}</span>
            <span className="truncate text-muted-foreground" title={`${timer.clientName} · ${timer.projectName}`}>
              {timer.projectName}
              {timer.description ? <span className="hidden sm:inline"> · {timer.description}</span> : null}
            </span>
          </span>
          <Button type="button" size="sm" variant="outline" onClick={() => setDialog("edit")} aria-label={t("edit")}>
            <PencilIcon aria-hidden="true" />
          </Button>
          <StopTimerButton
            timer={timer}
            locale={locale}
            onStopped={() => changed(null)}
            // Refused: the timer still runs; show it as the database holds it (another tab may have changed it).
            onRefused={() => void reread()}
          />
        </>
      ) : (
        <Button type="button" size="sm" variant="outline" onClick={() => setDialog("start")}>
          <PlayIcon aria-hidden="true" />
          {t("startTimer")}
        </Button>
      )}
      <Dialog open={dialog !== null} onOpenChange={(open) => setDialog(open ? dialog : null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{dialog === "edit" ? t("running") : t("startTitle")}</DialogTitle>
            <DialogDescription>{dialog === "edit" ? t("editDescription") : t("startDescription")}</DialogDescription>
          </DialogHeader>
          {dialog === "start" ? <StartForm onStarted={changed} /> : null}
          {dialog === "edit" && timer ? (
            <EditForm key={timer.version} timer={timer} onChanged={changed} onGone={() => changed(null)} />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
