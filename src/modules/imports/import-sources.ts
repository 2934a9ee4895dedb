// The sources and limits of imports (decision 054): plain data, safe in the browser.
export const IMPORT_SOURCES = [
  "harvest_time",
  "harvest_clients",
  "harvest_projects",
  "toggl_time",
  "kimai_time",
] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  harvest_time: "Harvest: detailed time report",
  harvest_clients: "Harvest: clients",
  harvest_projects: "Harvest: projects",
  toggl_time: "Toggl Track: detailed time entries",
  kimai_time: "Kimai: timesheet export",
};

/** A file is at most 5 MB and 50 000 rows: a few years of a small firm's time, checked in one transaction. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
