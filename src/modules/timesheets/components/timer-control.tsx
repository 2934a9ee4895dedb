"use client";

import dynamic from "next/dynamic";
import { PencilIcon, PlayIcon, SquareIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { formatDate } from "@/lib/dates";
import { readTimerAction, stopTimerAction } from "../timer-actions";
import type { StoppedTimer } from "../timer-mutations";
import type { RunningTimer } from "../timer-queries";
import { formatElapsed } from "../timer-rules";
import { formatDuration } from "../timesheet-rules";

// The timer in the shell, on every back-office page. The database holds the timer: each tab shows
// what the last action or read answered, reads it again when it comes back to the front, and tells
// the other tabs (BroadcastChannel) when it changed it. Decision 030.

const CHANNEL = "bureau-timer";

/** The start and edit forms load when a dialog first opens (timer-dialog.tsx), or on the pointer's approach. */
const loadTimerDialog = () => import("./timer-dialog");
const TimerDialog = dynamic(() => loadTimerDialog().then((module) => module.TimerDialog), { ssr: false });
const warmDialog = () => void loadTimerDialog();

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
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setDialog("edit")}
            onPointerEnter={warmDialog}
            onFocus={warmDialog}
            aria-label={t("edit")}
          >
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
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setDialog("start")}
          onPointerEnter={warmDialog}
          onFocus={warmDialog}
        >
          <PlayIcon aria-hidden="true" />
          {t("startTimer")}
        </Button>
      )}
      {dialog !== null ? (
        <TimerDialog dialog={dialog} timer={timer} onClose={() => setDialog(null)} onChanged={changed} />
      ) : null}
    </div>
  );
}
