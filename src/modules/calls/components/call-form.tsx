"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useController, type useForm, useWatch } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { CORRECT_FIELDS_MESSAGE } from "@/components/form-errors";
import { FormField, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogFrame } from "@/components/dialog-frame";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useActionForm } from "@/components/use-action-form";
import type { ActionResult } from "@/lib/action";
import { ClientPicker, type PickedClient } from "@/modules/clients/components/client-picker";
import { can } from "@/modules/users/permissions";
import { loadCallProjectsAction, logCallAction, scheduleCallAction, updateCallAction } from "../call-actions";
import { instantToWallTime, NOTES_MAX } from "../call-rules";
import { logCallInput, scheduleCallInput, updateCallInput } from "../call-schemas";
import type { CallFormOptions, CallProjectOption, EditableCall } from "./call-form-options";

export type CallFormMode = "log" | "schedule" | "edit";

export type CallFormValues = {
  id: string;
  version: number;
  direction: string;
  contactName: string;
  phone: string;
  email: string;
  clientId: string;
  projectId: string;
  billable: boolean;
  assignedUserId: string;
  subject: string;
  notes: string;
  scheduledAt: string;
  startedAt: string;
  duration: string;
  followUp: boolean;
  followUpAt: string;
  followUpSubject: string;
};
type Field = Exclude<keyof CallFormValues, "id" | "version" | "followUp">;

function emptyValues(options: CallFormOptions, mode: CallFormMode): CallFormValues {
  const now = instantToWallTime(new Date(), options.timeZone);
  return {
    id: "",
    version: 1,
    direction: mode === "schedule" ? "outbound" : "inbound",
    contactName: "",
    phone: "",
    email: "",
    clientId: "",
    projectId: "",
    billable: false,
    assignedUserId: options.viewer.id,
    subject: "",
    notes: "",
    scheduledAt: "",
    startedAt: mode === "log" ? now : "",
    duration: "",
    followUp: false,
    followUpAt: "",
    followUpSubject: "",
  };
}

function editValues(call: EditableCall): CallFormValues {
  return {
    id: call.id,
    version: call.version,
    direction: call.direction,
    contactName: call.contactName,
    phone: call.phone,
    email: call.email,
    clientId: call.clientId,
    projectId: call.projectId,
    billable: call.billable,
    assignedUserId: call.assignedUserId,
    subject: call.subject,
    notes: call.notes,
    scheduledAt: call.scheduledAt,
    startedAt: call.startedAt,
    duration: call.duration,
    followUp: false,
    followUpAt: "",
    followUpSubject: "",
  };
}

/** The dialog that logs, schedules or edits a call, over the list. */
export function CallFormDialog({
  mode,
  options,
  call,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  mode: CallFormMode;
  options: CallFormOptions;
  call?: EditableCall;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close when no Radix trigger opened it (useLazyDialog). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const t = useTranslations("calls.form");
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t(`${mode}.title`)}
      description={t(`${mode}.description`)}
      className="sm:max-w-2xl"
    >
      {open ? <CallForm mode={mode} options={options} call={call} onDone={() => onOpenChange(false)} /> : null}
    </DialogFrame>
  );
}

/**
 * The projects of the chosen client, loaded when the client is chosen (the dialogs find clients
 * as one types: a firm may have thousands, too many to send with the page or the dialog).
 */
function useClientProjects(
  clientId: string,
  loadFailure: string,
): {
  projects: CallProjectOption[];
  loading: boolean;
  failure: string | null;
} {
  const [loaded, setLoaded] = useState<{
    clientId: string;
    projects: CallProjectOption[];
    failure: string | null;
  } | null>(null);
  useEffect(() => {
    if (!clientId) return;
    let current = true;
    loadCallProjectsAction({ clientId }).then(
      (result) =>
        current &&
        setLoaded({ clientId, projects: result.ok ? result.data : [], failure: result.ok ? null : result.message }),
      () =>
        current &&
        setLoaded({
          clientId,
          projects: [],
          failure: loadFailure,
        }),
    );
    return () => {
      current = false;
    };
  }, [clientId, loadFailure]);
  if (!clientId) return { projects: [], loading: false, failure: null };
  if (loaded?.clientId !== clientId) return { projects: [], loading: true, failure: null };
  return { projects: loaded.projects, loading: false, failure: loaded.failure };
}

function CallForm({
  mode,
  options,
  call,
  onDone,
}: {
  mode: CallFormMode;
  options: CallFormOptions;
  call?: EditableCall;
  onDone: () => void;
}) {
  const t = useTranslations("calls");
  const schema = mode === "log" ? logCallInput : mode === "schedule" ? scheduleCallInput : updateCallInput;
  const defaultValues = useMemo(() => (call ? editValues(call) : emptyValues(options, mode)), [call, options, mode]);
  const { form, submit, formError } = useActionForm<CallFormValues>({ schema, defaultValues });
  const { errors, isSubmitting } = form.formState;
  const clientId = useWatch({ control: form.control, name: "clientId" });
  // The client picker is not a native field: the controller takes its choice and focuses it on an error.
  const { field: clientField } = useController({ control: form.control, name: "clientId" });
  const clientProjects = useClientProjects(clientId, t("form.projectsFailed"));
  const followUp = useWatch({ control: form.control, name: "followUp" });
  const status = call?.status;
  const lockedByTime = Boolean(call?.timeEntryId);

  const forSelfOnly = !can(options.viewer, "call.edit_all");
  const assignees = forSelfOnly
    ? options.assignees.filter((person) => person.id === options.viewer.id || person.id === call?.assignedUserId)
    : options.assignees;

  const keptProject =
    call?.projectId && call.clientId === clientId
      ? { id: call.projectId, name: call.projectName ?? t("form.archivedProject") }
      : null;

  function onClientChange(picked: PickedClient | null) {
    clientField.onChange(picked?.id ?? "");
    // Another client's project cannot stay.
    if (form.getValues("projectId")) form.setValue("projectId", "");
  }

  function onProjectChange(projectId: string) {
    const chosen = clientProjects.projects.find((candidate) => candidate.id === projectId);
    if (chosen) form.setValue("billable", chosen.billableByDefault);
  }

  const onSubmit = submit(
    async ({ followUp: wantsFollowUp, ...raw }): Promise<ActionResult<unknown>> => {
      const refusal = followUpRefusal(wantsFollowUp, raw.followUpAt);
      if (refusal) return refusal;
      const payload = {
        ...raw,
        followUpAt: wantsFollowUp ? raw.followUpAt : "",
        followUpSubject: wantsFollowUp ? raw.followUpSubject : "",
      };
      if (mode === "log") return logCallAction(payload);
      if (mode === "schedule") return scheduleCallAction(payload);
      return updateCallAction(payload);
    },
    { onSuccess: onDone },
  );

  const error = (field: Field) => errors[field]?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormError {...formError} />
      {mode === "edit" && status ? (
        <p className="text-sm text-muted-foreground">{t("form.status", { status: t(`status.${status}`) })}</p>
      ) : null}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("form.contactName")} htmlFor="contactName" error={error("contactName")} required>
          <Input
            {...fieldAria("contactName", { error: error("contactName") })}
            {...form.register("contactName")}
            autoComplete="off"
            required
            maxLength={120}
          />
        </FormField>
        <FormField label={t("form.direction")} htmlFor="direction" error={error("direction")} required>
          <NativeSelect
            {...fieldAria("direction", { error: error("direction") })}
            {...form.register("direction")}
            required
          >
            <option value="inbound">{t("form.inbound")}</option>
            <option value="outbound">{t("form.outbound")}</option>
          </NativeSelect>
        </FormField>
        <FormField label={t("form.phone")} htmlFor="phone" error={error("phone")} description={t("form.phoneHint")}>
          <Input
            {...fieldAria("phone", { error: error("phone"), description: true })}
            {...form.register("phone")}
            type="tel"
            autoComplete="off"
            inputMode="tel"
          />
        </FormField>
        <FormField label={t("form.email")} htmlFor="email" error={error("email")}>
          <Input
            {...fieldAria("email", { error: error("email") })}
            {...form.register("email")}
            type="email"
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
      </div>
      <FormField label={t("form.subject")} htmlFor="subject" error={error("subject")} required>
        <Input
          {...fieldAria("subject", { error: error("subject") })}
          {...form.register("subject")}
          autoComplete="off"
          required
          maxLength={200}
        />
      </FormField>

      {mode === "log" || status === "completed" || status === "missed" ? (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            label={t("form.startedAt")}
            htmlFor="startedAt"
            error={error("startedAt")}
            required={status !== "missed"}
          >
            <Input
              {...fieldAria("startedAt", { error: error("startedAt") })}
              {...form.register("startedAt")}
              type="datetime-local"
              required={status !== "missed"}
            />
          </FormField>
          {status === "missed" ? null : (
            <FormField
              label={t("form.duration")}
              htmlFor="duration"
              error={error("duration")}
              required
              description={t("form.durationHint")}
            >
              <Input
                {...fieldAria("duration", { error: error("duration"), description: true })}
                {...form.register("duration")}
                autoComplete="off"
                inputMode="numeric"
                required
                readOnly={lockedByTime}
                className="tabular-nums"
              />
            </FormField>
          )}
        </div>
      ) : null}
      {mode === "schedule" || status === "scheduled" ? (
        <FormField label={t("form.scheduledFor")} htmlFor="scheduledAt" error={error("scheduledAt")} required>
          <Input
            {...fieldAria("scheduledAt", { error: error("scheduledAt") })}
            {...form.register("scheduledAt")}
            type="datetime-local"
            required
          />
        </FormField>
      ) : null}

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("form.client")} htmlFor="clientId" error={error("clientId")}>
          <ClientPicker
            id="clientId"
            name="clientId"
            selected={call?.clientId ? { id: call.clientId, name: call.clientName ?? t("form.archivedClient") } : null}
            anyLabel={t("form.noClient")}
            placeholder={t("form.clientPlaceholder")}
            onChoose={onClientChange}
            invalid={Boolean(error("clientId"))}
            describedBy={fieldAria("clientId", { error: error("clientId") })["aria-describedby"]}
            inputRef={clientField.ref}
          />
        </FormField>
        <FormField
          label={t("form.project")}
          htmlFor="projectId"
          error={error("projectId") ?? clientProjects.failure ?? undefined}
          description={
            lockedByTime
              ? t("form.projectFixed")
              : clientId
                ? clientProjects.loading
                  ? t("form.projectsLoading")
                  : t("form.projectHint")
                : t("form.projectChooseClient")
          }
        >
          <NativeSelect
            {...fieldAria("projectId", {
              error: error("projectId") ?? clientProjects.failure ?? undefined,
              description: true,
            })}
            {...form.register("projectId", {
              onChange: (event: { target: { value: string } }) => onProjectChange(event.target.value),
            })}
          >
            <option value="">{t("form.noProject")}</option>
            {/* The call's own project first, and always there while its client stays: the select
                keeps showing it while the client's projects load (and if it is archived). */}
            {keptProject ? (
              <option key={keptProject.id} value={keptProject.id}>
                {keptProject.name}
              </option>
            ) : null}
            {clientProjects.projects
              .filter((project) => project.id !== keptProject?.id)
              .map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name}
                </option>
              ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={t("form.person")}
          htmlFor="assignedUserId"
          error={error("assignedUserId")}
          description={forSelfOnly ? t("form.forSelf") : undefined}
        >
          <NativeSelect
            {...fieldAria("assignedUserId", {
              error: error("assignedUserId"),
              description: forSelfOnly,
            })}
            {...form.register("assignedUserId")}
          >
            {forSelfOnly ? null : <option value="">{t("form.nobodyYet")}</option>}
            {assignees.map((person) => (
              <option key={person.id} value={person.id}>
                {person.id === options.viewer.id ? t("form.me", { name: person.name }) : person.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="flex items-center gap-2 sm:pt-8">
          <Checkbox id="billable" {...form.register("billable")} />
          <Label htmlFor="billable">{t("form.billable")}</Label>
        </div>
      </div>
      <FormField label={t("form.notes")} htmlFor="notes" error={error("notes")}>
        <Textarea
          {...fieldAria("notes", { error: error("notes") })}
          {...form.register("notes")}
          rows={4}
          maxLength={NOTES_MAX}
        />
      </FormField>

      {mode === "log" ? <FollowUpFields form={form} followUp={followUp} error={error} /> : null}

      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t(`form.${mode}.busy`) : t(`form.${mode}.submit`)}
        </Button>
      </div>
    </form>
  );
}

/**
 * A ticked "Schedule a follow-up" needs its time. The box itself is not sent (the schema reads an
 * empty time as no follow-up), so the form refuses it before asking the server.
 */
export function followUpRefusal(wantsFollowUp: boolean, followUpAt: string): ActionResult<never> | null {
  if (!wantsFollowUp || followUpAt) return null;
  return {
    ok: false,
    message: CORRECT_FIELDS_MESSAGE,
    fieldErrors: { followUpAt: "Enter a date and time for the follow-up." },
  };
}

type FollowUpForm = { register: ReturnType<typeof useForm<CallFormValues>>["register"] };

/** "Schedule a follow-up" and its time and subject, shown once ticked. */
export function FollowUpFields({
  form,
  followUp,
  error,
}: {
  form: FollowUpForm;
  followUp: boolean;
  error: (field: "followUpAt" | "followUpSubject") => string | undefined;
}) {
  const t = useTranslations("calls.form");
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="sr-only">{t("followUp")}</legend>
      <div className="flex items-center gap-2">
        <Checkbox id="followUp" {...form.register("followUp")} />
        <Label htmlFor="followUp">{t("followUpToggle")}</Label>
      </div>
      {followUp ? (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={t("followUpAt")} htmlFor="followUpAt" error={error("followUpAt")} required>
            <Input
              {...fieldAria("followUpAt", { error: error("followUpAt") })}
              {...form.register("followUpAt")}
              type="datetime-local"
              required
            />
          </FormField>
          <FormField
            label={t("followUpSubject")}
            htmlFor="followUpSubject"
            error={error("followUpSubject")}
            description={t("followUpSubjectHint")}
          >
            <Input
              {...fieldAria("followUpSubject", { error: error("followUpSubject"), description: true })}
              {...form.register("followUpSubject")}
              autoComplete="off"
              maxLength={200}
            />
          </FormField>
        </div>
      ) : null}
    </fieldset>
  );
}
