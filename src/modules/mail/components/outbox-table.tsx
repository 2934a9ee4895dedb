import { MailIcon } from "lucide-react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import type { Noun } from "@/components/list/pager";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EMAIL_STATUSES, type EmailStatus } from "@/db/schema";
import { formatDateTime } from "@/lib/dates";
import type { findEmails } from "../mail-queries";
import { ABOUT_LABELS, aboutHref } from "../mail-schemas";
import { outboxList } from "../outbox-schemas";
import { EMAIL_STATUS_LABELS, EmailStatusBadge } from "./email-status-badge";
import { RetryEmailButton } from "./retry-email-button";

export const MAIL_NOUN: Noun = { one: "mail", other: "mails" };

type EmailRow = Awaited<ReturnType<typeof findEmails>>["rows"][number];

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

export function OutboxFilters({ status }: { status: EmailStatus | undefined }) {
  return (
    <FilterBar action={outboxList.path} label="Filter the outbox" submitVariant="outline">
      <FilterField label="Status" htmlFor="status" className="w-full sm:w-56">
        <NativeSelect id="status" name="status" defaultValue={status ?? ""}>
          <option value="">All statuses</option>
          {EMAIL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {EMAIL_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
    </FilterBar>
  );
}

/** No mail with this status, or no mail at all yet. */
export function OutboxEmpty({ status }: { status: EmailStatus | undefined }) {
  return (
    <EmptyState
      icon={<MailIcon />}
      title={status ? `No ${EMAIL_STATUS_LABELS[status].toLowerCase()} mail` : "No mail yet"}
      description={
        status
          ? "Choose all statuses to see every mail."
          : "Mail appears here as soon as Bureau writes one: create a user to send a welcome mail, or send an invoice from its page."
      }
      action={
        status ? (
          <Button asChild variant="outline">
            <Link href={outboxList.path}>Show all mail</Link>
          </Button>
        ) : null
      }
    />
  );
}

/** One page of the outbox, newest first: when, what, to whom, whether it left, and why not. */
export function OutboxTable({ rows, firm }: { rows: EmailRow[]; firm: { locale: string; timezone: string } }) {
  return (
    <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
      <TableHeader>
        <TableRow>
          <TableHead from="sm">Written</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead from="md">To</TableHead>
          <TableHead>Status</TableHead>
          <TableHead figure from="sm">
            Tries
          </TableHead>
          <TableHead from="lg">About</TableHead>
          <TableHead from="lg">Last error</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const about = aboutHref(row.aboutType, row.aboutId);
          const aboutLabel = row.aboutType ? (ABOUT_LABELS[row.aboutType] ?? row.aboutType) : "—";
          const written = (
            <time dateTime={row.createdAt.toISOString()}>
              {formatDateTime(row.createdAt, firm.locale, firm.timezone, "short")}
            </time>
          );
          return (
            <TableRow key={row.id} className="align-top">
              <TableCell from="sm" className="align-top whitespace-nowrap tabular-nums">
                {written}
              </TableCell>
              <TableCell className="max-w-[16rem] align-top">
                <Link href={`/bo/outbox/${row.id}`} className={linkClass}>
                  {row.subject}
                </Link>
                {/* Below sm and md, the When and To columns move here. */}
                <div className="text-xs text-muted-foreground tabular-nums sm:hidden">{written}</div>
                <div className="text-xs text-muted-foreground md:hidden">{row.to.join(", ")}</div>
              </TableCell>
              <TableCell from="md" className="max-w-[14rem] align-top">
                {[...row.to, ...row.cc].join(", ")}
              </TableCell>
              <TableCell className="align-top">
                <EmailStatusBadge status={row.status} />
              </TableCell>
              <TableCell figure from="sm" className="align-top">
                {row.attempts}
              </TableCell>
              <TableCell from="lg" className="align-top">
                {about ? (
                  <Link href={about} className={linkClass}>
                    {aboutLabel}
                  </Link>
                ) : (
                  aboutLabel
                )}
              </TableCell>
              <TableCell from="lg" className="max-w-[16rem] align-top text-xs text-muted-foreground">
                {row.lastError ?? "—"}
              </TableCell>
              <TableCell className="align-top">
                {row.status === "failed" ? <RetryEmailButton id={row.id} /> : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
