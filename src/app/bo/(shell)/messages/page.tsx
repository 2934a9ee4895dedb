import { InboxIcon } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/empty-state";
import { ListTabs } from "@/components/list/list-tabs";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { MESSAGE_TABS, MessageList } from "@/modules/messages/components/message-list";
import { countMessagesByStatus, findMessages, findReplies } from "@/modules/messages/message-queries";
import { currentMailIdentity } from "@/modules/mail/outbox";
import { messageList } from "@/modules/messages/message-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("messages.list");
  return { title: t("title") };
}

export default async function MessagesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("message.read");
  const { status, page, size } = messageList.parse(await searchParams);
  const db = getDb();
  const [messages, counts, settings, sender] = await Promise.all([
    findMessages(db, status, size, (page - 1) * size),
    countMessagesByStatus(db),
    getPageSettings(),
    currentMailIdentity(db, { senderId: viewer.id }),
  ]);
  const replies = await findReplies(
    db,
    messages.map((message) => message.id),
  );
  const t = await getTranslations("messages.list");

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <ListTabs
        label={t("tabsLabel")}
        tabs={MESSAGE_TABS.map((candidate) => ({
          href: messageList.href({ status: candidate }),
          label: (
            <>
              {t(`tabs.${candidate}.label`)}{" "}
              <span className="text-muted-foreground tabular-nums">({counts[candidate]})</span>
            </>
          ),
          current: candidate === status,
        }))}
      />
      <PagedList
        list={{ page, pageSize: size, total: counts[status], rows: messages }}
        noun={{ one: t("nounOne"), other: t("nounOther") }}
        locale={settings.locale}
        href={(target) => messageList.href({ status, page: target, size })}
        icon={<InboxIcon />}
        empty={
          <EmptyState
            icon={<InboxIcon />}
            title={t(`tabs.${status}.emptyTitle`)}
            description={t(`tabs.${status}.empty`)}
          />
        }
      >
        <MessageList messages={messages} replies={replies} firm={settings} sender={sender} />
      </PagedList>
    </div>
  );
}
