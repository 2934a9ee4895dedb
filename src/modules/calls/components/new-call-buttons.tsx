"use client";

import dynamic from "next/dynamic";
import { CalendarPlusIcon, PhoneIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useLazyDialog } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import type { CallFormMode } from "./call-form";
import type { CallFormOptions } from "./call-form-options";

/**
 * The form's dialog loads when one of the buttons is first pressed, or on the pointer's or the
 * focus's approach (decision 072): the calls page no longer sends Radix's dialog, react-hook-form,
 * the call schemas and zod with its first load.
 */
const loadForm = () => import("./call-form");
const CallFormDialog = dynamic(() => loadForm().then((module) => module.CallFormDialog), { ssr: false });

/** "Log a call" and "Schedule a call", the main actions of the calls page. */
export function NewCallButtons({ options }: { options: CallFormOptions }) {
  const t = useTranslations("calls.form");
  const schedule = useLazyDialog(loadForm);
  const log = useLazyDialog(loadForm);
  // The last one pressed: the dialog stays mounted (closing animates) with the mode it opened in.
  const [mode, setMode] = useState<CallFormMode>("log");
  const chosen = mode === "schedule" ? schedule : log;
  return (
    <>
      <Button
        variant="outline"
        {...schedule.button}
        onClick={() => {
          setMode("schedule");
          schedule.button.onClick();
        }}
      >
        <CalendarPlusIcon aria-hidden="true" />
        {t("schedule.title")}
      </Button>
      <Button
        {...log.button}
        onClick={() => {
          setMode("log");
          log.button.onClick();
        }}
      >
        <PhoneIcon aria-hidden="true" />
        {t("log.title")}
      </Button>
      {chosen.used ? <CallFormDialog key={mode} mode={mode} options={options} {...chosen.dialog} /> : null}
    </>
  );
}
