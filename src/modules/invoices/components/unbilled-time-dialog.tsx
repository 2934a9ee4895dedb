"use client";

import { ClockIcon } from "lucide-react";
import { useTranslations } from "next-intl";
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
import { formatDate } from "@/lib/dates";
import { formatMoney, formatMoneyInput } from "@/lib/money";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import { loadUnbilledTimeAction } from "../invoice-actions";
import { quantityMilliToDecimalString } from "../invoice-amounts";
import { groupUnbilledEntries, type TimeGrouping, type UnbilledEntry } from "../invoice-time-lines";
import { expenseLineDraft, type UnbilledExpense } from "@/modules/expenses/expense-rules";

export type NewTimeLine = {
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  timeEntryIds: string[];
  expenseIds: string[];
};

const GROUPINGS: TimeGrouping[] = ["project", "person", "entry"];

/**
 * Lists the client's approved, billable time and expenses not yet invoiced and turns the chosen
 * ones into lines (time grouped as asked, one line per expense). They travel with their lines;
 * saving links them, and the server refuses any that another invoice took meanwhile. An expense
 * in another currency than the invoice's is shown but cannot be chosen (decision 065).
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
  const t = useTranslations("invoices.unbilled");
  const tCategory = useTranslations("expenses.category");
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<UnbilledEntry[] | null>(null);
  const [expenses, setExpenses] = useState<UnbilledExpense[]>([]);
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
    const available = result.data.entries.filter((entry) => !excludeIds.has(entry.id));
    const availableExpenses = result.data.expenses.filter((row) => !excludeIds.has(row.id));
    setEntries(available);
    setExpenses(availableExpenses);
    setSelected(
      new Set([
        ...available.map((entry) => entry.id),
        ...availableExpenses.filter((row) => row.currency === currency).map((row) => row.id),
      ]),
    );
  };

  const chosen = (entries ?? []).filter((entry) => selected.has(entry.id));
  const chosenExpenses = expenses.filter((row) => selected.has(row.id) && row.currency === currency);
  const preview = [
    ...groupUnbilledEntries(chosen, grouping, locale).map((line) => ({ ...line, expenseIds: [] as string[] })),
    ...chosenExpenses.map((row) => ({ ...expenseLineDraft(row, locale), timeEntryIds: [] as string[] })),
  ];
  const withoutRate = chosen.filter((entry) => entry.hourlyRate === null).length;

  const add = () => {
    onAdd(
      preview.map((line) => ({
        description: line.description,
        quantity: quantityMilliToDecimalString(line.quantityMilli),
        unit: line.unit,
        unitPrice: formatMoneyInput(line.unitPriceMinor, currency),
        timeEntryIds: line.timeEntryIds,
        expenseIds: line.expenseIds,
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
          <ClockIcon aria-hidden="true" /> {t("open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("open")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        {entries === null && !error ? <p className="text-sm text-muted-foreground">{t("loading")}</p> : null}
        {entries !== null && entries.length === 0 ? <p className="text-sm text-muted-foreground">{t("none")}</p> : null}
        {expenses.length > 0 ? (
          <fieldset className="grid max-h-60 gap-1 overflow-y-auto rounded-md border p-2">
            <legend className="px-1 text-sm font-medium">{t("expenses")}</legend>
            {expenses.map((row) => {
              const sameCurrency = row.currency === currency;
              return (
                <label key={row.id} className="grid grid-cols-[auto_1fr_auto] items-center gap-2 py-1 text-sm">
                  <Checkbox
                    checked={sameCurrency && selected.has(row.id)}
                    disabled={!sameCurrency}
                    onChange={(event) => toggle(row.id, event.target.checked)}
                  />
                  <span className="min-w-0 truncate">
                    {formatDate(row.date, locale, "UTC")} · {tCategory(row.category)} · {row.projectName} ·{" "}
                    {row.userName}
                    {row.hasReceipt ? null : <span className="text-muted-foreground"> · {t("noReceipt")}</span>}
                    {sameCurrency ? null : (
                      <span className="text-muted-foreground">
                        {" · "}
                        {t("otherCurrency", { currency: row.currency })}
                      </span>
                    )}
                  </span>
                  <span className="tabular-nums">
                    {formatMoney(expenseLineDraft(row, locale).unitPriceMinor, row.currency, locale)}
                  </span>
                </label>
              );
            })}
          </fieldset>
        ) : null}
        {entries !== null && entries.length > 0 ? (
          <div className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t("groupInto")}</legend>
              <div className="flex flex-wrap gap-4">
                {GROUPINGS.map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="grouping"
                      value={value}
                      checked={grouping === value}
                      onChange={() => setGrouping(value)}
                      className="accent-primary"
                    />
                    {t(`grouping.${value}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="grid max-h-72 gap-1 overflow-y-auto rounded-md border p-2">
              <legend className="sr-only">{t("entries")}</legend>
              <label className="flex items-center gap-2 border-b pb-1 text-sm font-medium">
                <Checkbox
                  checked={selected.size === entries.length}
                  onChange={(event) =>
                    setSelected(event.target.checked ? new Set(entries.map((entry) => entry.id)) : new Set())
                  }
                />
                {t("allEntries", { count: entries.length })}
              </label>
              {entries.map((entry) => (
                <label key={entry.id} className="grid grid-cols-[auto_1fr_auto] items-center gap-2 py-1 text-sm">
                  <Checkbox
                    checked={selected.has(entry.id)}
                    onChange={(event) => toggle(entry.id, event.target.checked)}
                  />
                  <span className="min-w-0 truncate">
                    {formatDate(entry.date, locale, "UTC")} · {entry.projectName} · {entry.userName}
                    {entry.description ? <span className="text-muted-foreground"> · {entry.description}</span> : null}
                  </span>
                  <span className="tabular-nums">
                    {formatDuration(entry.minutes, "decimal", locale)}
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
              {chosenExpenses.length > 0
                ? t("selectedWithExpenses", {
                    entries: chosen.length,
                    expenses: chosenExpenses.length,
                    lines: preview.length,
                  })
                : t("selected", { entries: chosen.length, lines: preview.length })}
              {withoutRate > 0 ? ` ${t("withoutRate", { count: withoutRate })}` : ""}
            </p>
          </div>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button type="button" onClick={add} disabled={preview.length === 0}>
            {t("add", { count: preview.length })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
