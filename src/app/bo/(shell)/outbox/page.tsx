import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MailIcon, MailWarningIcon } from "lucide-react";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { getDb } from "@/db/client";
import { getConfig } from "@/lib/env";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { OutboxEmpty, OutboxFilters, OutboxTable } from "@/modules/mail/components/outbox-table";
import { findEmails } from "@/modules/mail/mail-queries";
import { outboxList } from "@/modules/mail/outbox-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("outbox.list");
  return { title: t("title") };
}

export default async function OutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("outbox.read");
  const { status, page, size } = outboxList.parse(await searchParams);
  const db = getDb();
  const [settings, { rows, total }] = await Promise.all([
    getPageSettings(),
    findEmails(db, { status, page, pageSize: size }),
  ]);
  const smtpConfigured = Boolean(getConfig().smtpUrl);
  const t = await getTranslations("outbox.list");

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title={t("title")} description={t("description")} />

      {!smtpConfigured ? (
        <Alert variant="warning">
          <MailWarningIcon aria-hidden="true" />
          <AlertTitle>{t("notSentTitle")}</AlertTitle>
          <AlertDescription>
            <p>
              {t.rich("notSentText", {
                code: (chunks) => <code>{chunks}</code>,
                em: (chunks) => <em>{chunks}</em>,
              })}
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      <OutboxFilters status={status} />
      <PagedList
        list={{ page, pageSize: size, total, rows }}
        noun={{ one: t("nounOne"), other: t("nounOther") }}
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
