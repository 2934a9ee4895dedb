import { PhoneIcon } from "lucide-react";
import Link from "@/components/app-link";
import type { Noun } from "@/components/list/pager";
import { Badge } from "@/components/ui/badge";
import type { MessageStatus } from "@/db/schema";
import { formatDateTime } from "@/lib/dates";
import { callList } from "@/modules/calls/call-schemas";
import type { MessageRow, ReplyRow } from "../message-queries";
import { MessageReplyDialog } from "./message-reply-dialog";
import { MessageStatusButtons } from "./message-status-buttons";

export const MESSAGE_NOUN: Noun = { one: "message", other: "messages" };

/** The inbox's tabs, and what each one says when it is empty. */
export const MESSAGE_TABS: { status: MessageStatus; label: string; empty: string }[] = [
  { status: "new", label: "New", empty: "No new messages. Messages sent from the public contact page arrive here." },
  { status: "answered", label: "Answered", empty: "No answered messages. A message you reply to moves here." },
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

/** One page of messages, newest first: who wrote, what, the call-back it asked for, and what to do with it. */
const EMAIL_STATUS_LABELS: Record<string, string> = {
  queued: "queued",
  sending: "sending",
  sent: "sent",
  failed: "not delivered",
  captured: "kept in the outbox (no SMTP)",
};

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
              <section aria-label={`Replies to ${message.subject}`} className="grid gap-2">
                {replies
                  .filter((reply) => reply.messageId === message.id)
                  .map((reply) => (
                    <div key={reply.id} className="grid gap-1 rounded-md border-l-4 border-primary bg-muted/50 p-3">
                      <p className="text-sm text-muted-foreground">
                        Reply by {reply.authorName} ·{" "}
                        <time dateTime={reply.createdAt.toISOString()} className="tabular-nums">
                          {formatDateTime(reply.createdAt, firm.locale, firm.timezone)}
                        </time>
                        {reply.emailStatus ? (
                          <>
                            {" · "}
                            <Link href={`/bo/outbox/${reply.emailId}`} className="underline underline-offset-4">
                              Mail {EMAIL_STATUS_LABELS[reply.emailStatus] ?? reply.emailStatus}
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
