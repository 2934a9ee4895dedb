import type { Metadata } from "next";
import Link from "@/components/app-link";
import { ScrollTextIcon } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { FormField } from "@/components/form-field";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { formatDateTime } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { requirePagePermission } from "@/lib/session";
import { findAuditEvents } from "@/modules/audit/audit-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import type { Settings } from "@/modules/settings/settings-queries";

export const metadata: Metadata = { title: "Audit log" };

const PAGE_SIZE = 50;
const ENTITIES = [
  { value: "user", label: "Users" },
  { value: "settings", label: "Settings" },
] as const;
const ENTITY_LABELS: Record<string, string> = { user: "User", settings: "Settings" };
/** Summary fields holding an amount in minor units of the firm's currency. */
const MONEY_FIELDS = new Set(["defaultHourlyRate"]);

type SearchParams = { page?: string | string[]; entity?: string | string[] };

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parsePage(value: string | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

function parseEntity(value: string | undefined): string | undefined {
  return value && /^[a-z_]{1,40}$/.test(value) ? value : undefined;
}

function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describeValue(field: string, value: unknown, settings: Settings): string {
  if (value === null || value === undefined || value === "") return "none";
  if (MONEY_FIELDS.has(field) && typeof value === "number" && Number.isSafeInteger(value))
    return formatMoney(value, settings.currency, settings.locale);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** One readable line per change ("Name: Ann → Anne") or per other summary field ("Email: ann@example.com"). */
function describeSummary(summary: Record<string, unknown>, settings: Settings): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(summary)) {
    if (key === "changes" && value && typeof value === "object") {
      for (const [field, change] of Object.entries(value as Record<string, { from?: unknown; to?: unknown } | null>)) {
        lines.push(
          `${humanize(field)}: ${describeValue(field, change?.from, settings)} → ${describeValue(field, change?.to, settings)}`,
        );
      }
      continue;
    }
    lines.push(`${humanize(key)}: ${describeValue(key, value, settings)}`);
  }
  return lines;
}

function pageHref(page: number, entity: string | undefined): string {
  const query = new URLSearchParams();
  if (entity) query.set("entity", entity);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/bo/audit?${text}` : "/bo/audit";
}

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("audit.read");
  const params = await searchParams;
  const entity = parseEntity(first(params.entity));
  const db = getDb();
  const [settings, result] = await Promise.all([
    getPageSettings(),
    findAuditEvents(db, { entity, page: parsePage(first(params.page)), pageSize: PAGE_SIZE }),
  ]);
  const { rows, total, page, pageSize } = result;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const options =
    entity && !ENTITIES.some((option) => option.value === entity)
      ? [...ENTITIES, { value: entity, label: humanize(entity) }]
      : ENTITIES;

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title="Audit log" description="Every change made in Bureau: who, when and what, newest first." />

      <form
        method="get"
        action="/bo/audit"
        className="flex flex-wrap items-end gap-2"
        role="search"
        aria-label="Filter the audit log"
      >
        <FormField label="Entity" htmlFor="entity" className="w-full sm:w-56">
          <NativeSelect id="entity" name="entity" defaultValue={entity ?? ""}>
            <option value="">All entities</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>

      {rows.length === 0 ? (
        <EmptyState
          icon={<ScrollTextIcon />}
          title={total > 0 ? "No events on this page" : "No events yet"}
          description={
            total > 0
              ? "This page is past the end of the log."
              : entity
                ? "Nothing has been recorded for this entity yet. Choose all entities to see every change."
                : "Changes to users and settings appear here as soon as someone makes them."
          }
          action={
            total > 0 ? (
              <Button asChild variant="outline">
                <Link href={pageHref(1, entity)}>Go to the first page</Link>
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead className="hidden sm:table-cell">Who</TableHead>
                <TableHead>Entity</TableHead>
                <TableHead>Action</TableHead>
                <TableHead className="hidden md:table-cell">Summary</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((event) => {
                const lines = describeSummary(event.summary, settings);
                return (
                  <TableRow key={event.id} className="align-top">
                    <TableCell className="align-top whitespace-nowrap tabular-nums">
                      <time dateTime={event.createdAt.toISOString()}>
                        {formatDateTime(event.createdAt, settings.locale, settings.timezone)}
                      </time>
                      <div className="text-xs text-muted-foreground sm:hidden">{event.actorName ?? "Bureau"}</div>
                    </TableCell>
                    <TableCell className="hidden align-top sm:table-cell">{event.actorName ?? "Bureau"}</TableCell>
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
                        <ul className="mt-1 grid gap-0.5 text-xs break-words text-muted-foreground md:hidden">
                          {lines.map((line, index) => (
                            <li key={index}>{line}</li>
                          ))}
                        </ul>
                      ) : null}
                    </TableCell>
                    <TableCell className="hidden align-top md:table-cell">
                      {lines.length === 0 ? (
                        <span className="text-muted-foreground">—</span>
                      ) : (
                        <ul className="grid gap-0.5 text-sm break-words">
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
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="text-muted-foreground">
              Page {page} of {pageCount} · {total} {total === 1 ? "event" : "events"}
            </p>
            <div className="flex gap-2">
              {page > 1 ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={pageHref(Math.min(page - 1, pageCount), entity)} rel="prev">
                    Previous
                  </Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled>
                  Previous
                </Button>
              )}
              {page < pageCount ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={pageHref(page + 1, entity)} rel="next">
                    Next
                  </Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled>
                  Next
                </Button>
              )}
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
