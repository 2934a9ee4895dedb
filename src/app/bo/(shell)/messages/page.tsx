import { InboxIcon, PhoneIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PastLastPage } from "@/components/list/past-last-page";
import { Badge } from "@/components/ui/badge";
import type { MessageStatus } from "@/db/schema";
import { getDb } from "@/db/client";
import { formatDateTime } from "@/lib/dates";
import { cn } from "@/lib/utils";
import { requirePageRole } from "@/lib/session";
import { MessageStatusButtons } from "@/modules/messages/components/message-status-buttons";
import { countMessagesByStatus, findMessages } from "@/modules/messages/message-queries";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Messages" };

const TABS: { status: MessageStatus; label: string; empty: string }[] = [
  { status: "new", label: "New", empty: "No new messages. Messages sent from the public contact page arrive here." },
  { status: "read", label: "Read", empty: "No read messages. Mark a new message as read once you have handled it." },
  { status: "archived", label: "Archived", empty: "Nothing archived yet." },
];
const CALL_STATUS_LABELS: Record<string, string> = {
  requested: "Requested",
  scheduled: "Scheduled",
  completed: "Completed",
  missed: "Missed",
  cancelled: "Cancelled",
};

export default async function MessagesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageRole(["admin", "manager"]);
  const query = await searchParams;
  const status = (TABS.find((tab) => tab.status === query.status)?.status ?? "new") as MessageStatus;
  const page = Math.max(1, Number(query.page) || 1);
  const db = getDb();
  const [messages, counts, settings] = await Promise.all([
    findMessages(db, status, 51, (page - 1) * 50),
    countMessagesByStatus(db),
    getPageSettings(),
  ]);
  const hasMore = messages.length > 50;
  const pages = Math.ceil(counts[status] / 50);
  const tab = TABS.find((candidate) => candidate.status === status)!;

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader
        title="Messages"
        description="What people wrote through the contact page. Call-back requests also appear as requested calls."
      />
      <nav aria-label="Message status" className="flex gap-1 border-b">
        {TABS.map((candidate) => (
          <Link
            key={candidate.status}
            href={`/bo/messages?status=${candidate.status}`}
            aria-current={candidate.status === status ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
              candidate.status === status
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {candidate.label} <span className="tabular-nums text-muted-foreground">({counts[candidate.status]})</span>
          </Link>
        ))}
      </nav>
      {messages.length === 0 && counts[status] > 0 ? (
        <PastLastPage
          page={page}
          total={counts[status]}
          pages={pages}
          noun={{ one: "message", other: "messages" }}
          locale={settings.locale}
          lastPageHref={`/bo/messages?status=${status}&page=${pages}`}
          icon={<InboxIcon />}
        />
      ) : messages.length === 0 ? (
        <EmptyState icon={<InboxIcon />} title={`No ${tab.label.toLowerCase()} messages`} description={tab.empty} />
      ) : (
        <ul className="grid gap-4">
          {messages.slice(0, 50).map((message) => (
            <li key={message.id}>
              <article aria-labelledby={`message-${message.id}`} className="grid gap-3 rounded-lg border p-4">
                <header className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 id={`message-${message.id}`} className="font-semibold break-words">
                      {message.subject}
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      {message.name}
                      {message.company ? ` · ${message.company}` : ""} ·{" "}
                      <a href={`mailto:${message.email}`} className="underline-offset-4 hover:underline">
                        {message.email}
                      </a>
                      {message.phone ? (
                        <>
                          {" · "}
                          <a href={`tel:${message.phone}`} className="tabular-nums underline-offset-4 hover:underline">
                            {message.phone}
                          </a>
                        </>
                      ) : null}
                    </p>
                  </div>
                  <time
                    dateTime={message.createdAt.toISOString()}
                    className="text-sm text-muted-foreground tabular-nums"
                  >
                    {formatDateTime(message.createdAt, settings.locale, settings.timezone)}
                  </time>
                </header>
                <p className="whitespace-pre-wrap break-words text-sm">{message.body}</p>
                <footer className="flex flex-wrap items-center justify-between gap-3">
                  {message.callId ? (
                    <Link
                      href={`/bo/calls?view=todo&q=${encodeURIComponent(message.subject)}`}
                      className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <PhoneIcon aria-hidden className="size-4" />
                      Call-back request
                      <Badge variant={message.callStatus === "requested" ? "warning" : "neutral"}>
                        {CALL_STATUS_LABELS[message.callStatus ?? ""] ?? "Call"}
                      </Badge>
                      <span className="sr-only">: open the call in Calls</span>
                    </Link>
                  ) : message.wantsCallback ? (
                    <span className="text-sm text-muted-foreground">Asked for a call back (the call was deleted).</span>
                  ) : (
                    <span />
                  )}
                  <MessageStatusButtons
                    id={message.id}
                    version={message.version}
                    status={message.status}
                    subject={message.subject}
                  />
                </footer>
              </article>
            </li>
          ))}
        </ul>
      )}
      {messages.length > 0 && (page > 1 || hasMore) ? (
        <nav aria-label="Pages" className="flex justify-between text-sm">
          {page > 1 ? <Link href={`/bo/messages?status=${status}&page=${page - 1}`}>← Newer</Link> : <span />}
          {hasMore ? <Link href={`/bo/messages?status=${status}&page=${page + 1}`}>Older →</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
