"use client";

import dynamic from "next/dynamic";
import { CheckIcon, RotateCcwIcon, Undo2Icon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/action";
import { useLazyDialog } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { approveTimesheetAction, submitTimesheetAction, withdrawTimesheetAction } from "../timesheet-actions";

/**
 * The reopen and reject dialogs load on first use (decision 072): a week's page and the approval
 * queue no longer send Radix's dialog, react-hook-form, the rejection schema and zod with their
 * first load.
 */
const loadDialogs = () => import("./timesheet-decision-dialogs");
const ReopenDialog = dynamic(() => loadDialogs().then((module) => module.ReopenDialog), { ssr: false });
const RejectDialog = dynamic(() => loadDialogs().then((module) => module.RejectDialog), { ssr: false });

export type DecisionTarget = { id: string; version: number; label: string };

/** One press, one transition of the week; the result is a toast. */
function TransitionButton({
  run,
  variant,
  size = "default",
  children,
}: {
  run: () => Promise<ActionResult<unknown>>;
  variant?: "outline";
  size?: "default" | "sm";
  children: React.ReactNode;
}) {
  const action = useAction();
  const t = useTranslations("timesheets.decision");
  return (
    <Button
      variant={variant}
      size={size}
      disabled={action.pending}
      onClick={() => void action.run(run, { success: t("done"), errorToast: true })}
    >
      {children}
    </Button>
  );
}

export function ApproveButton({ target, size = "default" }: { target: DecisionTarget; size?: "default" | "sm" }) {
  const t = useTranslations("timesheets.decision");
  return (
    <TransitionButton size={size} run={() => approveTimesheetAction({ id: target.id, version: target.version })}>
      <CheckIcon aria-hidden="true" />
      {t("approve")}
      <span className="sr-only"> {target.label}</span>
    </TransitionButton>
  );
}

export function SubmitButton({ target }: { target: DecisionTarget }) {
  const t = useTranslations("timesheets.decision");
  return (
    <TransitionButton run={() => submitTimesheetAction({ id: target.id, version: target.version })}>
      {t("submit")}
    </TransitionButton>
  );
}

/** The owner takes a submitted week back before a manager decides (no need to ask for a rejection). */
export function WithdrawButton({ target }: { target: DecisionTarget }) {
  const t = useTranslations("timesheets.decision");
  return (
    <TransitionButton variant="outline" run={() => withdrawTimesheetAction({ id: target.id, version: target.version })}>
      <Undo2Icon aria-hidden="true" />
      {t("withdraw")}
    </TransitionButton>
  );
}

export function ReopenButton({ target }: { target: DecisionTarget }) {
  const t = useTranslations("timesheets.decision");
  const reopen = useLazyDialog(loadDialogs);
  return (
    <>
      <Button variant="outline" {...reopen.button}>
        <RotateCcwIcon aria-hidden="true" />
        {t("reopen")}
      </Button>
      {reopen.used ? <ReopenDialog target={target} {...reopen.dialog} /> : null}
    </>
  );
}

/** Reject with a reason (required): the owner sees it on the week and fixes it. */
export function RejectButton({ target, size = "default" }: { target: DecisionTarget; size?: "default" | "sm" }) {
  const t = useTranslations("timesheets.decision");
  const reject = useLazyDialog(loadDialogs);
  return (
    <>
      <Button variant="outline" size={size} {...reject.button}>
        <XIcon aria-hidden="true" />
        {t("reject")}
        <span className="sr-only"> {target.label}</span>
      </Button>
      {reject.used ? <RejectDialog target={target} {...reject.dialog} /> : null}
    </>
  );
}
