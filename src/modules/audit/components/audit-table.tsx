import { ScrollTextIcon } from "lucide-react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import type { Noun } from "@/components/list/pager";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/dates";
import type { Settings } from "@/modules/settings/settings-queries";
import type { findAuditEvents } from "../audit-queries";
import { auditList } from "../audit-schemas";
import type { AuditDescription } from "../audit-words";

export const EVENT_NOUN: Noun = { one: "event", other: "events" };

type AuditRow = Awaited<ReturnType<typeof findAuditEvents>>["rows"][number] & { description: AuditDescription };
type Firm = Pick<Settings, "locale" | "timezone">;

/** Where a record of the log is shown, for the entities that have a page. */
const RECORD_PAGES: Record<string, string> = {
  user: "/bo/users",
  invoice: "/bo/invoices",
  client: "/bo/clients",
  timesheet: "/bo/timesheets",
  job: "/bo/jobs",
  recurring_invoice: "/bo/invoices/recurring",
};

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

/** The entity filter: every entity the log holds (findAuditEntities), and whichever one the address names. */
export function AuditFilters({
  entity,
  entities,
}: {
  entity: string | undefined;
  entities: readonly { value: string; label: string }[];
}) {
  return (
    <FilterBar action={auditList.path} label="Filter the audit log" submitVariant="outline">
      <FilterField label="Entity" htmlFor="entity" className="w-full sm:w-56">
        <NativeSelect id="entity" name="entity" defaultValue={entity ?? ""}>
          <option value="">All entities</option>
          {entities.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
    </FilterBar>
  );
}

export function AuditEmpty({ entity }: { entity: string | undefined }) {
  return (
    <EmptyState
      icon={<ScrollTextIcon />}
      title="No events yet"
      description={
        entity
          ? "Nothing has been recorded for this entity yet. Choose all entities to see every change."
          : "Changes to invoices, timesheets, clients, users, settings and the rest appear here as soon as someone makes them."
      }
    />
  );
}

/** One page of the log, newest first: when, who, what entity, what was done and changed. */
export function AuditTable({ rows, firm }: { rows: AuditRow[]; firm: Firm }) {
  return (
    <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead from="sm">Who</TableHead>
          <TableHead>Entity</TableHead>
          <TableHead>Action</TableHead>
          <TableHead from="md">Summary</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((event) => {
          const { description } = event;
          const page = RECORD_PAGES[event.entity];
          const lines = description.details;
          return (
            <TableRow key={event.id} className="align-top">
              <TableCell className="align-top tabular-nums">
                <time dateTime={event.createdAt.toISOString()}>
                  {formatDateTime(event.createdAt, firm.locale, firm.timezone)}
                </time>
                <div className="text-xs text-muted-foreground sm:hidden">{event.actorName ?? "Bureau"}</div>
              </TableCell>
              <TableCell from="sm" className="align-top">
                {event.actorName ?? "Bureau"}
              </TableCell>
              <TableCell className="align-top">
                {description.entity}
                {description.record ? (
                  <div className="text-xs break-words">
                    {page && event.entityId ? (
                      <Link href={`${page}/${event.entityId}`} className={linkClass}>
                        {description.record}
                      </Link>
                    ) : (
                      description.record
                    )}
                  </div>
                ) : null}
              </TableCell>
              <TableCell className="align-top">
                {description.sentence}
                {lines.length > 0 ? (
                  <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground md:hidden">
                    {lines.map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </TableCell>
              <TableCell from="md" className="align-top">
                {lines.length === 0 ? (
                  <span className="text-muted-foreground">—</span>
                ) : (
                  <ul className="grid gap-0.5 text-sm">
                    {lines.map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </ul>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
