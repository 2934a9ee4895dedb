import { useTranslations } from "next-intl";
import type { Schedule } from "../recurrence-rules";

/** A schedule in words, in the reader's language: "Every month on day 31 (the last day in shorter months)". */
export function ScheduleText({
  schedule,
}: {
  schedule: Pick<Schedule, "frequency" | "intervalWeeks" | "dayOfPeriod">;
}) {
  const t = useTranslations("recurring.schedule");
  if (schedule.frequency === "weekly")
    return t("weekly", {
      interval: schedule.intervalWeeks,
      day: t(`weekday.${Math.min(Math.max(schedule.dayOfPeriod, 1), 7)}`),
    });
  return t("periodic", {
    frequency: schedule.frequency,
    day: schedule.dayOfPeriod,
    late: schedule.dayOfPeriod > 28 ? "yes" : "no",
  });
}
