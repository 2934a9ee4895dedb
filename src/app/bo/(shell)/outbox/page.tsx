import type { Metadata } from "next";
import { MailIcon, MailWarningIcon } from "lucide-react";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { getDb } from "@/db/client";
import { getConfig } from "@/lib/env";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { MAIL_NOUN, OutboxEmpty, OutboxFilters, OutboxTable } from "@/modules/mail/components/outbox-table";
import { findEmails } from "@/modules/mail/mail-queries";
import { outboxList } from "@/modules/mail/outbox-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Outbox" };

export default async function OutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("outbox.read");
  const { status, page, size } = outboxList.parse(await searchParams);
  const db = getDb();
  const [settings, { rows, total }] = await Promise.all([
    getPageSettings(),
    findEmails(db, { status, page, pageSize: size }),
  ]);
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

      <OutboxFilters status={status} />
      <PagedList
        list={{ page, pageSize: size, total, rows }}
        noun={MAIL_NOUN}
        locale={settings.locale}
        href={(target) => outboxList.href({ status, page: target, size })}
        icon={<MailIcon />}
        empty={<OutboxEmpty status={status} />}
      >
        <OutboxTable rows={rows} firm={settings} />
      </PagedList>
    </div>
  );
}
