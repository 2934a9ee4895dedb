import { ScrollTextIcon } from "lucide-react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import type { Noun } from "@/components/list/pager";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { Settings } from "@/modules/settings/settings-queries";
import type { findAuditEvents } from "../audit-queries";
import { auditList } from "../audit-schemas";

export const EVENT_NOUN: Noun = { one: "event", other: "events" };

const ENTITIES = [
  { value: "user", label: "Users" },
  { value: "settings", label: "Settings" },
] as const;
const ENTITY_LABELS: Record<string, string> = { user: "User", settings: "Settings" };
/** Summary fields holding an amount in minor units of the firm's currency. */
const MONEY_FIELDS = new Set(["defaultHourlyRate"]);

type AuditRow = Awaited<ReturnType<typeof findAuditEvents>>["rows"][number];
type Firm = Pick<Settings, "currency" | "locale" | "timezone">;

function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describeValue(field: string, value: unknown, firm: Firm): string {
  if (value === null || value === undefined || value === "") return "none";
  if (MONEY_FIELDS.has(field) && typeof value === "number" && Number.isSafeInteger(value))
    return formatMoney(value, firm.currency, firm.locale);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** One readable line per change ("Name: Ann → Anne") or per other summary field ("Email: ann@example.com"). */
function describeSummary(summary: Record<string, unknown>, firm: Firm): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(summary)) {
    if (key === "changes" && value && typeof value === "object") {
      for (const [field, change] of Object.entries(value as Record<string, { from?: unknown; to?: unknown } | null>)) {
        lines.push(
          `${humanize(field)}: ${describeValue(field, change?.from, firm)} → ${describeValue(field, change?.to, firm)}`,
        );
      }
      continue;
    }
    lines.push(`${humanize(key)}: ${describeValue(key, value, firm)}`);
  }
  return lines;
}

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

/** The entity filter: the usual entities, and whichever other one the address names. */
export function AuditFilters({ entity }: { entity: string | undefined }) {
  const options =
    entity && !ENTITIES.some((option) => option.value === entity)
      ? [...ENTITIES, { value: entity, label: humanize(entity) }]
      : ENTITIES;
  return (
    <FilterBar action={auditList.path} label="Filter the audit log" submitVariant="outline">
      <FilterField label="Entity" htmlFor="entity" className="w-full sm:w-56">
        <NativeSelect id="entity" name="entity" defaultValue={entity ?? ""}>
          <option value="">All entities</option>
          {options.map((option) => (
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
          : "Changes to users and settings appear here as soon as someone makes them."
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
          const lines = describeSummary(event.summary, firm);
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
                {event.entity === "user" && event.entityId ? (
                  <Link href={`/bo/users/${event.entityId}`} className={linkClass}>
                    {ENTITY_LABELS[event.entity]}
                  </Link>
                ) : (
                  (ENTITY_LABELS[event.entity] ?? humanize(event.entity))
                )}
              </TableCell>
              <TableCell className="align-top">
                {humanize(event.action)}
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
