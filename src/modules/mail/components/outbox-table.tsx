import { MailIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EMAIL_STATUSES, type EmailStatus } from "@/db/schema";
import { formatDateTime } from "@/lib/dates";
import type { findEmails } from "../mail-queries";
import { ABOUT_TYPES, aboutHref } from "../mail-schemas";
import { outboxList } from "../outbox-schemas";
import { EmailStatusBadge } from "./email-status-badge";
import { RetryEmailButton } from "./retry-email-button";

/** What a mail is about, in words: `outbox.about.<type>`; an unknown type as stored. */
export function useAboutLabel(): (type: string | null) => string {
  const t = useTranslations("outbox.about");
  return (type) => (type ? ((ABOUT_TYPES as readonly string[]).includes(type) ? t(type) : type) : "—");
}

type EmailRow = Awaited<ReturnType<typeof findEmails>>["rows"][number];

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

export function OutboxFilters({ status }: { status: EmailStatus | undefined }) {
  const t = useTranslations("outbox.list");
  const statusWord = useTranslations("outbox.status");
  return (
    <FilterBar action={outboxList.path} label={t("filterLabel")} submitVariant="outline">
      <FilterField label={t("status")} htmlFor="status" className="w-full sm:w-56">
        <NativeSelect id="status" name="status" defaultValue={status ?? ""}>
          <option value="">{t("allStatuses")}</option>
          {EMAIL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusWord(value)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
    </FilterBar>
  );
}

/** No mail with this status, or no mail at all yet. */
export function OutboxEmpty({ status }: { status: EmailStatus | undefined }) {
  const t = useTranslations("outbox.list");
  return (
    <EmptyState
      icon={<MailIcon />}
      title={status ? t("emptyStatusTitle", { status }) : t("emptyTitle")}
      description={status ? t("emptyStatusDescription") : t("emptyDescription")}
      action={
        status ? (
          <Button asChild variant="outline">
            <Link href={outboxList.path}>{t("showAll")}</Link>
          </Button>
        ) : null
      }
    />
  );
}

/** One page of the outbox, newest first: when, what, to whom, whether it left, and why not. */
export function OutboxTable({ rows, firm }: { rows: EmailRow[]; firm: { locale: string; timezone: string } }) {
  const t = useTranslations("outbox.list");
  const aboutLabelOf = useAboutLabel();
  return (
    <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
      <TableHeader>
        <TableRow>
          <TableHead from="sm">{t("written")}</TableHead>
          <TableHead>{t("subject")}</TableHead>
          <TableHead from="md">{t("to")}</TableHead>
          <TableHead>{t("status")}</TableHead>
          <TableHead figure from="sm">
            {t("tries")}
          </TableHead>
          <TableHead from="lg">{t("about")}</TableHead>
          <TableHead from="lg">{t("lastError")}</TableHead>
          <TableHead>
            <span className="sr-only">{t("actions")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const about = aboutHref(row.aboutType, row.aboutId);
          const aboutLabel = aboutLabelOf(row.aboutType);
          const written = (
            <time dateTime={row.createdAt.toISOString()}>
              {formatDateTime(row.createdAt, firm.locale, firm.timezone)}
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
