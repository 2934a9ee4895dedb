import type { Metadata } from "next";
import Link from "@/components/app-link";
import { MailIcon, MailWarningIcon } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { FormField } from "@/components/form-field";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { EMAIL_STATUSES, type EmailStatus } from "@/db/schema";
import { formatDateTime } from "@/lib/dates";
import { getConfig } from "@/lib/env";
import { requirePagePermission } from "@/lib/session";
import { EMAIL_STATUS_LABELS, EmailStatusBadge } from "@/modules/mail/components/email-status-badge";
import { RetryEmailButton } from "@/modules/mail/components/retry-email-button";
import { findEmails, parseEmailStatus } from "@/modules/mail/mail-queries";
import { ABOUT_LABELS, aboutHref } from "@/modules/mail/mail-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Outbox" };

const PAGE_SIZE = 50;
type SearchParams = { page?: string | string[]; status?: string | string[] };

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function pageHref(page: number, status: EmailStatus | undefined): string {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/bo/outbox?${text}` : "/bo/outbox";
}

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

export default async function OutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("outbox.read");
  const params = await searchParams;
  const status = parseEmailStatus(first(params.status));
  const requested = Number(first(params.page));
  const page = Number.isSafeInteger(requested) && requested >= 1 ? requested : 1;
  const db = getDb();
  const [settings, { rows, total }] = await Promise.all([
    getPageSettings(),
    findEmails(db, { status, page, pageSize: PAGE_SIZE }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const smtpConfigured = Boolean(getConfig().smtpUrl);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Outbox"
        description="Every mail Bureau writes: what it is about, whether it left, and why not."
      />

      {!smtpConfigured ? (
        <Alert variant="warning">
          <MailWarningIcon aria-hidden="true" />
          <AlertTitle>Mail is not being sent</AlertTitle>
          <AlertDescription>
            <p>
              SMTP is not configured (<code>SMTP_URL</code> is not set), so every mail is kept here as <em>captured</em>{" "}
              and never leaves Bureau. Set <code>SMTP_URL</code> and restart to send mail.
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      <form
        method="get"
        action="/bo/outbox"
        className="flex flex-wrap items-end gap-2"
        role="search"
        aria-label="Filter the outbox"
      >
        <FormField label="Status" htmlFor="status" className="w-full sm:w-56">
          <NativeSelect id="status" name="status" defaultValue={status ?? ""}>
            <option value="">All statuses</option>
            {EMAIL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {EMAIL_STATUS_LABELS[value]}
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
          icon={<MailIcon />}
          title={
            total > 0
              ? "No mail on this page"
              : status
                ? `No ${EMAIL_STATUS_LABELS[status].toLowerCase()} mail`
                : "No mail yet"
          }
          description={
            total > 0
              ? "This page is past the end of the outbox."
              : status
                ? "Choose all statuses to see every mail."
                : "Mail appears here as soon as Bureau writes one: create a user to send a welcome mail, or send an invoice from its page."
          }
          action={
            total > 0 || status ? (
              <Button asChild variant="outline">
                <Link href="/bo/outbox">Show all mail</Link>
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
            <TableHeader>
              <TableRow>
                <TableHead>Written</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead className="hidden md:table-cell">To</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Tries</TableHead>
                <TableHead className="hidden lg:table-cell">About</TableHead>
                <TableHead className="hidden lg:table-cell">Last error</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => {
                const about = aboutHref(row.aboutType, row.aboutId);
                const aboutLabel = row.aboutType ? (ABOUT_LABELS[row.aboutType] ?? row.aboutType) : "—";
                return (
                  <TableRow key={row.id} className="align-top">
                    <TableCell className="align-top whitespace-nowrap tabular-nums">
                      <time dateTime={row.createdAt.toISOString()}>
                        {formatDateTime(row.createdAt, settings.locale, settings.timezone, "short")}
                      </time>
                    </TableCell>
                    <TableCell className="max-w-[16rem] align-top break-words">
                      <Link href={`/bo/outbox/${row.id}`} className={linkClass}>
                        {row.subject}
                      </Link>
                      <div className="text-xs text-muted-foreground md:hidden">{row.to.join(", ")}</div>
                    </TableCell>
                    <TableCell className="hidden max-w-[14rem] align-top break-words md:table-cell">
                      {[...row.to, ...row.cc].join(", ")}
                    </TableCell>
                    <TableCell className="align-top">
                      <EmailStatusBadge status={row.status} />
                    </TableCell>
                    <TableCell className="hidden text-right align-top tabular-nums sm:table-cell">
                      {row.attempts}
                    </TableCell>
                    <TableCell className="hidden align-top lg:table-cell">
                      {about ? (
                        <Link href={about} className={linkClass}>
                          {aboutLabel}
                        </Link>
                      ) : (
                        aboutLabel
                      )}
                    </TableCell>
                    <TableCell className="hidden max-w-[16rem] align-top text-xs break-words text-muted-foreground lg:table-cell">
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
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="text-muted-foreground">
              Page {Math.min(page, pageCount)} of {pageCount} · {total} {total === 1 ? "mail" : "mails"}
            </p>
            <div className="flex gap-2">
              {page > 1 ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={pageHref(Math.min(page - 1, pageCount), status)} rel="prev">
                    Previous
                  </Link>
                </Button>
              ) : null}
              {page < pageCount ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={pageHref(page + 1, status)} rel="next">
                    Next
                  </Link>
                </Button>
              ) : null}
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
