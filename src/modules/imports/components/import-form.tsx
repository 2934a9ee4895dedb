"use client";

import { useTranslations } from "next-intl";
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
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import { IMPORT_SOURCES, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "../import-sources";
import type { ImportWeekState } from "../import-schemas";

type Source = "auto" | (typeof IMPORT_SOURCES)[number];
const SHOWN_REFUSALS = 200;

/** Upload, preview, import: the preview writes nothing; the import writes all of it or nothing. */
export function ImportForm({ locale }: { locale: string }) {
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  const t = useTranslations("imports.form");
  const tSource = useTranslations("imports.source");
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
      setError(t("tooLarge"));
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
          {t("step1")}
        </h2>
        <div className="grid gap-2">
          <Label htmlFor="import-file">{t("file")}</Label>
          <Input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-file-hint"
            onChange={(event) => void chooseFile(event.target.files?.[0])}
          />
          <p id="import-file-hint" className="text-sm text-muted-foreground">
            {t("fileHint", { rows: MAX_IMPORT_ROWS.toLocaleString(locale) })}
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="import-source">{t("source")}</Label>
          <NativeSelect
            id="import-source"
            value={source}
            onChange={(event) => {
              setSource(event.target.value as Source);
              reset();
            }}
          >
            <option value="auto">{t("auto")}</option>
            {IMPORT_SOURCES.map((value) => (
              <option key={value} value={value}>
                {tSource(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t("weeksAre")}</legend>
          {(
            [
              ["approved", t("approved"), t("approvedHint")],
              ["draft", t("drafts"), t("draftsHint")],
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
            {pending && !preview ? t("reading") : t("preview")}
          </Button>
        </div>
      </section>

      <FormError message={error} />

      {done ? (
        <Alert role="status">
          <AlertTitle>{t("complete")}</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p data-testid="import-result">
              {t("result", {
                clients: done.clients.create,
                projects: done.projects.create,
                entries: done.entries.create,
                hours: hours(done.entries.minutes),
                weeks: done.weeks,
                existing: done.entries.existing + done.clients.existing + done.projects.existing,
                refused: done.refused.length,
              })}
            </p>
            <p>
              <Link href="/bo/timesheets" className="font-medium underline underline-offset-4">
                {t("seeTimesheets")}
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      {preview ? (
        <section aria-labelledby={`${ids}-preview`} className="grid gap-4 rounded-lg border p-4 sm:p-6">
          <h2 id={`${ids}-preview`} className="text-lg font-semibold">
            {t("step2", { source: tSource(preview.source) })}
          </h2>
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">{t("what")}</TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("toCreate")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("alreadyThere")}
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <TableRow>
                  <TableCell className="whitespace-nowrap">{t("clients")}</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.clients.create}</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.clients.existing}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell className="whitespace-nowrap">{t("projects")}</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.projects.create}</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.projects.existing}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell className="whitespace-nowrap">{t("entries")}</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.entries.create}</TableCell>
                  <TableCell className="text-right tabular-nums">{preview.entries.existing}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </div>
          <p className="text-sm text-muted-foreground">
            {preview.entries.create > 0
              ? `${t("addsUp", { hours: hours(preview.entries.minutes), weeks: preview.weeks })} `
              : null}
            {t("alreadyThereHint")}
          </p>
          {refused.length > 0 ? (
            <div className="grid gap-2">
              <h3 className="font-semibold">{t("refused", { count: refused.length })}</h3>
              <ul className="grid gap-1 text-sm" data-testid="import-refused">
                {refused.slice(0, SHOWN_REFUSALS).map((row, index) => (
                  <li key={`${row.line}-${index}`}>
                    <span className="font-medium">{t("line", { line: row.line })}</span> {row.reason}
                  </li>
                ))}
              </ul>
              {refused.length > SHOWN_REFUSALS ? (
                <p className="text-sm text-muted-foreground">{t("more", { count: refused.length - SHOWN_REFUSALS })}</p>
              ) : null}
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={validOnly}
                  onChange={(event) => setValidOnly(event.target.checked)}
                  className="mt-0.5 size-4"
                />
                <span>{t("validOnly")}</span>
              </label>
            </div>
          ) : (
            <p className="text-sm">{t("allValid")}</p>
          )}
          <div>
            <Button type="button" onClick={onImport} disabled={!canImport}>
              {pending ? t("importing") : t("import")}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
