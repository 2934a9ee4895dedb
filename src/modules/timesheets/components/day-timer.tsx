"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import type { RunningTimer } from "../timer-queries";
import { formatElapsed } from "../timer-rules";
import { announceTimerChange, StopTimerButton, useElapsedSeconds } from "./timer-control";

/**
 * The running timer in the day view (decision 047): project, description, the time so far, and
 * for its owner the shell's Stop (the same action; the entry it writes then shows in the day).
 */
export function DayTimer({
  timer,
  startedLabel,
  canStop,
  locale,
}: {
  timer: RunningTimer;
  locale: string;
  /** "Started at 09:30", formatted by the server in the firm's timezone. */
  startedLabel: string;
  canStop: boolean;
}) {
  const router = useRouter();
  const t = useTranslations("timesheets.timer");
  const elapsed = useElapsedSeconds(timer.startedAt);
  return (
    <section
      aria-label={t("runningOnDay")}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-red-600/30 bg-red-600/5 p-3"
    >
      <span aria-hidden="true" className="size-2.5 shrink-0 animate-pulse rounded-full bg-red-600" />
      <div className="grid min-w-48 flex-1 gap-0.5">
        <p className="font-medium break-words">
          {timer.projectName} <span className="font-normal text-muted-foreground">· {timer.clientName}</span>
        </p>
        {timer.description ? <p className="text-sm break-words">{timer.description}</p> : null}
        <p className="text-xs text-muted-foreground">{t("notLoggedYet", { started: startedLabel })}</p>
      </div>
      <span className="ml-auto text-lg font-semibold tabular-nums" role="timer" aria-label={t("soFar")}>
        {elapsed === null ? "…" : formatElapsed(elapsed)}
      </span>
      {canStop ? (
        <StopTimerButton
          timer={timer}
          locale={locale}
          onStopped={announceTimerChange}
          onRefused={() => router.refresh()}
        />
      ) : null}
    </section>
  );
}
