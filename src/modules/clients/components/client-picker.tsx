"use client";

import { ChevronsUpDownIcon, XIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { failureMessage } from "@/components/form-errors";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { searchClientNamesAction } from "../client-actions";

export type PickedClient = { id: string; name: string };

/** How long typing must pause before the picker asks the server. */
const SEARCH_DELAY_MS = 150;

/**
 * A client field: a combobox that finds clients by name as one types (the firm may have
 * thousands, too many for a select), holding the chosen id in a hidden input named `name`. A list
 * filter uses it in a plain GET form (empty means every client); a form that needs the choice as
 * it happens (the invoice form) passes `onChoose`.
 */
export function ClientPicker({
  id,
  name,
  selected,
  anyLabel,
  placeholder,
  onChoose,
  invalid,
  describedBy,
  required,
  inputRef,
}: {
  id: string;
  name: string;
  selected: PickedClient | null;
  /** What no choice means, for the clear button's label. */
  anyLabel?: string;
  placeholder?: string;
  onChoose?: (client: PickedClient | null) => void;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  /** The text field, for a form that moves focus to it (react-hook-form on an error). */
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const t = useTranslations("clients.picker");
  const language = useLocale();
  const any = anyLabel ?? t("any");
  const listId = useId();
  const [chosen, setChosen] = useState<PickedClient | null>(selected);
  const [text, setText] = useState(selected?.name ?? "");
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PickedClient[]>([]);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function search(query: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      // Only the answer to the latest question counts: an older, slower one is dropped.
      const asked = ++latest.current;
      setStatus(t("searching"));
      const result = await searchClientNamesAction({ q: query }).catch(() => null);
      if (asked !== latest.current) return;
      if (!result || !result.ok) {
        setOptions([]);
        setStatus(result ? failureMessage(result, "q") : t("failed"));
        return;
      }
      setOptions(result.data);
      setActive(result.data.length > 0 ? 0 : -1);
      setStatus(result.data.length === 0 ? t("none") : t(query ? "matched" : "found", { count: result.data.length }));
    }, SEARCH_DELAY_MS);
  }

  function openList(query: string) {
    setOpen(true);
    search(query);
  }

  function choose(option: PickedClient | null) {
    if (option?.id !== chosen?.id) onChoose?.(option);
    setChosen(option);
    setText(option?.name ?? "");
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) return openList(chosen ? "" : text);
        if (options.length === 0) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current + step + options.length) % options.length);
        return;
      }
      case "Enter":
        // Enter picks the highlighted client; with the list closed it submits the filters.
        if (open && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        }
        return;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setText(chosen?.name ?? "");
        }
        return;
    }
  }

  const activeId = open && active >= 0 && options[active] ? `${listId}-${options[active].id}` : undefined;
  return (
    <div className="relative">
      <input type="hidden" name={name} value={chosen?.id ?? ""} />
      <Input
        ref={inputRef}
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        maxLength={100}
        placeholder={placeholder ?? t("placeholder", { any })}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className="pr-14"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          // Typing starts a new choice: until one is picked the filter is every client.
          if (chosen) onChoose?.(null);
          setChosen(null);
          openList(event.target.value);
        }}
        onFocus={() => {
          if (!open) openList(chosen ? "" : text);
        }}
        onBlur={() => {
          setOpen(false);
          if (!chosen) setText("");
        }}
        onKeyDown={onKeyDown}
      />
      <div className="absolute inset-y-0 right-1 flex items-center gap-0.5">
        {chosen || text ? (
          <button
            type="button"
            className="rounded p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={t("clear", { any: language === "de" ? any : any.toLowerCase() })}
            onClick={() => choose(null)}
          >
            <XIcon aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        <ChevronsUpDownIcon aria-hidden="true" className="pointer-events-none mr-1 size-4 text-muted-foreground" />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t("list")}
        hidden={!open || options.length === 0}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border bg-popover p-1 text-sm text-popover-foreground shadow-md"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${option.id}`}
            role="option"
            aria-selected={index === active}
            className={cn(
              "cursor-pointer truncate rounded px-2 py-1.5",
              index === active && "bg-accent text-accent-foreground",
            )}
            // mousedown, not click: it comes before the field's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
            onMouseEnter={() => setActive(index)}
          >
            {option.name}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {open ? status : ""}
      </p>
    </div>
  );
}
