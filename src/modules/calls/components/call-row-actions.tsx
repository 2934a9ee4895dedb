"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext, useState } from "react";
import { type useForm, useWatch } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { ChoiceField } from "@/components/choice-field";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useAction, useActionForm } from "@/components/use-action-form";
import type { ActionResult } from "@/lib/action";
import {
  cancelCallAction,
  completeCallAction,
  logCallTimeAction,
  markCallMissedAction,
  rescheduleCallAction,
  retryCallAction,
} from "../call-actions";
import {
  availableActions,
  type CallAction,
  canLogTime,
  instantToWallTime,
  type MissedOutcome,
  NOTES_MAX,
  timeEntryMinutes,
} from "../call-rules";
import { completeCallInput, MISSED_OUTCOMES, missCallInput, scheduleExistingCallInput } from "../call-schemas";
import { CallFormDialog, type CallFormValues, FollowUpFields, followUpRefusal } from "./call-form";
import type { CallFormOptions, EditableCall } from "./call-form-options";

type DialogKind = CallAction | "edit" | "log_time";

/** The actions button's glyph (a symbol, no language). */
const MORE = "⋯";

// The dialogs' options (people, clients and projects) are sent once per table, not once per row.
const OptionsContext = createContext<CallFormOptions | null>(null);

export function CallFormOptionsProvider({
  options,
  children,
}: {
  options: CallFormOptions;
  children: React.ReactNode;
}) {
  return <OptionsContext.Provider value={options}>{children}</OptionsContext.Provider>;
}

/** The button that opens a call's actions (a glyph, not an SVG icon: fifty rows of SVGs weigh on every page; decision 016). */
export function CallActionsButton({
  contactName,
  ...props
}: { contactName: string } & Omit<React.ComponentProps<typeof Button>, "children">) {
  const t = useTranslations("calls.actions");
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("menu", { contact: contactName })}
      aria-haspopup="menu"
      {...props}
    >
      <span aria-hidden="true" className="text-lg leading-none font-semibold">
        {MORE}
      </span>
    </Button>
  );
}

/**
 * The actions menu of one call; only offered to those who may change it (the server checks again).
 * `opened`: mounted by a click on the row's CallActionsButton, so the menu opens at once.
 */
export function CallRowActions({ call, opened = false }: { call: EditableCall; opened?: boolean }) {
  const options = useContext(OptionsContext);
  const t = useTranslations("calls.actions");
  if (!options) throw new Error("CallRowActions needs a CallFormOptionsProvider");
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [menuReady, setMenuReady] = useState(opened);
  const actions = availableActions(call.status);
  const loggable = canLogTime({
    status: call.status,
    projectId: call.projectId || null,
    timeEntryId: call.timeEntryId,
    durationSeconds: call.durationSeconds,
  }).ok;
  const close = (open: boolean) => (open ? null : setDialog(null));
  const labels: Record<CallAction, string> = {
    complete: t("complete"),
    miss: t("miss"),
    schedule: t("schedule"),
    reschedule: t("reschedule"),
    retry: t("retry"),
    cancel: t("cancel"),
  };
  const project = call.projectName ?? t("itsProject");
  const person = call.assignedUserName ?? t("itsPerson");
  const trigger = (
    <CallActionsButton contactName={call.contactName} onClick={menuReady ? undefined : () => setMenuReady(true)} />
  );
  return (
    <>
      {/* The menu is built on first use: a page shows fifty rows, each would otherwise render a
          whole menu on the server and hydrate it in the browser. It then opens at once, and
          stays, not modal: the menu hands focus to the dialog it opens. */}
      {menuReady ? (
        <DropdownMenu modal={false} defaultOpen>
          <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
          <DropdownMenuContent>
            {actions
              .filter((action) => action !== "cancel")
              .map((action) => (
                <DropdownMenuItem key={action} onSelect={() => setDialog(action)}>
                  {labels[action]}
                </DropdownMenuItem>
              ))}
            {loggable ? (
              <DropdownMenuItem onSelect={() => setDialog("log_time")}>{t("logTime")}</DropdownMenuItem>
            ) : null}
            <DropdownMenuItem onSelect={() => setDialog("edit")}>{t("edit")}</DropdownMenuItem>
            {actions.includes("cancel") ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => setDialog("cancel")}>
                  {labels.cancel}
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        trigger
      )}
      {/* Only the chosen dialog is mounted: fifty rows of closed dialogs cost every page render. */}
      {dialog === "edit" ? (
        <CallFormDialog mode="edit" options={options} call={call} open onOpenChange={close} />
      ) : null}
      {dialog === "complete" ? (
        <SimpleDialog
          open
          onOpenChange={close}
          title={t("completeTitle")}
          description={
            call.billable && call.projectId
              ? t("completeBillableDescription", { contact: call.contactName, project, person })
              : t("completeDescription", { contact: call.contactName })
          }
        >
          <CompleteForm call={call} options={options} onDone={() => setDialog(null)} />
        </SimpleDialog>
      ) : null}
      {dialog === "miss" ? (
        <SimpleDialog
          open
          onOpenChange={close}
          title={t("missTitle")}
          description={t("missDescription", { contact: call.contactName })}
        >
          <MissForm call={call} onDone={() => setDialog(null)} />
        </SimpleDialog>
      ) : null}
      {dialog === "schedule" || dialog === "reschedule" || dialog === "retry" ? (
        <SimpleDialog
          key={dialog}
          open
          onOpenChange={close}
          title={t(`${dialog}Title`)}
          description={
            dialog === "retry"
              ? t("retryDescription", { contact: call.contactName })
              : t("scheduleDescription", { contact: call.contactName })
          }
        >
          <ScheduleForm call={call} kind={dialog} options={options} onDone={() => setDialog(null)} />
        </SimpleDialog>
      ) : null}
      {dialog === "cancel" ? (
        <SimpleDialog
          open
          onOpenChange={close}
          title={t("cancelTitle")}
          description={t("cancelDescription", { contact: call.contactName })}
        >
          <ConfirmButton
            label={t("cancelConfirm")}
            busy={t("cancelling")}
            destructive
            run={() => cancelCallAction({ id: call.id, version: call.version })}
            onDone={() => setDialog(null)}
          />
        </SimpleDialog>
      ) : null}
      {dialog === "log_time" ? (
        <SimpleDialog
          open
          onOpenChange={close}
          title={t("logTimeTitle")}
          description={t("logTimeDescription", {
            minutes: call.durationSeconds ? timeEntryMinutes(call.durationSeconds) : 0,
            project,
            billable: call.billable ? "yes" : "no",
            person,
            day: call.timeEntryDate ?? t("dayOfCall"),
          })}
        >
          <ConfirmButton
            label={t("logTimeConfirm")}
            busy={t("logging")}
            run={() => logCallTimeAction({ id: call.id, version: call.version })}
            onDone={() => setDialog(null)}
          />
        </SimpleDialog>
      ) : null}
    </>
  );
}

function SimpleDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}

function ConfirmButton({
  label,
  busy,
  destructive,
  run,
  onDone,
}: {
  label: string;
  busy: string;
  destructive?: boolean;
  run: () => Promise<ActionResult<unknown>>;
  onDone: () => void;
}) {
  const t = useTranslations("calls.actions");
  const action = useAction();
  const pending = action.pending;
  const confirm = () => action.run(run, { success: t("done"), onSuccess: onDone });
  return (
    <div className="grid gap-4">
      <FormError {...action.formError} />
      <DialogFooter>
        <Button variant={destructive ? "destructive" : "default"} onClick={() => void confirm()} disabled={pending}>
          {pending ? busy : label}
        </Button>
      </DialogFooter>
    </div>
  );
}

function CompleteForm({ call, options, onDone }: { call: EditableCall; options: CallFormOptions; onDone: () => void }) {
  const t = useTranslations("calls");
  // A call planned earlier most likely happened then; one planned later is happening now.
  const [startedAt] = useState(() => {
    const now = instantToWallTime(new Date(), options.timeZone);
    return call.scheduledAt && call.scheduledAt < now ? call.scheduledAt : now;
  });
  const { form, formError, submit } = useActionForm<CompleteValues>({
    schema: completeCallInput,
    defaultValues: {
      id: call.id,
      version: call.version,
      startedAt,
      duration: "",
      notes: call.notes,
      followUp: false,
      followUpAt: "",
      followUpSubject: "",
    },
  });
  const followUp = useWatch({ control: form.control, name: "followUp" });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(
    async ({ followUp: wants, ...raw }): Promise<ActionResult<unknown>> =>
      followUpRefusal(wants, raw.followUpAt) ??
      completeCallAction({
        ...raw,
        followUpAt: wants ? raw.followUpAt : "",
        followUpSubject: wants ? raw.followUpSubject : "",
      }),
    { success: t("actions.done"), onSuccess: onDone },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("form.startedAt")} htmlFor="startedAt" error={errors.startedAt?.message} required>
          <Input
            {...fieldAria("startedAt", { error: errors.startedAt?.message })}
            {...form.register("startedAt")}
            type="datetime-local"
            required
          />
        </FormField>
        <FormField
          label={t("form.duration")}
          htmlFor="duration"
          error={errors.duration?.message}
          required
          description={t("form.durationHint")}
        >
          <Input
            {...fieldAria("duration", { error: errors.duration?.message, description: true })}
            {...form.register("duration")}
            inputMode="numeric"
            autoComplete="off"
            required
            className="tabular-nums"
          />
        </FormField>
      </div>
      <FormField label={t("form.notes")} htmlFor="notes" error={errors.notes?.message}>
        <Textarea
          {...fieldAria("notes", { error: errors.notes?.message })}
          {...form.register("notes")}
          rows={4}
          maxLength={NOTES_MAX}
        />
      </FormField>
      <FollowUpFields
        form={form as unknown as { register: ReturnType<typeof useForm<CallFormValues>>["register"] }}
        followUp={followUp}
        error={(field) => errors[field]?.message}
      />
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("actions.completing") : t("actions.completeTitle")}
        </Button>
      </DialogFooter>
    </form>
  );
}
type CompleteValues = {
  id: string;
  version: number;
  startedAt: string;
  duration: string;
  notes: string;
  followUp: boolean;
  followUpAt: string;
  followUpSubject: string;
};

type MissValues = { id: string; version: number; outcome: string; notes: string };
function MissForm({ call, onDone }: { call: EditableCall; onDone: () => void }) {
  const t = useTranslations("calls");
  const { form, formError, submit } = useActionForm<MissValues>({
    schema: missCallInput,
    defaultValues: { id: call.id, version: call.version, outcome: "", notes: call.notes },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(markCallMissedAction, { success: t("actions.done"), onSuccess: onDone });
  const outcomeLabels = Object.fromEntries(
    MISSED_OUTCOMES.map((outcome) => [outcome, t(`outcome.${outcome}`)]),
  ) as Record<MissedOutcome, string>;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      <ChoiceField
        label={t("actions.whatHappened")}
        field={form.register("outcome")}
        error={errors.outcome?.message}
        choices={MISSED_OUTCOMES}
        labels={outcomeLabels}
        placeholder={t("actions.choose")}
        required
      />
      <FormField label={t("form.notes")} htmlFor="notes" error={errors.notes?.message}>
        <Textarea
          {...fieldAria("notes", { error: errors.notes?.message })}
          {...form.register("notes")}
          rows={3}
          maxLength={NOTES_MAX}
        />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("actions.saving") : t("actions.markMissed")}
        </Button>
      </DialogFooter>
    </form>
  );
}

type ScheduleValues = { id: string; version: number; scheduledAt: string };
function ScheduleForm({
  call,
  kind,
  options,
  onDone,
}: {
  call: EditableCall;
  kind: "schedule" | "reschedule" | "retry";
  options: CallFormOptions;
  onDone: () => void;
}) {
  const [initial] = useState(() =>
    kind === "reschedule" && call.scheduledAt
      ? call.scheduledAt
      : instantToWallTime(new Date(Date.now() + 60 * 60 * 1000), options.timeZone),
  );
  const t = useTranslations("calls");
  const { form, formError, submit } = useActionForm<ScheduleValues>({
    schema: scheduleExistingCallInput,
    defaultValues: { id: call.id, version: call.version, scheduledAt: initial },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submit(kind === "retry" ? retryCallAction : rescheduleCallAction, {
    success: t("actions.done"),
    onSuccess: onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      <FormField label={t("form.scheduledFor")} htmlFor="scheduledAt" error={errors.scheduledAt?.message} required>
        <Input
          {...fieldAria("scheduledAt", { error: errors.scheduledAt?.message })}
          {...form.register("scheduledAt")}
          type="datetime-local"
          required
        />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting
            ? t("actions.saving")
            : kind === "retry"
              ? t("actions.scheduleRetry")
              : kind === "schedule"
                ? t("actions.scheduleCall")
                : t("actions.rescheduleSubmit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
