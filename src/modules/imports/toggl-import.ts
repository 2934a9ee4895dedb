// Toggl Track's detailed report CSV (Reports → Detailed → Export CSV; decision 054), mapped without
// I/O: User, Email, Client, Project, Task, Description, Billable, Start date, Start time, End date,
// End time, Duration (hh:mm:ss), Tags. The entry's day is its start date; it has no id column, so
// each row's source id is a SHA-256 of its content.
import { type CsvTable, findColumn, mapTimeTable, type ParsedImport, requireColumn } from "./import-rules";

const LABEL = "a Toggl Track detailed report";

export function mapTogglTime({ header, rows }: CsvTable): ParsedImport {
  return mapTimeTable(
    "toggl_time",
    "toggl",
    rows,
    {
      email: requireColumn(header, LABEL, "Email"),
      person: [findColumn(header, "User", "Member")],
      client: requireColumn(header, LABEL, "Client"),
      project: requireColumn(header, LABEL, "Project"),
      task: findColumn(header, "Task"),
      notes: findColumn(header, "Description"),
      billable: findColumn(header, "Billable"),
      date: requireColumn(header, LABEL, "Start date", "Start Date"),
      start: findColumn(header, "Start time", "Start Time"),
      duration: requireColumn(header, LABEL, "Duration"),
      id: findColumn(header, "Id", "Time entry ID"),
    },
    "ymd",
  );
}
