// A record's history (an invoice's, a timesheet's, a user's): each event in words, who and when, and
// its figures, from the audit log (describeAuditEvents).
import { formatDateTime } from "@/lib/dates";
import type { AuditDescription } from "../audit-words";

export type DescribedEvent = {
  id: string;
  createdAt: Date;
  description: AuditDescription;
};

export function AuditHistoryList({
  events,
  locale,
  timezone,
}: {
  events: readonly DescribedEvent[];
  locale: string;
  timezone: string;
}) {
  return (
    <ol className="grid gap-3">
      {events.map((event) => (
        <li key={event.id} className="grid gap-0.5 border-l-2 pl-3 text-sm">
          <p>
            <span className="font-medium">{event.description.sentence}</span>
            <span className="text-muted-foreground"> {event.description.by}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={event.createdAt.toISOString()}>{formatDateTime(event.createdAt, locale, timezone)}</time>
          </p>
          {event.description.details.length > 0 ? (
            <ul className="text-xs break-words whitespace-pre-line text-muted-foreground">
              {event.description.details.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
