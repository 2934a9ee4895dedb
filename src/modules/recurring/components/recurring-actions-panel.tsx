"use client";

import { ArchiveIcon, PauseIcon, PencilIcon, PlayIcon, ZapIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { FormError } from "@/components/form-error";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { ConfirmAction } from "@/components/confirm-action";
import { changeRecurringInvoiceStateAction, runRecurringInvoiceNowAction } from "../recurring-actions";

type Props = {
  template: { id: string; version: number; status: "active" | "paused" | "archived" };
  /** The next date is today or past: "Make due invoices now" has something to make. */
  isDue: boolean;
};

/** Edit, pause or resume, archive, and make what is due now. */
export function RecurringActionsPanel({ template, isDue }: Props) {
  const t = useTranslations("recurring.actions");
  const action = useAction();
  const change = (to: "pause" | "resume") =>
    void action.run(() => changeRecurringInvoiceStateAction({ id: template.id, version: template.version, to }), {
      success: to === "pause" ? t("paused") : t("resumed"),
    });
  return (
    <div className="grid gap-2">
      <FormError {...action.formError} />
      <div className="flex flex-wrap gap-2">
        {template.status === "active" && isDue ? (
          <Button
            type="button"
            disabled={action.pending}
            onClick={() =>
              void action.run(() => runRecurringInvoiceNowAction({ id: template.id }), { errorToast: false })
            }
          >
            <ZapIcon aria-hidden="true" /> {t("runNow")}
          </Button>
        ) : null}
        {template.status !== "archived" ? (
          <Button asChild variant="outline">
            <Link href={`/bo/invoices/recurring/${template.id}/edit`}>
              <PencilIcon aria-hidden="true" /> {t("edit")}
            </Link>
          </Button>
        ) : null}
        {template.status === "active" ? (
          <Button type="button" variant="outline" disabled={action.pending} onClick={() => change("pause")}>
            <PauseIcon aria-hidden="true" /> {t("pause")}
          </Button>
        ) : null}
        {template.status === "paused" ? (
          <Button type="button" variant="outline" disabled={action.pending} onClick={() => change("resume")}>
            <PlayIcon aria-hidden="true" /> {t("resume")}
          </Button>
        ) : null}
        {template.status !== "archived" ? (
          <ConfirmAction
            trigger={
              <Button type="button" variant="outline">
                <ArchiveIcon aria-hidden="true" /> {t("archive")}
              </Button>
            }
            title={t("archiveTitle")}
            description={t("archiveText")}
            confirmLabel={t("archive")}
            destructive
            run={() => changeRecurringInvoiceStateAction({ id: template.id, version: template.version, to: "archive" })}
            options={{ success: t("archived") }}
          />
        ) : null}
      </div>
    </div>
  );
}
