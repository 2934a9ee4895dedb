// Approved time billed on an invoice: unbilled entries grouped into lines (per project, per person
// or per entry), each line keeping the ids of the entries it bills. Pure: linking the entries to
// the lines, once, is invoice-mutations.ts's.
import { type DateString, formatDate } from "@/lib/dates";
import { quantityMilliFromMinutes } from "./invoice-amounts";

export type UnbilledEntry = {
  id: string;
  projectId: string;
  projectName: string;
  userId: string;
  userName: string;
  date: DateString;
  minutes: number;
  description: string | null;
  /** Frozen at approval; null only for entries approved without any rate configured. */
  hourlyRate: number | null;
};

export type TimeGrouping = "project" | "person" | "entry";
export const TIME_GROUPINGS = ["project", "person", "entry"] as const satisfies readonly TimeGrouping[];

export type TimeLineDraft = {
  description: string;
  quantityMilli: number;
  unit: "hour";
  unitPriceMinor: number;
  timeEntryIds: string[];
};

const MAX_LINE_DESCRIPTION = 500;

function clip(text: string): string {
  return text.length <= MAX_LINE_DESCRIPTION ? text : `${text.slice(0, MAX_LINE_DESCRIPTION - 1)}…`;
}

/** A date as the document prints it: in the invoice's locale, long ("16 November 2026"), never ISO. */
function documentDate(date: DateString, locale: string): string {
  return formatDate(date, locale, "UTC", "long");
}

function dateRange(dates: DateString[], locale: string): string {
  const sorted = [...dates].sort();
  const first = sorted[0] ?? "";
  const last = sorted[sorted.length - 1] ?? "";
  return first === last
    ? documentDate(first, locale)
    : `${documentDate(first, locale)} to ${documentDate(last, locale)}`;
}

/**
 * Turns approved entries into invoice lines: one per project, per person or per entry. Entries
 * at different hourly rates never share a line (a line has one unit price). The quantity is the
 * group's total minutes in hours, rounded half-up to the thousandth once per line, so grouping
 * loses less than rounding entry by entry. Lines come out in a stable order (first date, then
 * name), and each keeps the ids of the entries it bills. Dates in the descriptions follow the
 * invoice's locale (the firm's), as every other date on the document.
 */
export function groupUnbilledEntries(
  entries: readonly UnbilledEntry[],
  grouping: TimeGrouping,
  locale: string,
): TimeLineDraft[] {
  type Group = { key: string; entries: UnbilledEntry[]; rate: number };
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    const rate = entry.hourlyRate ?? 0;
    let key: string;
    switch (grouping) {
      case "project":
        key = `${entry.projectId}|${rate}`;
        break;
      case "person":
        key = `${entry.userId}|${rate}`;
        break;
      case "entry":
        key = entry.id;
        break;
      default: {
        const unreachable: never = grouping;
        throw new Error(`Unknown grouping: ${String(unreachable)}`);
      }
    }
    const group = groups.get(key) ?? { key, entries: [], rate };
    group.entries.push(entry);
    groups.set(key, group);
  }
  const describe = (group: Group): string => {
    const first = group.entries[0]!;
    const period = dateRange(
      group.entries.map((entry) => entry.date),
      locale,
    );
    switch (grouping) {
      case "project":
        return `${first.projectName}: time ${period}`;
      case "person": {
        const projects = [...new Set(group.entries.map((entry) => entry.projectName))].sort().join(", ");
        return `${first.userName} (${projects}): time ${period}`;
      }
      case "entry":
        return `${first.projectName}, ${first.userName}, ${documentDate(first.date, locale)}${first.description ? `: ${first.description}` : ""}`;
      default: {
        const unreachable: never = grouping;
        throw new Error(`Unknown grouping: ${String(unreachable)}`);
      }
    }
  };
  return [...groups.values()]
    .map((group) => {
      const minutes = group.entries.reduce((sum, entry) => sum + entry.minutes, 0);
      const firstDate = group.entries.map((entry) => entry.date).sort()[0] ?? "";
      return {
        sortKey: `${firstDate}|${describe(group)}`,
        line: {
          description: clip(describe(group)),
          quantityMilli: quantityMilliFromMinutes(minutes),
          unit: "hour" as const,
          unitPriceMinor: group.rate,
          timeEntryIds: group.entries.map((entry) => entry.id),
        },
      };
    })
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
    .map((item) => item.line);
}
