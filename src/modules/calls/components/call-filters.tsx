"use client";

import { DateFilter, FilterBar, FilterField, SearchField } from "@/components/list/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { ClientPicker, type PickedClient } from "@/modules/clients/components/client-picker";
import { CALL_DIRECTION_LABELS, CALL_STATUS_LABELS, HISTORY_STATUSES, TODO_STATUSES } from "../call-rules";
import { callList, type CallListQuery, isCallListFiltered } from "../call-schemas";

/**
 * The list's filters: a plain GET form, so every filter lives in the URL and works without script.
 * A client component on purpose: the page sends the query, the people and the chosen client as
 * data and the form is laid out here, instead of its whole tree (every option) in the page's
 * React payload (decision 016).
 */
export function CallFilters({
  query,
  people,
  client,
}: {
  query: CallListQuery;
  people: { id: string; name: string }[];
  /** The chosen client of the filter, if any. */
  client: PickedClient | null;
}) {
  const statuses = query.view === "history" ? HISTORY_STATUSES : TODO_STATUSES;
  return (
    <FilterBar
      action={callList.path}
      label="Filter calls"
      layout="panel"
      keep={{ view: query.view }}
      submitLabel="Apply filters"
      clearHref={isCallListFiltered(query) ? callList.href({ view: query.view }) : undefined}
    >
      <SearchField
        id="calls-q"
        defaultValue={query.q}
        placeholder="Contact, phone or subject  ( / )"
        className="sm:col-span-2"
      />
      <FilterField label="Person" htmlFor="calls-person">
        <NativeSelect id="calls-person" name="person" defaultValue={query.person ?? ""}>
          <option value="">Everyone</option>
          <option value="me">Me</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <FilterField label="Client" htmlFor="calls-client">
        <ClientPicker id="calls-client" name="client" selected={client} anyLabel="All clients" />
      </FilterField>
      <FilterField label="Direction" htmlFor="calls-direction">
        <NativeSelect id="calls-direction" name="direction" defaultValue={query.direction ?? ""}>
          <option value="">Both</option>
          <option value="inbound">{CALL_DIRECTION_LABELS.inbound}</option>
          <option value="outbound">{CALL_DIRECTION_LABELS.outbound}</option>
        </NativeSelect>
      </FilterField>
      <FilterField label="Status" htmlFor="calls-status">
        <NativeSelect id="calls-status" name="status" defaultValue={query.status ?? ""}>
          <option value="">Any</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {CALL_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      {query.view === "todo" ? (
        <FilterField label="Due" htmlFor="calls-due">
          <NativeSelect id="calls-due" name="due" defaultValue={query.due ?? ""}>
            <option value="">Any time</option>
            <option value="today">Today or not planned yet</option>
            <option value="overdue">Overdue</option>
          </NativeSelect>
        </FilterField>
      ) : null}
      <DateFilter label="From" id="calls-from" name="from" value={query.from} />
      <DateFilter label="To" id="calls-to" name="to" value={query.to} />
    </FilterBar>
  );
}
