"use client";

import { useTranslations } from "next-intl";
import { DateFilter, FilterBar, FilterField, SearchField } from "@/components/list/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { ClientPicker, type PickedClient } from "@/modules/clients/components/client-picker";
import { HISTORY_STATUSES, TODO_STATUSES } from "../call-rules";
import type { CallListQuery } from "../call-schemas";

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
  path,
  clearHref,
}: {
  query: CallListQuery;
  people: { id: string; name: string }[];
  /** The chosen client of the filter, if any. */
  client: PickedClient | null;
  /** The list's address, and the address without filters when some are set (the page's list kit: the
   * browser gets no schema, decision 072). */
  path: string;
  clearHref: string | undefined;
}) {
  const t = useTranslations("calls");
  const statuses = query.view === "history" ? HISTORY_STATUSES : TODO_STATUSES;
  return (
    <FilterBar
      action={path}
      label={t("filters.label")}
      layout="panel"
      keep={{ view: query.view }}
      submitLabel={t("filters.apply")}
      clearHref={clearHref}
    >
      <SearchField id="calls-q" defaultValue={query.q} placeholder={t("filters.search")} className="sm:col-span-2" />
      <FilterField label={t("filters.person")} htmlFor="calls-person">
        <NativeSelect id="calls-person" name="person" defaultValue={query.person ?? ""}>
          <option value="">{t("filters.everyone")}</option>
          <option value="me">{t("filters.me")}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <FilterField label={t("filters.client")} htmlFor="calls-client">
        <ClientPicker id="calls-client" name="client" selected={client} anyLabel={t("filters.allClients")} />
      </FilterField>
      <FilterField label={t("filters.direction")} htmlFor="calls-direction">
        <NativeSelect id="calls-direction" name="direction" defaultValue={query.direction ?? ""}>
          <option value="">{t("filters.both")}</option>
          <option value="inbound">{t("direction.inbound")}</option>
          <option value="outbound">{t("direction.outbound")}</option>
        </NativeSelect>
      </FilterField>
      <FilterField label={t("filters.status")} htmlFor="calls-status">
        <NativeSelect id="calls-status" name="status" defaultValue={query.status ?? ""}>
          <option value="">{t("filters.any")}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      {query.view === "todo" ? (
        <FilterField label={t("filters.due")} htmlFor="calls-due">
          <NativeSelect id="calls-due" name="due" defaultValue={query.due ?? ""}>
            <option value="">{t("filters.anyTime")}</option>
            <option value="today">{t("filters.today")}</option>
            <option value="overdue">{t("filters.overdue")}</option>
          </NativeSelect>
        </FilterField>
      ) : null}
      <DateFilter label={t("filters.from")} id="calls-from" name="from" value={query.from} />
      <DateFilter label={t("filters.to")} id="calls-to" name="to" value={query.to} />
    </FilterBar>
  );
}
