"use client";

import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useAction } from "@/components/use-action";
import { approveTimesheetsAction } from "../timesheet-actions";
import { ApproveButton, RejectButton } from "./timesheet-decision";

export type QueueRow = {
  id: string;
  version: number;
  userName: string;
  weekLabel: string;
  submittedLabel: string;
  totalLabel: string;
  billableLabel: string;
};

/** Submitted weeks waiting for a decision: open, approve, reject, or approve several at once. */
export function ApprovalQueue({ rows }: { rows: QueueRow[] }) {
  const t = useTranslations("timesheets.queue");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { pending, run } = useAction();
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function approveSelected() {
    const items = rows.filter((row) => selected.has(row.id)).map((row) => ({ id: row.id, version: row.version }));
    await run(() => approveTimesheetsAction({ items }), {
      success: ({ count }) => t("approved", { count }),
      errorToast: true,
      onSuccess: () => setSelected(new Set()),
    });
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <Checkbox
            checked={allSelected}
            onChange={(event) => setSelected(event.target.checked ? new Set(rows.map((row) => row.id)) : new Set())}
          />
          {t("selectAll")}
        </label>
        <Button size="sm" disabled={selected.size === 0 || pending} onClick={() => void approveSelected()}>
          {t("approveSelected", { count: selected.size })}
        </Button>
      </div>
      <Table containerClassName="rounded-lg border">
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <span className="sr-only">{t("select")}</span>
            </TableHead>
            <TableHead>{t("personAndWeek")}</TableHead>
            <TableHead className="hidden md:table-cell">{t("submitted")}</TableHead>
            <TableHead className="text-right">{t("hours")}</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">{t("actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <Checkbox
                  aria-label={t("selectRow", { person: row.userName, week: row.weekLabel })}
                  checked={selected.has(row.id)}
                  onChange={(event) => toggle(row.id, event.target.checked)}
                />
              </TableCell>
              <TableCell>
                <Link
                  href={`/bo/timesheets/${row.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {row.userName}
                </Link>
                <div className="text-xs text-muted-foreground">{row.weekLabel}</div>
              </TableCell>
              <TableCell className="hidden md:table-cell">{row.submittedLabel}</TableCell>
              <TableCell className="text-right tabular-nums">
                {row.totalLabel}
                <div className="text-xs text-muted-foreground">{t("billable", { hours: row.billableLabel })}</div>
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap justify-end gap-2">
                  <ApproveButton
                    size="sm"
                    target={{ id: row.id, version: row.version, label: `${row.userName}, ${row.weekLabel}` }}
                  />
                  <RejectButton
                    size="sm"
                    target={{ id: row.id, version: row.version, label: `${row.userName}, ${row.weekLabel}` }}
                  />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
