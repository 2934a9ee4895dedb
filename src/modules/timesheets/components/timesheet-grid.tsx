"use client";

import { CopyIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormError } from "@/components/form-error";
import { showToast } from "@/components/toasts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useAction } from "@/components/use-action";
import { useTextTranslator } from "@/i18n/use-texts";
import { cn } from "@/lib/utils";
import { createTimesheetAction, saveTimesheetAction } from "../timesheet-actions";
import { formatDuration, parseDuration } from "../timesheet-rules";
import { DAYS_IN_WEEK } from "../timesheet-rules";
import { GridProjectFinder } from "./grid-project-finder";

/** The grid's schema (and zod): loaded when someone works in the grid, before the first save needs it. */
const loadSchemas = () => import("../timesheet-schemas");
const warmSchemas = () => void loadSchemas();

export type GridProjectGroup = {
  clientName: string;
  projects: { id: string; name: string; billableByDefault: boolean; archived?: boolean }[];
};
export type GridRowValue = { projectId: string; description: string; billable: boolean; cells: string[] };
/** A day of the week: "Mon 23", "Monday, 23 November 2026", and "Mon" and "23" apart (the day view's strip). */
export type GridDay = { date: string; short: string; long: string; weekday: string; dayOfMonth: string };

type Row = GridRowValue & { key: number };

export type TimesheetGridProps = {
  /** Absent when creating a week. */
  sheet?: { id: string; version: number; isOwner: boolean };
  userId: string;
  weekStart: string;
  days: GridDay[];
  groups: GridProjectGroup[];
  initialRows: GridRowValue[];
  previousRows: Omit<GridRowValue, "cells">[];
  editable: boolean;
  /** The owner may submit from the grid (draft or rejected week). */
  canSubmit: boolean;
  locale: string;
  /** `groups` is a short list (a large firm): offer a search for the other projects. */
  projectSearch?: boolean;
};

const emptyCells = () => Array.from({ length: DAYS_IN_WEEK }, () => "");

function minutesOf(text: string): number {
  const parsed = parseDuration(text);
  return parsed.ok ? (parsed.minutes ?? 0) : 0;
}

/** Server keys come as "grid.rows.0.cells.1" (schema) or "rows.0.cells.1" (database checks). */
function normalizeErrors(fieldErrors: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors ?? {})) result[key.replace(/^grid\./, "")] = message;
  return result;
}

/**
 * The weekly grid: a row per project and description, a column per day. Cells take "1.5", "1,5"
 * or "1:30"; totals follow as you type. Tab and the arrow keys move between cells, Enter saves.
 */
/** The groups with the projects found by the search added under their clients. */
function withFound(groups: GridProjectGroup[], found: GridProjectGroup[]): GridProjectGroup[] {
  if (found.length === 0) return groups;
  const merged = groups.map((group) => ({ ...group, projects: [...group.projects] }));
  for (const extra of found) {
    const group = merged.find((item) => item.clientName === extra.clientName);
    if (!group) merged.push({ ...extra, projects: [...extra.projects] });
    else
      for (const item of extra.projects)
        if (!group.projects.some((known) => known.id === item.id)) group.projects.push(item);
  }
  return merged;
}

export function TimesheetGrid({
  sheet,
  userId,
  weekStart,
  days,
  groups: initialGroups,
  initialRows,
  previousRows,
  editable,
  canSubmit,
  locale,
  projectSearch = false,
}: TimesheetGridProps) {
  const router = useRouter();
  const t = useTranslations("timesheets.grid");
  const translateText = useTextTranslator();
  const nextKey = useRef(initialRows.length + 1);
  const [rows, setRows] = useState<Row[]>(() =>
    (initialRows.length > 0
      ? initialRows
      : editable
        ? [{ projectId: "", description: "", billable: true, cells: emptyCells() }]
        : []
    ).map((row, index) => ({ ...row, key: index })),
  );
  const [version, setVersion] = useState(sheet?.version ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAction();
  const pending = action.pending;
  const container = useRef<HTMLDivElement>(null);
  const [found, setFound] = useState<GridProjectGroup[]>([]);
  const groups = useMemo(() => withFound(initialGroups, found), [initialGroups, found]);

  const projectsById = useMemo(() => {
    const map = new Map<string, { name: string; clientName: string; billableByDefault: boolean; archived?: boolean }>();
    for (const group of groups)
      for (const item of group.projects) map.set(item.id, { ...item, clientName: group.clientName });
    return map;
  }, [groups]);

  const rowTotals = rows.map((row) => row.cells.reduce((sum, cell) => sum + minutesOf(cell), 0));
  const dayTotals = days.map((_, day) => rows.reduce((sum, row) => sum + minutesOf(row.cells[day] ?? ""), 0));
  const weekTotal = dayTotals.reduce((sum, value) => sum + value, 0);
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);

  const updateRow = (index: number, change: Partial<GridRowValue>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });

  // "Add row" by hand moves the focus to the new row's project, so the keyboard goes on there.
  const focusProjectOf = useRef<number | null>(null);
  useEffect(() => {
    if (focusProjectOf.current === null) return;
    container.current
      ?.querySelector<HTMLSelectElement>(`select[data-project-row="${focusProjectOf.current}"]`)
      ?.focus();
    focusProjectOf.current = null;
  }, [rows]);

  const addRow = (values?: Omit<GridRowValue, "cells">, { focus = false } = {}) => {
    const key = nextKey.current++;
    if (focus) focusProjectOf.current = key;
    setRows((current) => [
      ...current,
      {
        projectId: values?.projectId ?? "",
        description: values?.description ?? "",
        billable: values?.billable ?? true,
        cells: emptyCells(),
        key,
      },
    ]);
  };

  /** A project found by the search: offered in every row, and set on a blank last row or a new one. */
  const addFoundProject = (project: { id: string; name: string; billableByDefault: boolean; clientName: string }) => {
    setFound((current) =>
      withFound(current, [
        {
          clientName: project.clientName,
          projects: [{ id: project.id, name: project.name, billableByDefault: project.billableByDefault }],
        },
      ]),
    );
    setRows((current) => {
      const last = current.at(-1);
      if (last && last.projectId === "" && last.cells.every((cell) => cell.trim() === "")) {
        return current.map((row) =>
          row === last ? { ...row, projectId: project.id, billable: project.billableByDefault } : row,
        );
      }
      return [
        ...current,
        {
          projectId: project.id,
          description: "",
          billable: project.billableByDefault,
          cells: emptyCells(),
          key: nextKey.current++,
        },
      ];
    });
  };

  const copyPreviousRows = () => {
    // Replace a single blank starter row instead of keeping it above the copied ones.
    setRows((current) => {
      const kept = current.filter(
        (row) => row.projectId !== "" || row.description !== "" || row.cells.some((cell) => cell.trim() !== ""),
      );
      const existing = new Set(kept.map((row) => `${row.projectId}|${row.description}|${row.billable}`));
      const added = previousRows
        .filter((row) => !existing.has(`${row.projectId}|${row.description}|${row.billable}`))
        .map((row) => ({ ...row, cells: emptyCells(), key: nextKey.current++ }));
      if (added.length === 0) showToast("info", t("alreadyCopied"));
      return [...kept, ...added];
    });
  };

  const removeRow = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    setErrors({});
  };

  const checkCell = (row: number, day: number, text: string) => {
    const parsed = parseDuration(text);
    const key = `rows.${row}.cells.${day}`;
    if (parsed.ok) clearError(key);
    else setErrors((current) => ({ ...current, [key]: translateText(parsed.message) }));
  };

  async function save(submit: boolean) {
    if (pending) return;
    // Rows without any hours and without a project are blank lines: not sent.
    const payloadRows = rows
      .filter((row) => row.projectId !== "" || row.cells.some((cell) => cell.trim() !== ""))
      .map(({ projectId, description, billable, cells }) => ({ projectId, description, billable, cells }));
    const sentIndexes = rows
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => row.projectId !== "" || row.cells.some((cell) => cell.trim() !== ""))
      .map(({ index }) => index);
    const remap = (fieldErrors: Record<string, string>) => {
      const mapped: Record<string, string> = {};
      for (const [key, message] of Object.entries(fieldErrors)) {
        const match = /^rows\.(\d+)\.(.*)$/.exec(key);
        mapped[match ? `rows.${sentIndexes[Number(match[1])] ?? match[1]}.${match[2]}` : key] = message;
      }
      return mapped;
    };
    // Same schema as the server: errors show next to the cells before anything is sent. Its module
    // (with zod) loads once someone works in the grid (warmSchema), not with the page (issue 30).
    const { timesheetGridInput } = await loadSchemas();
    const checked = timesheetGridInput.safeParse({ rows: payloadRows });
    if (!checked.success) {
      const local: Record<string, string> = {};
      for (const issue of checked.error.issues)
        local[issue.path.map(String).join(".")] ??= translateText(issue.message);
      setErrors(remap(local));
      action.fail(t("correctCells"), container.current);
      return;
    }
    await action.run(
      async () => {
        const result = sheet
          ? await saveTimesheetAction({ id: sheet.id, version, grid: { rows: payloadRows }, submit })
          : await createTimesheetAction({ userId, weekStart, grid: { rows: payloadRows }, submit });
        // Saving with "submit" submits the week too: the toast says so, not just "saved".
        return result.ok && submit ? { ...result, message: t("submitted") } : result;
      },
      {
        success: t("saved"),
        container: container.current,
        onError: (result) => setErrors(remap(normalizeErrors(result.fieldErrors))),
        // A new week opens on its own page.
        refresh: Boolean(sheet),
        onSuccess: (data) => {
          setErrors({});
          setVersion(data.version);
          if (!sheet) router.push(`/bo/timesheets/${data.id}`);
        },
      },
    );
  }

  function focusCell(row: number, day: number) {
    const target = container.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-day="${day}"]`);
    if (target) {
      target.focus();
      target.select();
    }
  }

  function onCellKeyDown(event: React.KeyboardEvent<HTMLInputElement>, row: number, day: number) {
    const input = event.currentTarget;
    switch (event.key) {
      case "Enter":
        event.preventDefault();
        void save(false);
        return;
      case "ArrowUp":
        event.preventDefault();
        focusCell(Math.max(row - 1, 0), day);
        return;
      case "ArrowDown":
        event.preventDefault();
        focusCell(Math.min(row + 1, rows.length - 1), day);
        return;
      case "ArrowLeft":
        // Inside the text, the arrow moves the caret; at its start it moves to the previous day.
        if (input.selectionStart === 0 && input.selectionEnd === 0 && day > 0) {
          event.preventDefault();
          focusCell(row, day - 1);
        } else if (input.selectionStart === 0 && input.selectionEnd === input.value.length && day > 0) {
          event.preventDefault();
          focusCell(row, day - 1);
        }
        return;
      case "ArrowRight":
        if (input.selectionStart === input.value.length && day < DAYS_IN_WEEK - 1) {
          event.preventDefault();
          focusCell(row, day + 1);
        }
        return;
    }
  }

  const rowLabel = (row: Row) => {
    const project = projectsById.get(row.projectId);
    const base = project ? `${project.clientName} · ${project.name}` : t("newRow");
    return row.description ? `${base} (${row.description})` : base;
  };

  const columns = "md:grid-cols-[minmax(11rem,1.4fr)_minmax(8rem,1fr)_repeat(7,minmax(3.5rem,4.25rem))_4.5rem_2.25rem]";

  return (
    <div ref={container} className="grid gap-4" onFocusCapture={warmSchemas} onPointerEnter={warmSchemas}>
      <FormError {...action.formError} />
      <div
        className={cn("hidden gap-x-2 border-b pb-2 text-xs font-medium text-muted-foreground md:grid", columns)}
        aria-hidden="true"
      >
        <span>{t("project")}</span>
        <span>{t("description")}</span>
        {days.map((day) => (
          <span key={day.date} className="text-right">
            {day.short}
          </span>
        ))}
        <span className="text-right">{t("total")}</span>
        <span />
      </div>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">{t("empty")}</p> : null}
      <ul className="grid gap-3 md:gap-2" aria-label={t("rows")}>
        {rows.map((row, rowIndex) => {
          const project = projectsById.get(row.projectId);
          const projectError = errors[`rows.${rowIndex}.projectId`];
          const label = rowLabel(row);
          return (
            <li
              key={row.key}
              className={cn(
                "grid gap-2 rounded-lg border p-2 md:items-start md:gap-x-2 md:rounded-none md:border-0 md:p-0",
                columns,
              )}
            >
              <div className="grid gap-1">
                {editable ? (
                  <>
                    <NativeSelect
                      aria-label={t("rowProject", { row: rowIndex + 1 })}
                      data-project-row={row.key}
                      aria-invalid={projectError ? true : undefined}
                      aria-describedby={projectError ? `row-${row.key}-project-error` : undefined}
                      value={row.projectId}
                      onChange={(event) => {
                        const chosen = projectsById.get(event.target.value);
                        updateRow(rowIndex, {
                          projectId: event.target.value,
                          billable: chosen?.billableByDefault ?? row.billable,
                        });
                        clearError(`rows.${rowIndex}.projectId`);
                      }}
                    >
                      <option value="">{t("chooseProject")}</option>
                      {groups.map((group) => (
                        <optgroup key={group.clientName} label={group.clientName}>
                          {group.projects.map((item) => (
                            <option key={item.id} value={item.id} disabled={item.archived && item.id !== row.projectId}>
                              {item.name}
                              {item.archived ? t("archived") : ""}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </NativeSelect>
                    <label className="flex items-center gap-2 text-xs text-muted-foreground">
                      <Checkbox
                        checked={row.billable}
                        onChange={(event) => updateRow(rowIndex, { billable: event.target.checked })}
                      />
                      {t("billable")}
                    </label>
                    {projectError ? (
                      <p id={`row-${row.key}-project-error`} className="text-xs font-medium text-destructive">
                        {projectError}
                      </p>
                    ) : null}
                  </>
                ) : (
                  <div className="text-sm">
                    <div className="font-medium">{project?.name ?? t("unknownProject")}</div>
                    <div className="text-xs text-muted-foreground">
                      {project?.clientName}
                      {row.billable ? "" : t("notBillable")}
                    </div>
                  </div>
                )}
              </div>
              <div>
                {editable ? (
                  <Input
                    aria-label={t("rowDescription", { row: rowIndex + 1 })}
                    value={row.description}
                    maxLength={500}
                    placeholder={t("descriptionPlaceholder")}
                    onChange={(event) => updateRow(rowIndex, { description: event.target.value })}
                  />
                ) : (
                  <p className="text-sm break-words">
                    {row.description || <span className="text-muted-foreground">—</span>}
                  </p>
                )}
              </div>
              <div className="grid grid-cols-7 gap-1 md:contents">
                {days.map((day, dayIndex) => {
                  const key = `rows.${rowIndex}.cells.${dayIndex}`;
                  const error = errors[key];
                  const errorId = `cell-${row.key}-${dayIndex}-error`;
                  const text = row.cells[dayIndex] ?? "";
                  return (
                    <div key={day.date} className="grid min-w-0 content-start gap-1">
                      <span className="text-center text-[0.7rem] text-muted-foreground md:hidden" aria-hidden="true">
                        {day.short.split(" ")[0]}
                      </span>
                      {editable ? (
                        <Input
                          data-row={rowIndex}
                          data-day={dayIndex}
                          aria-label={`${label}, ${day.long}`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          inputMode="decimal"
                          autoComplete="off"
                          className="h-9 px-0.5 text-center tabular-nums md:px-2 md:text-right"
                          value={text}
                          onChange={(event) => {
                            const cells = [...row.cells];
                            cells[dayIndex] = event.target.value;
                            updateRow(rowIndex, { cells });
                            clearError(`days.${dayIndex}`);
                          }}
                          onBlur={(event) => checkCell(rowIndex, dayIndex, event.target.value)}
                          onKeyDown={(event) => onCellKeyDown(event, rowIndex, dayIndex)}
                        />
                      ) : (
                        <span className="py-2 text-right text-sm tabular-nums">
                          {text ? hours(minutesOf(text)) : <span className="text-muted-foreground">·</span>}
                        </span>
                      )}
                      {error ? (
                        <p
                          id={errorId}
                          role="alert"
                          className="text-[0.7rem] leading-tight font-medium text-destructive"
                        >
                          {error}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
              </div>
              <div className="flex items-center justify-between text-sm md:block md:py-2 md:text-right">
                <span className="text-muted-foreground md:hidden">{t("rowTotal")}</span>
                <output className="font-medium tabular-nums" aria-label={t("totalOf", { label })}>
                  {hours(rowTotals[rowIndex] ?? 0)}
                </output>
              </div>
              <div className="flex justify-end">
                {editable ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => removeRow(rowIndex)}
                    aria-label={t("removeRow", { row: rowIndex + 1, label })}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div className={cn("grid gap-2 border-t pt-3 md:gap-x-2", columns)}>
        <span className="text-sm font-medium md:col-span-2">{t("dayTotals")}</span>
        <div className="grid grid-cols-7 gap-1 md:contents">
          {days.map((day, dayIndex) => {
            const error = errors[`days.${dayIndex}`];
            return (
              <div key={day.date} className="grid content-start gap-1 text-right">
                <span className="text-center text-[0.7rem] text-muted-foreground md:hidden" aria-hidden="true">
                  {day.short.split(" ")[0]}
                </span>
                <output
                  className={cn(
                    "text-sm tabular-nums",
                    error ? "font-semibold text-destructive" : "",
                    (dayTotals[dayIndex] ?? 0) > 1440 ? "text-destructive" : "",
                  )}
                  aria-label={t("totalOf", { label: day.long })}
                >
                  {hours(dayTotals[dayIndex] ?? 0)}
                </output>
                {error ? (
                  <p role="alert" className="text-[0.7rem] leading-tight font-medium text-destructive">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <div className="flex items-center justify-between text-sm md:block md:text-right">
          <span className="text-muted-foreground md:hidden">{t("weekTotal")}</span>
          <output className="font-semibold tabular-nums" aria-label={t("weekTotal")}>
            {hours(weekTotal)}
          </output>
        </div>
      </div>
      {editable ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" onClick={() => addRow(undefined, { focus: true })}>
            <PlusIcon aria-hidden="true" />
            {t("addRow")}
          </Button>
          {previousRows.length > 0 ? (
            <Button type="button" variant="outline" onClick={copyPreviousRows}>
              <CopyIcon aria-hidden="true" />
              {t("copyRows")}
            </Button>
          ) : null}
          <span className="grow" />
          <Button
            type="button"
            variant={canSubmit ? "outline" : "default"}
            disabled={pending}
            onClick={() => void save(false)}
          >
            {pending ? t("saving") : t("saveDraft")}
          </Button>
          {canSubmit ? (
            <Button type="button" disabled={pending} onClick={() => void save(true)}>
              {t("saveAndSubmit")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {editable ? <p className="text-xs text-muted-foreground">{t("hint")}</p> : null}
      {editable && projectSearch ? <GridProjectFinder userId={userId} onChoose={addFoundProject} /> : null}
    </div>
  );
}
