import { PhoneIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { Badge } from "@/components/ui/badge";
import type { MessageStatus } from "@/db/schema";
import { formatDateTime } from "@/lib/dates";
import { callList } from "@/modules/calls/call-schemas";
import type { MessageRow, ReplyRow } from "../message-queries";
import { MessageReplyDialog } from "./message-reply-dialog";
import { MessageStatusButtons } from "./message-status-buttons";

/** The inbox's tabs, in order; their words and empty states are `messages.list.tabs.<status>`. */
export const MESSAGE_TABS: MessageStatus[] = ["new", "answered", "read", "archived"];

const CALL_STATUSES = ["requested", "scheduled", "completed", "missed", "cancelled"];
const EMAIL_STATUSES = ["queued", "sending", "sent", "failed", "captured"];

/** One page of messages, newest first: who wrote, what, the call-back it asked for, and what to do with it. */
export function MessageList({
  messages,
  replies,
  firm,
  sender,
}: {
  messages: MessageRow[];
  replies: ReplyRow[];
  firm: { locale: string; timezone: string };
  sender: { from: string; replyTo: string | null };
}) {
  const t = useTranslations("messages.list");
  return (
    <ul className="grid gap-4">
      {messages.map((message) => (
        <li key={message.id}>
          <article aria-labelledby={`message-${message.id}`} className="grid gap-3 rounded-lg border p-4">
            <header className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 id={`message-${message.id}`} className="font-semibold break-words">
                  {message.subject}
                </h2>
                <p className="text-sm break-words text-muted-foreground">
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
              <time dateTime={message.createdAt.toISOString()} className="text-sm text-muted-foreground tabular-nums">
                {formatDateTime(message.createdAt, firm.locale, firm.timezone)}
              </time>
            </header>
            <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
            {replies.some((reply) => reply.messageId === message.id) ? (
              <section aria-label={t("replies", { subject: message.subject })} className="grid gap-2">
                {replies
                  .filter((reply) => reply.messageId === message.id)
                  .map((reply) => (
                    <div key={reply.id} className="grid gap-1 rounded-md border-l-4 border-primary bg-muted/50 p-3">
                      <p className="text-sm text-muted-foreground">
                        {t("replyBy", { name: reply.authorName })} ·{" "}
                        <time dateTime={reply.createdAt.toISOString()} className="tabular-nums">
                          {formatDateTime(reply.createdAt, firm.locale, firm.timezone)}
                        </time>
                        {reply.emailStatus ? (
                          <>
                            {" · "}
                            <Link href={`/bo/outbox/${reply.emailId}`} className="underline underline-offset-4">
                              {EMAIL_STATUSES.includes(reply.emailStatus)
                                ? t(`mailStatus.${reply.emailStatus}`)
                                : reply.emailStatus}
                            </Link>
                          </>
                        ) : null}
                      </p>
                      <p className="text-sm font-medium break-words">{reply.subject}</p>
                      <p className="text-sm break-words whitespace-pre-wrap">{reply.body}</p>
                    </div>
                  ))}
              </section>
            ) : null}
            <footer className="flex flex-wrap items-center justify-between gap-3">
              {message.callId ? (
                <Link
                  href={callList.href({ view: "todo", q: message.subject })}
                  className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  <PhoneIcon aria-hidden className="size-4" />
                  {t("callbackRequest")}
                  <Badge variant={message.callStatus === "requested" ? "warning" : "neutral"}>
                    {CALL_STATUSES.includes(message.callStatus ?? "")
                      ? t(`callStatus.${message.callStatus}`)
                      : t("callStatus.other")}
                  </Badge>
                  <span className="sr-only">{t("openCall")}</span>
                </Link>
              ) : message.wantsCallback ? (
                <span className="text-sm text-muted-foreground">{t("callDeleted")}</span>
              ) : (
                <span />
              )}
              <div className="flex flex-wrap gap-2">
                <MessageReplyDialog id={message.id} subject={message.subject} to={message.email} from={sender} />
                <MessageStatusButtons
                  id={message.id}
                  version={message.version}
                  status={message.status}
                  subject={message.subject}
                />
              </div>
            </footer>
          </article>
        </li>
      ))}
    </ul>
  );
}
