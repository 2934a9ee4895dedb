import "server-only";
import { formatDate, weekDays } from "@/lib/dates";
import type { ClientOption } from "@/modules/clients/client-queries";
import type { GridDay, GridProjectGroup, GridRowValue } from "./components/timesheet-grid";
import { formatDuration } from "./timesheet-rules";
import type { TimesheetDetail } from "./timesheet-queries";

// Turns database rows into what the grid shows: day headings, project groups, and rows.

const dayHeading = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = dayHeading.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    dayHeading.set(key, made);
  }
  return made;
}

export function gridDays(weekStart: string, locale: string): GridDay[] {
  const short = formatter(locale, { weekday: "short", day: "numeric" });
  const weekday = formatter(locale, { weekday: "short" });
  const dayOfMonth = formatter(locale, { day: "numeric" });
  return weekDays(weekStart).map((date) => {
    const midnight = new Date(`${date}T00:00:00Z`);
    return {
      date,
      short: short.format(midnight),
      long: formatDate(date, locale, "UTC", "full"),
      weekday: weekday.format(midnight),
      dayOfMonth: dayOfMonth.format(midnight),
    };
  });
}

/** Active clients' projects, plus any archived project that the week's entries still use (shown, not selectable). */
export function gridGroups(options: ClientOption[], entries: TimesheetDetail["entries"] = []): GridProjectGroup[] {
  const groups: GridProjectGroup[] = options.map((option) => ({
    clientName: option.name,
    projects: option.projects.map((item) => ({ ...item })),
  }));
  const known = new Set(options.flatMap((option) => option.projects.map((item) => item.id)));
  for (const entry of entries) {
    if (known.has(entry.projectId)) continue;
    known.add(entry.projectId);
    let group = groups.find((item) => item.clientName === entry.clientName);
    if (!group) {
      group = { clientName: entry.clientName, projects: [] };
      groups.push(group);
    }
    group.projects.push({
      id: entry.projectId,
      name: entry.projectName,
      billableByDefault: entry.billable,
      archived: entry.projectArchived,
    });
  }
  return groups;
}

/**
 * Entries back into rows: entries saved from one grid row share its position; entries added one
 * by one (calls) join the first row with the same project, description and billable flag whose
 * cell for that day is still free.
 */
export function gridRows(entries: TimesheetDetail["entries"], weekStart: string, locale: string): GridRowValue[] {
  const days = weekDays(weekStart);
  const rows: (GridRowValue & { signature: string })[] = [];
  for (const entry of entries) {
    const signature = `${entry.projectId}|${entry.description ?? ""}|${entry.billable}`;
    const day = days.indexOf(entry.date);
    if (day < 0) continue;
    let row = rows.find((item) => item.signature === signature && item.cells[day] === "");
    if (!row) {
      row = {
        signature,
        projectId: entry.projectId,
        description: entry.description ?? "",
        billable: entry.billable,
        cells: days.map(() => ""),
      };
      rows.push(row);
    }
    row.cells[day] = formatDuration(entry.minutes, "cell", locale);
  }
  return rows.map((row) => ({
    projectId: row.projectId,
    description: row.description,
    billable: row.billable,
    cells: row.cells,
  }));
}
