"use client";

import { useTranslations } from "next-intl";
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
  const t = useTranslations("timesheets.reminder");
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
    <form noValidate className="grid gap-4" onSubmit={submit(saveTimesheetReminderAction, { success: t("saved") })}>
      <FormError {...formError} />
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register("enabled")} />
        {t("enabled")}
      </label>
      {enabled ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t("day")} htmlFor="reminder-weekday" error={errors.weekday?.message}>
            <NativeSelect
              {...fieldAria("reminder-weekday", { error: errors.weekday?.message })}
              {...form.register("weekday")}
            >
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index + 1}>
                  {t(`weekdays.${day}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t("time")} htmlFor="reminder-time" error={errors.time?.message}>
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
          {isSubmitting ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}

/** My account: timesheet mails on or off, saved at once. */
export function TimesheetNotificationsToggle({ enabled }: { enabled: boolean }) {
  const action = useAction();
  const t = useTranslations("timesheets.mails");
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm" role="status">
        {enabled ? t("on") : t("off")}
      </p>
      <Button
        variant="outline"
        disabled={action.pending}
        onClick={() =>
          void action.run(() => setTimesheetNotificationsAction({ enabled: !enabled }), { errorToast: true })
        }
      >
        {enabled ? t("turnOff") : t("turnOn")}
      </Button>
    </div>
  );
}
