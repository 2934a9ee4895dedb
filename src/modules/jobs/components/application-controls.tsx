"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { setApplicationStatusAction, updateApplicationNotesAction } from "../job-actions";
import { APPLICATION_STATUS_LABELS } from "../job-rules";
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
  const router = useRouter();
  const [version, setVersion] = useState(initialVersion);
  const [draft, setDraft] = useState(notes ?? "");
  const [pending, startTransition] = useTransition();

  const changeStatus = (next: string) =>
    startTransition(async () => {
      const result = await setApplicationStatusAction({ id, version, status: next });
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      setVersion(result.data.version);
      toast.success(`${applicant}: ${APPLICATION_STATUS_LABELS[next as keyof typeof APPLICATION_STATUS_LABELS]}.`);
      router.refresh();
    });

  const saveNotes = () =>
    startTransition(async () => {
      const result = await updateApplicationNotesAction({ id, version, notes: draft });
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      setVersion(result.data.version);
      toast.success(result.message ?? "Notes saved.");
      router.refresh();
    });

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <label htmlFor={`status-${id}`} className="text-sm font-medium">
          Status
        </label>
        <NativeSelect
          id={`status-${id}`}
          defaultValue={status}
          disabled={pending}
          onChange={(event) => changeStatus(event.currentTarget.value)}
        >
          {APPLICATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {APPLICATION_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`notes-${id}`} className="text-sm font-medium">
          Notes
        </label>
        <Textarea
          id={`notes-${id}`}
          rows={3}
          value={draft}
          maxLength={10_000}
          onChange={(event) => setDraft(event.currentTarget.value)}
          placeholder="Only the team sees these."
        />
        <div>
          <Button size="sm" variant="outline" onClick={saveNotes} disabled={pending || draft === (notes ?? "")}>
            Save notes
          </Button>
        </div>
      </div>
    </div>
  );
}
