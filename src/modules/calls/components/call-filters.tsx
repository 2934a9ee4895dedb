"use client";

import { SearchIcon } from "lucide-react";
import Link from "@/components/app-link";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ClientPicker, type PickedClient } from "@/modules/clients/components/client-picker";
import { CALL_DIRECTION_LABELS, CALL_STATUS_LABELS, HISTORY_STATUSES, TODO_STATUSES } from "../call-rules";

export type CallFilterValues = {
  view: "todo" | "history";
  person?: string;
  client?: string;
  direction?: string;
  status?: string;
  from?: string;
  to?: string;
  q?: string;
  due?: string;
};

/** The list's filters: a plain GET form, so every filter lives in the URL and works without script. */
export function CallFilters({
  values,
  people,
  client,
}: {
  values: CallFilterValues;
  people: { id: string; name: string }[];
  /** The chosen client of the filter, if any. */
  client: PickedClient | null;
}) {
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // "/" focuses the search box, as on the other list pages.
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey) return;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      event.preventDefault();
      search.current?.focus();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const statuses = values.view === "history" ? HISTORY_STATUSES : TODO_STATUSES;
  return (
    <form
      method="get"
      action="/bo/calls"
      role="search"
      aria-label="Filter calls"
      className="grid grid-cols-2 gap-3 rounded-lg border p-3 lg:grid-cols-4"
    >
      <input type="hidden" name="view" value={values.view} />
      <div className="col-span-2 grid gap-1">
        <Label htmlFor="calls-q">Search</Label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={search}
            id="calls-q"
            name="q"
            type="search"
            defaultValue={values.q ?? ""}
            placeholder="Contact, phone or subject  ( / )"
            className="pl-9"
            aria-keyshortcuts="/"
          />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="calls-person">Person</Label>
        <NativeSelect id="calls-person" name="person" defaultValue={values.person ?? ""}>
          <option value="">Everyone</option>
          <option value="me">Me</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="calls-client">Client</Label>
        <ClientPicker id="calls-client" name="client" selected={client} anyLabel="All clients" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="calls-direction">Direction</Label>
        <NativeSelect id="calls-direction" name="direction" defaultValue={values.direction ?? ""}>
          <option value="">Both</option>
          <option value="inbound">{CALL_DIRECTION_LABELS.inbound}</option>
          <option value="outbound">{CALL_DIRECTION_LABELS.outbound}</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="calls-status">Status</Label>
        <NativeSelect id="calls-status" name="status" defaultValue={values.status ?? ""}>
          <option value="">Any</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {CALL_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {values.view === "todo" ? (
        <div className="grid gap-1">
          <Label htmlFor="calls-due">Due</Label>
          <NativeSelect id="calls-due" name="due" defaultValue={values.due ?? ""}>
            <option value="">Any time</option>
            <option value="today">Today or not planned yet</option>
            <option value="overdue">Overdue</option>
          </NativeSelect>
        </div>
      ) : null}
      <div className="grid gap-1">
        <Label htmlFor="calls-from">From</Label>
        <Input id="calls-from" name="from" type="date" defaultValue={values.from ?? ""} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="calls-to">To</Label>
        <Input id="calls-to" name="to" type="date" defaultValue={values.to ?? ""} />
      </div>
      <div className="col-span-2 flex items-end gap-2 lg:col-span-4 lg:justify-end">
        <Button type="submit">Apply filters</Button>
        <Button asChild variant="ghost">
          <Link href={`/bo/calls?view=${values.view}`}>Clear</Link>
        </Button>
      </div>
    </form>
  );
}
