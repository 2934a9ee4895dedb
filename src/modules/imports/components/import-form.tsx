"use client";

import Link from "@/components/app-link";
import { useId, useState, useTransition } from "react";
import { FormError } from "@/components/form-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { previewImportAction, runImportAction } from "../import-actions";
import type { ImportSummary } from "../import-mutations";
import { IMPORT_SOURCE_LABELS, IMPORT_SOURCES, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "../import-sources";
import type { ImportWeekState } from "../import-schemas";

type Source = "auto" | (typeof IMPORT_SOURCES)[number];
const SHOWN_REFUSALS = 200;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function hours(minutes: number): string {
  return `${(minutes / 60).toLocaleString("en-GB", { maximumFractionDigits: 2 })} h`;
}

/** Upload, preview, import: the preview writes nothing; the import writes all of it or nothing. */
export function ImportForm() {
  const ids = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [source, setSource] = useState<Source>("auto");
  const [weekState, setWeekState] = useState<ImportWeekState>("approved");
  const [validOnly, setValidOnly] = useState(false);
  const [preview, setPreview] = useState<ImportSummary | null>(null);
  const [done, setDone] = useState<ImportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const reset = () => {
    setPreview(null);
    setDone(null);
    setError(null);
    setValidOnly(false);
  };

  const chooseFile = async (chosen: File | undefined) => {
    reset();
    setFile(null);
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      setError("The file is larger than 5 MB; split it into smaller exports (a year at a time, for example).");
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  const input = () => ({ source, csv: file?.text ?? "", weekState, validOnly });

  const onPreview = () =>
    startTransition(async () => {
      reset();
      const result = await previewImportAction(input());
      if (result.ok) setPreview(result.data);
      else setError(result.message);
    });

  const onImport = () =>
    startTransition(async () => {
      setError(null);
      const result = await runImportAction(input());
      if (result.ok) {
        setDone(result.data);
        setPreview(null);
      } else setError(result.message);
    });

  const refused = preview?.refused ?? [];
  const canImport = preview !== null && (refused.length === 0 || validOnly) && !pending;

  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${ids}-file`} className="grid gap-4 rounded-lg border p-4 sm:p-6">
        <h2 id={`${ids}-file`} className="text-lg font-semibold">
          1. The export
        </h2>
        <div className="grid gap-2">
          <Label htmlFor="import-file">CSV file</Label>
          <Input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-file-hint"
            onChange={(event) => void chooseFile(event.target.files?.[0])}
          />
          <p id="import-file-hint" className="text-sm text-muted-foreground">
            At most 5 MB and {MAX_IMPORT_ROWS.toLocaleString("en-GB")} rows. People are matched by their email in Bureau
            (Harvest and Kimai exports: by full name when there is no email column).
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="import-source">Source</Label>
          <NativeSelect
            id="import-source"
            value={source}
            onChange={(event) => {
              setSource(event.target.value as Source);
              reset();
            }}
          >
            <option value="auto">Recognise it from its columns</option>
            {IMPORT_SOURCES.map((value) => (
              <option key={value} value={value}>
                {IMPORT_SOURCE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Imported weeks are</legend>
          {(
            [
              [
                "approved",
                "Approved",
                "Past work: rates are frozen as approval does (the project's, else the client's, else the firm's).",
              ],
              ["draft", "Drafts", "Each person checks and submits their week as usual."],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="week-state"
                value={value}
                checked={weekState === value}
                onChange={() => {
                  setWeekState(value);
                  reset();
                }}
                className="mt-0.5 size-4"
              />
              <span>
                <span className="font-medium">{label}</span>
                <span className="block text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="button" onClick={onPreview} disabled={!file || pending}>
            {pending && !preview ? "Reading…" : "Preview"}
          </Button>
        </div>
      </section>

      <FormError message={error} />

      {done ? (
        <Alert role="status">
          <AlertTitle>Import complete</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p data-testid="import-result">
              Created {plural(done.clients.create, "client", "clients")},{" "}
              {plural(done.projects.create, "project", "projects")} and{" "}
              {plural(done.entries.create, "time entry", "time entries")} ({hours(done.entries.minutes)}) in{" "}
              {plural(done.weeks, "new week", "new weeks")};{" "}
              {done.entries.existing + done.clients.existing + done.projects.existing} already there were left as they
              were
              {done.refused.length > 0 ? `; ${plural(done.refused.length, "row was", "rows were")} left out` : ""}.
            </p>
            <p>
              <Link href="/bo/timesheets" className="font-medium underline underline-offset-4">
                See the timesheets
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      {preview ? (
        <section aria-labelledby={`${ids}-preview`} className="grid gap-4 rounded-lg border p-4 sm:p-6">
          <h2 id={`${ids}-preview`} className="text-lg font-semibold">
            2. Preview: {IMPORT_SOURCE_LABELS[preview.source]}
          </h2>
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">What</TableHead>
                  <TableHead scope="col" className="text-right">
                    To create
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Already there
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <TableRow>
                  <TableCell className="whitespace-nowrap">Clients</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.clients.create}</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.clients.existing}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell className="whitespace-nowrap">Projects</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.projects.create}</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.projects.existing}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell className="whitespace-nowrap">Time entries</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.entries.create}</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.entries.existing}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </div>
          <p className="text-sm text-muted-foreground">
            {preview.entries.create > 0
              ? `The new time adds up to ${hours(preview.entries.minutes)} in ${plural(preview.weeks, "new week", "new weeks")}. `
              : ""}
            Already there: imported before, or a client or project Bureau already has; they are left as they are.
          </p>
          {refused.length > 0 ? (
            <div className="grid gap-2">
              <h3 className="font-semibold">{plural(refused.length, "row is refused", "rows are refused")}</h3>
              <ul className="grid gap-1 text-sm" data-testid="import-refused">
                {refused.slice(0, SHOWN_REFUSALS).map((row, index) => (
                  <li key={`${row.line}-${index}`}>
                    <span className="font-medium">Line {row.line}:</span> {row.reason}
                  </li>
                ))}
              </ul>
              {refused.length > SHOWN_REFUSALS ? (
                <p className="text-sm text-muted-foreground">
                  And {refused.length - SHOWN_REFUSALS} more. Fix the file and preview again.
                </p>
              ) : null}
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={validOnly}
                  onChange={(event) => setValidOnly(event.target.checked)}
                  className="mt-0.5 size-4"
                />
                <span>Import the valid rows only and leave the refused ones out</span>
              </label>
            </div>
          ) : (
            <p className="text-sm">Every row can be imported.</p>
          )}
          <div>
            <Button type="button" onClick={onImport} disabled={!canImport}>
              {pending ? "Importing…" : "Import"}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
