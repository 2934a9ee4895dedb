"use client";

import { CheckIcon, RotateCcwIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { fieldAria, FormField } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import type { ActionResult } from "@/lib/action";
import {
  approveTimesheetAction,
  rejectTimesheetAction,
  reopenTimesheetAction,
  submitTimesheetAction,
} from "../timesheet-actions";
import { MAX_REJECTION_REASON_LENGTH } from "../timesheet-rules";
import { rejectTimesheetInput } from "../timesheet-schemas";

type Target = { id: string; version: number; label: string };

function useRun() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const run = async (work: () => Promise<ActionResult<unknown>>) => {
    setPending(true);
    try {
      const result = await work();
      if (!result.ok) {
        toast.error(result.message);
        return result;
      }
      toast.success(result.message ?? "Done.");
      router.refresh();
      return result;
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}

export function ApproveButton({ target, size = "default" }: { target: Target; size?: "default" | "sm" }) {
  const { pending, run } = useRun();
  return (
    <Button
      size={size}
      disabled={pending}
      onClick={() => void run(() => approveTimesheetAction({ id: target.id, version: target.version }))}
    >
      <CheckIcon aria-hidden="true" />
      Approve<span className="sr-only"> {target.label}</span>
    </Button>
  );
}

export function SubmitButton({ target }: { target: Target }) {
  const { pending, run } = useRun();
  return (
    <Button
      disabled={pending}
      onClick={() => void run(() => submitTimesheetAction({ id: target.id, version: target.version }))}
    >
      Submit for approval
    </Button>
  );
}

export function ReopenButton({ target }: { target: Target }) {
  const { pending, run } = useRun();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <RotateCcwIcon aria-hidden="true" />
          Reopen
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reopen this week?</DialogTitle>
          <DialogDescription>
            It goes back to draft so its owner can change it; the rates frozen at approval are released and it must be
            approved again.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            disabled={pending}
            onClick={async () => {
              const result = await run(() => reopenTimesheetAction({ id: target.id, version: target.version }));
              if (result.ok) setOpen(false);
            }}
          >
            Reopen as draft
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Reject with a reason (required): the owner sees it on the week and fixes it. */
export function RejectButton({ target, size = "default" }: { target: Target; size?: "default" | "sm" }) {
  const { pending, run } = useRun();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const fieldId = `reject-reason-${target.id}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
        setFormError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size={size}>
          <XIcon aria-hidden="true" />
          Reject<span className="sr-only"> {target.label}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject {target.label}</DialogTitle>
          <DialogDescription>
            Say what needs fixing; the owner sees the reason and can correct and resubmit the week.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            const parsed = rejectTimesheetInput.safeParse({ id: target.id, version: target.version, reason });
            if (!parsed.success) {
              setError(parsed.error.issues.find((issue) => issue.path[0] === "reason")?.message);
              return;
            }
            const result = await run(() => rejectTimesheetAction({ id: target.id, version: target.version, reason }));
            if (result.ok) {
              setOpen(false);
              setReason("");
            } else {
              setError(result.fieldErrors?.reason);
              setFormError(result.message);
            }
          }}
        >
          {formError ? (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          <FormField label="Reason" htmlFor={fieldId} error={error} required>
            <Textarea
              {...fieldAria(fieldId, { error })}
              value={reason}
              maxLength={MAX_REJECTION_REASON_LENGTH}
              required
              onChange={(event) => setReason(event.target.value)}
              rows={4}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              Reject week
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
