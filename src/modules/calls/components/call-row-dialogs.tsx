"use client";

// The dialogs of a call's actions menu (call-row-actions.tsx), in their own module: the list page
// loads them when a menu is first opened, not with the page (decision 072).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { type useForm, useWatch } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { ChoiceField } from "@/components/choice-field";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { DialogFrame } from "@/components/dialog-frame";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useAction } from "@/components/use-action";
import { useActionForm } from "@/components/use-action-form";
import type { ActionResult } from "@/lib/action";
import {
  cancelCallAction,
  completeCallAction,
  logCallTimeAction,
  markCallMissedAction,
  rescheduleCallAction,
  retryCallAction,
} from "../call-actions";
import { type CallAction, instantToWallTime, type MissedOutcome, NOTES_MAX, timeEntryMinutes } from "../call-rules";
import { completeCallInput, MISSED_OUTCOMES, missCallInput, scheduleExistingCallInput } from "../call-schemas";
import { CallFormDialog, type CallFormValues, FollowUpFields, followUpRefusal } from "./call-form";
import type { CallFormOptions, EditableCall } from "./call-form-options";

export type DialogKind = CallAction | "edit" | "log_time";

/** The dialog chosen in a call's actions menu; `onClose` when it closes or its action is done. */
export function CallRowDialog({
  kind,
  call,
  options,
  onClose,
}: {
  kind: DialogKind;
  call: EditableCall;
  options: CallFormOptions;
  onClose: () => void;
}) {
  const t = useTranslations("calls.actions");
  const close = (open: boolean) => (open ? null : onClose());
  const project = call.projectName ?? t("itsProject");
  const person = call.assignedUserName ?? t("itsPerson");
  return (
    <>
      {/* Only the chosen dialog is mounted: fifty rows of closed dialogs cost every page render. */}
      {kind === "edit" ? <CallFormDialog mode="edit" options={options} call={call} open onOpenChange={close} /> : null}
      {kind === "complete" ? (
        <DialogFrame
          open
          onOpenChange={close}
          title={t("completeTitle")}
          description={
            call.billable && call.projectId
              ? t("completeBillableDescription", { contact: call.contactName, project, person })
              : t("completeDescription", { contact: call.contactName })
          }
        >
          <CompleteForm call={call} options={options} onDone={onClose} />
        </DialogFrame>
      ) : null}
      {kind === "miss" ? (
        <DialogFrame
          open
          onOpenChange={close}
          title={t("missTitle")}
          description={t("missDescription", { contact: call.contactName })}
        >
          <MissForm call={call} onDone={onClose} />
        </DialogFrame>
      ) : null}
      {kind === "schedule" || kind === "reschedule" || kind === "retry" ? (
        <DialogFrame
          key={kind}
          open
          onOpenChange={close}
          title={t(`${kind}Title`)}
          description={
            kind === "retry"
              ? t("retryDescription", { contact: call.contactName })
              : t("scheduleDescription", { contact: call.contactName })
          }
        >
          <ScheduleForm call={call} kind={kind} options={options} onDone={onClose} />
        </DialogFrame>
      ) : null}
      {kind === "cancel" ? (
        <DialogFrame
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
            onDone={onClose}
          />
        </DialogFrame>
      ) : null}
      {kind === "log_time" ? (
        <DialogFrame
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
            onDone={onClose}
          />
        </DialogFrame>
      ) : null}
    </>
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
