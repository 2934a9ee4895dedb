"use client";

import { SearchIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { failureMessage } from "@/components/form-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ProjectSearchResult } from "@/modules/clients/client-queries";
import { searchGridProjectsAction } from "../timesheet-actions";

/**
 * In a large firm the grid's pickers offer the person's recent projects only; this finds any other
 * active project by its name or its client's, and hands the chosen one to the grid.
 */
export function GridProjectFinder({
  userId,
  onChoose,
}: {
  /** Whose week it is (a manager filling a colleague's); without it, the signed-in person's. */
  userId?: string;
  onChoose: (project: ProjectSearchResult) => void;
}) {
  const id = useId();
  const t = useTranslations("timesheets.finder");
  const [text, setText] = useState("");
  const [results, setResults] = useState<ProjectSearchResult[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  async function search() {
    if (searching) return;
    setSearching(true);
    setMessage(null);
    try {
      const result = await searchGridProjectsAction({ q: text, userId });
      if (!result.ok) {
        setResults([]);
        setMessage(failureMessage(result, "q"));
        return;
      }
      setResults(result.data);
      setMessage(
        result.data.length === 0
          ? t("none")
          : result.data.length === 20
            ? t("first20")
            : t("matching", { count: result.data.length }),
      );
    } finally {
      setSearching(false);
    }
  }

  return (
    <div role="search" aria-label={t("label")} className="grid gap-2 rounded-lg border p-3">
      <Label htmlFor={`${id}-q`}>{t("another")}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-q`}
          className="max-w-sm"
          value={text}
          maxLength={100}
          placeholder={t("placeholder")}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            void search();
          }}
        />
        <Button type="button" variant="outline" disabled={searching} onClick={() => void search()}>
          <SearchIcon aria-hidden="true" />
          {searching ? t("searching") : t("search")}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("hint")}
      </p>
      {message ? (
        <p role="status" className="text-sm">
          {message}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul className="grid gap-1" aria-label={t("results")}>
          {results.map((project) => (
            <li key={project.id}>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-auto justify-start text-left whitespace-normal"
                onClick={() => {
                  onChoose(project);
                  setResults([]);
                  setText("");
                  setMessage(t("added", { client: project.clientName, project: project.name }));
                }}
              >
                {project.clientName} · {project.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
