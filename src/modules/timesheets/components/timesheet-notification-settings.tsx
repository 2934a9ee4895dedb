"use client";

import { useWatch } from "react-hook-form";
import { FormError } from "@/components/form-error";
import { fieldAria, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useAction, useActionForm } from "@/components/use-action-form";
import { saveTimesheetReminderAction, setTimesheetNotificationsAction } from "../timesheet-actions";
import { type TimesheetReminderSetting, WEEKDAYS } from "../timesheet-reminder-rules";
import { type TimesheetReminderFormValues, timesheetReminderInput } from "../timesheet-schemas";

/** Settings: the weekly reminder to people whose last week is not submitted (off by default). */
export function TimesheetReminderForm({ reminder }: { reminder: TimesheetReminderSetting }) {
  const { form, submit, formError } = useActionForm<TimesheetReminderFormValues>({
    schema: timesheetReminderInput,
    defaultValues: {
      enabled: reminder !== null,
      weekday: reminder?.weekday ?? 1,
      time: reminder?.time ?? "09:00",
      previous: reminder,
    },
  });
  const enabled = useWatch({ control: form.control, name: "enabled" });
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={submit(saveTimesheetReminderAction, { success: "Reminder saved." })}
    >
      <FormError {...formError} />
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register("enabled")} />
        Remind people whose last week is not submitted
      </label>
      {enabled ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Day" htmlFor="reminder-weekday" error={errors.weekday?.message}>
            <NativeSelect
              {...fieldAria("reminder-weekday", { error: errors.weekday?.message })}
              {...form.register("weekday")}
            >
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index + 1}>
                  {day}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Time (the firm's time zone)" htmlFor="reminder-time" error={errors.time?.message}>
            <Input
              {...fieldAria("reminder-time", { error: errors.time?.message })}
              {...form.register("time")}
              type="time"
            />
          </FormField>
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save reminder"}
        </Button>
      </div>
    </form>
  );
}

/** My account: timesheet mails on or off, saved at once. */
export function TimesheetNotificationsToggle({ enabled }: { enabled: boolean }) {
  const action = useAction();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm" role="status">
        {enabled ? "On: you get timesheet mails." : "Off: you get no timesheet mails."}
      </p>
      <Button
        variant="outline"
        disabled={action.pending}
        onClick={() =>
          void action.run(() => setTimesheetNotificationsAction({ enabled: !enabled }), { errorToast: true })
        }
      >
        {enabled ? "Turn off timesheet mails" : "Turn on timesheet mails"}
      </Button>
    </div>
  );
}
