"use client";

import { useTranslations } from "next-intl";
import type * as React from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { availableActions, type CallAction, canLogTime } from "../call-rules";
import type { EditableCall } from "./call-form-options";
import type { DialogKind } from "./call-row-dialogs";

/**
 * A call's actions menu, open as it mounts, in its own module: the list loads it (and the menu
 * library under it) when a row's actions button is first approached or pressed (decision 072).
 * It stays, not modal: the menu hands focus to the dialog it opens.
 */
export function CallRowMenu({
  call,
  trigger,
  onChoose,
}: {
  call: EditableCall;
  trigger: React.ReactNode;
  onChoose: (kind: DialogKind) => void;
}) {
  const t = useTranslations("calls.actions");
  const actions = availableActions(call.status);
  const loggable = canLogTime({
    status: call.status,
    projectId: call.projectId || null,
    timeEntryId: call.timeEntryId,
    durationSeconds: call.durationSeconds,
  }).ok;
  const labels: Record<CallAction, string> = {
    complete: t("complete"),
    miss: t("miss"),
    schedule: t("schedule"),
    reschedule: t("reschedule"),
    retry: t("retry"),
    cancel: t("cancel"),
  };
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        {actions
          .filter((action) => action !== "cancel")
          .map((action) => (
            <DropdownMenuItem key={action} onSelect={() => onChoose(action)}>
              {labels[action]}
            </DropdownMenuItem>
          ))}
        {loggable ? <DropdownMenuItem onSelect={() => onChoose("log_time")}>{t("logTime")}</DropdownMenuItem> : null}
        <DropdownMenuItem onSelect={() => onChoose("edit")}>{t("edit")}</DropdownMenuItem>
        {actions.includes("cancel") ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onChoose("cancel")}>
              {labels.cancel}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
