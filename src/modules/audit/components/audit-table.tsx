import { ScrollTextIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
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

/** The pager's noun for events, in the page's language. */
export async function eventNoun(): Promise<Noun> {
  const t = await getTranslations("auditLog");
  return { one: t("noun.one"), other: t("noun.other") };
}

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
  const t = useTranslations("auditLog");
  return (
    <FilterBar action={auditList.path} label={t("filter")} submitVariant="outline">
      <FilterField label={t("entity")} htmlFor="entity" className="w-full sm:w-56">
        <NativeSelect id="entity" name="entity" defaultValue={entity ?? ""}>
          <option value="">{t("allEntities")}</option>
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
  const t = useTranslations("auditLog");
  return (
    <EmptyState
      icon={<ScrollTextIcon />}
      title={t("emptyTitle")}
      description={entity ? t("emptyEntity") : t("empty")}
    />
  );
}

/** One page of the log, newest first: when, who, what entity, what was done and changed. */
export function AuditTable({ rows, firm }: { rows: AuditRow[]; firm: Firm }) {
  const t = useTranslations("auditLog");
  return (
    <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
      <TableHeader>
        <TableRow>
          <TableHead>{t("when")}</TableHead>
          <TableHead from="sm">{t("who")}</TableHead>
          <TableHead>{t("entity")}</TableHead>
          <TableHead>{t("action")}</TableHead>
          <TableHead from="md">{t("summary")}</TableHead>
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
