"use client";

import { ClockIcon } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { formatMoney, formatMoneyInput } from "@/lib/money";
import { loadUnbilledTimeAction } from "../invoice-actions";
import { quantityMilliToDecimalString } from "../invoice-amounts";
import { groupUnbilledEntries, type TimeGrouping, type UnbilledEntry } from "../invoice-time-lines";

export type NewTimeLine = {
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  timeEntryIds: string[];
};

const GROUPING_LABELS: Record<TimeGrouping, string> = {
  project: "One line per project",
  person: "One line per person",
  entry: "One line per entry",
};

function hours(minutes: number) {
  return `${(minutes / 60).toLocaleString("en-GB", { maximumFractionDigits: 2 })} h`;
}

/**
 * Lists the client's approved, billable time not yet invoiced and turns the chosen entries into
 * lines. The entries travel with their lines; saving links them, and the server refuses any
 * entry another invoice took meanwhile.
 */
export function UnbilledTimeDialog({
  clientId,
  currency,
  locale,
  excludeIds,
  onAdd,
}: {
  clientId: string;
  currency: string;
  locale: string;
  excludeIds: Set<string>;
  onAdd: (lines: NewTimeLine[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<UnbilledEntry[] | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [grouping, setGrouping] = useState<TimeGrouping>("project");
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    setEntries(null);
    setError(null);
    const result = await loadUnbilledTimeAction({ clientId });
    if (!result.ok) {
      setError(result.message);
      return;
    }
    const available = result.data.filter((entry) => !excludeIds.has(entry.id));
    setEntries(available);
    setSelected(new Set(available.map((entry) => entry.id)));
  };

  const chosen = (entries ?? []).filter((entry) => selected.has(entry.id));
  const preview = groupUnbilledEntries(chosen, grouping, locale);
  const withoutRate = chosen.filter((entry) => entry.hourlyRate === null).length;

  const add = () => {
    onAdd(
      preview.map((line) => ({
        description: line.description,
        quantity: quantityMilliToDecimalString(line.quantityMilli),
        unit: line.unit,
        unitPrice: formatMoneyInput(line.unitPriceMinor, currency),
        timeEntryIds: line.timeEntryIds,
      })),
    );
    setOpen(false);
  };

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline" disabled={!clientId}>
          <ClockIcon aria-hidden="true" /> Add unbilled time
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add unbilled time</DialogTitle>
          <DialogDescription>Approved, billable time of this client that no invoice bills yet.</DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        {entries === null && !error ? <p className="text-sm text-muted-foreground">Loading…</p> : null}
        {entries !== null && entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            This client has no unbilled approved time. Time appears here once its timesheet is approved.
          </p>
        ) : null}
        {entries !== null && entries.length > 0 ? (
          <div className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Group into lines</legend>
              <div className="flex flex-wrap gap-4">
                {(Object.keys(GROUPING_LABELS) as TimeGrouping[]).map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="grouping"
                      value={value}
                      checked={grouping === value}
                      onChange={() => setGrouping(value)}
                      className="accent-primary"
                    />
                    {GROUPING_LABELS[value]}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="grid max-h-72 gap-1 overflow-y-auto rounded-md border p-2">
              <legend className="sr-only">Entries</legend>
              <label className="flex items-center gap-2 border-b pb-1 text-sm font-medium">
                <Checkbox
                  checked={selected.size === entries.length}
                  onChange={(event) =>
                    setSelected(event.target.checked ? new Set(entries.map((entry) => entry.id)) : new Set())
                  }
                />
                All {entries.length} entries
              </label>
              {entries.map((entry) => (
                <label key={entry.id} className="grid grid-cols-[auto_1fr_auto] items-center gap-2 py-1 text-sm">
                  <Checkbox
                    checked={selected.has(entry.id)}
                    onChange={(event) => toggle(entry.id, event.target.checked)}
                  />
                  <span className="min-w-0 truncate">
                    {entry.date} · {entry.projectName} · {entry.userName}
                    {entry.description ? <span className="text-muted-foreground"> · {entry.description}</span> : null}
                  </span>
                  <span className="tabular-nums">
                    {hours(entry.minutes)}
                    {entry.hourlyRate !== null ? (
                      <span className="text-muted-foreground">
                        {" "}
                        × {formatMoney(entry.hourlyRate, currency, locale)}
                      </span>
                    ) : null}
                  </span>
                </label>
              ))}
            </fieldset>
            <p className="text-sm" aria-live="polite">
              {chosen.length} {chosen.length === 1 ? "entry" : "entries"} selected → {preview.length}{" "}
              {preview.length === 1 ? "line" : "lines"}.
              {withoutRate > 0 ? ` ${withoutRate} without a rate: set their price on the line.` : ""}
            </p>
          </div>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={add} disabled={preview.length === 0}>
            Add {preview.length} {preview.length === 1 ? "line" : "lines"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
