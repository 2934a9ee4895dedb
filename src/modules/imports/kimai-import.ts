// Kimai's timesheet export as CSV (Times → Export → CSV; decision 054), mapped without I/O: Date,
// From, To, Duration (h:mm, or decimal hours), User, E-mail when exported, Customer, Project,
// Activity, Description, Billable, Exported, Tags. Dates are ISO or day first ("02.11.2026").
import { type CsvTable, findColumn, mapTimeTable, type ParsedImport, requireColumn } from "./import-rules";

const LABEL = "a Kimai timesheet export";

export function mapKimaiTime({ header, rows }: CsvTable): ParsedImport {
  return mapTimeTable(
    "kimai_time",
    "kimai",
    rows,
    {
      date: requireColumn(header, LABEL, "Date"),
      start: findColumn(header, "From", "Begin"),
      duration: requireColumn(header, LABEL, "Duration"),
      person: [findColumn(header, "User", "Name", "Username")],
      email: findColumn(header, "E-mail", "Email"),
      client: requireColumn(header, LABEL, "Customer"),
      project: requireColumn(header, LABEL, "Project"),
      task: findColumn(header, "Activity"),
      notes: findColumn(header, "Description"),
      billable: findColumn(header, "Billable"),
      id: findColumn(header, "ID", "Id"),
    },
    "dmy",
  );
}
