"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useAction } from "@/components/use-action";
import { setApplicationStatusAction, updateApplicationNotesAction } from "../job-actions";
import { APPLICATION_STATUSES } from "../job-schemas";

/** Status (any to any, audited) and private notes of one application. */
export function ApplicationControls({
  id,
  version: initialVersion,
  status,
  notes,
  applicant,
}: {
  id: string;
  version: number;
  status: string;
  notes: string | null;
  applicant: string;
}) {
  const t = useTranslations("jobs.applications");
  const words = useTranslations("jobs.words");
  const [version, setVersion] = useState(initialVersion);
  const [draft, setDraft] = useState(notes ?? "");
  const { pending, run } = useAction();

  const changeStatus = (next: string) => {
    const label = (APPLICATION_STATUSES as readonly string[]).includes(next)
      ? words(`applicationStatus.${next}`)
      : next;
    void run(
      async () => {
        const result = await setApplicationStatusAction({ id, version, status: next });
        // The toast names the applicant and the new status, not the action's "Status changed.".
        return result.ok ? { ...result, message: t("statusToast", { name: applicant, status: label }) } : result;
      },
      { errorToast: true, onSuccess: (data) => setVersion(data.version) },
    );
  };

  const saveNotes = () =>
    void run(() => updateApplicationNotesAction({ id, version, notes: draft }), {
      success: "Notes saved.",
      errorToast: true,
      onSuccess: (data) => setVersion(data.version),
    });

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <label htmlFor={`status-${id}`} className="text-sm font-medium">
          {t("status")}
        </label>
        <NativeSelect
          id={`status-${id}`}
          defaultValue={status}
          disabled={pending}
          onChange={(event) => changeStatus(event.currentTarget.value)}
        >
          {APPLICATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {words(`applicationStatus.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`notes-${id}`} className="text-sm font-medium">
          {t("notes")}
        </label>
        <Textarea
          id={`notes-${id}`}
          rows={3}
          value={draft}
          maxLength={10_000}
          onChange={(event) => setDraft(event.currentTarget.value)}
          placeholder={t("notesPlaceholder")}
        />
        <div>
          <Button size="sm" variant="outline" onClick={saveNotes} disabled={pending || draft === (notes ?? "")}>
            {t("saveNotes")}
          </Button>
        </div>
      </div>
    </div>
  );
}
