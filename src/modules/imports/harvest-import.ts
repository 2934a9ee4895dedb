// Harvest's CSV exports (decision 054), mapped without I/O: the detailed time report (Reports →
// Detailed time → Export: Date, Client, Project, Project Code, Task, Notes, Hours, Billable?,
// First Name, Last Name …), the clients list (Client Name or Client, Currency …) and the projects
// list (Client, Project, Project Code, Billable? / Billable, Hourly Rate …). Harvest's time report has
// no person email: an "Email" column added by hand is used when present, else the full name.
import {
  type CsvTable,
  checkName,
  emptyImport,
  findColumn,
  ImportFileError,
  mapTimeTable,
  type ParsedImport,
  readRate,
  readYesNo,
  requireColumn,
  sourceIdOf,
  valueOf,
} from "./import-rules";

const TIME = "a Harvest detailed time report";

export function mapHarvestTime({ header, rows }: CsvTable): ParsedImport {
  const columns = {
    date: requireColumn(header, TIME, "Date", "Spent Date"),
    client: requireColumn(header, TIME, "Client"),
    project: requireColumn(header, TIME, "Project"),
    duration: requireColumn(header, TIME, "Hours"),
    task: findColumn(header, "Task"),
    notes: findColumn(header, "Notes"),
    billable: findColumn(header, "Billable?", "Billable"),
    person: [findColumn(header, "First Name", "First name"), findColumn(header, "Last Name", "Last name")],
    email: findColumn(header, "Email", "E-mail", "Person Email"),
    id: findColumn(header, "Time Entry ID", "ID"),
    start: findColumn(header, "Started At", "Start Time"),
  };
  if (columns.email === null && columns.person[0] === null)
    throw new ImportFileError(`The file names no person: it needs an "Email" or a "First Name" column.`);
  return mapTimeTable("harvest_time", "harvest", rows, columns, "mdy");
}

export function mapHarvestClients({ header, rows }: CsvTable): ParsedImport {
  const name = requireColumn(header, "a Harvest clients export", "Client Name", "Client", "Name");
  const id = findColumn(header, "Client ID", "ID");
  const currency = findColumn(header, "Currency");
  const parsed = emptyImport("harvest_clients");
  const seen = new Map<string, number>();
  for (const row of rows) {
    const clientName = valueOf(row, name);
    const problem = checkName("client", clientName);
    if (problem) {
      parsed.refused.push({ line: row.line, reason: problem });
      continue;
    }
    const code = valueOf(row, currency).toUpperCase();
    parsed.clients.push({
      sourceId: sourceIdOf("harvest:client", valueOf(row, id), [clientName], seen),
      name: clientName,
      currency: /^[A-Z]{3}$/.test(code) ? code : null,
    });
  }
  return parsed;
}

export function mapHarvestProjects({ header, rows }: CsvTable): ParsedImport {
  const label = "a Harvest projects export";
  const client = requireColumn(header, label, "Client", "Client Name");
  const name = requireColumn(header, label, "Project", "Project Name", "Name");
  const id = findColumn(header, "Project ID", "ID");
  const code = findColumn(header, "Project Code", "Code");
  const billable = findColumn(header, "Billable?", "Billable");
  const rate = findColumn(header, "Hourly Rate", "Project Hourly Rate", "Billable Rate");
  const parsed = emptyImport("harvest_projects");
  const seen = new Map<string, number>();
  for (const row of rows) {
    const clientName = valueOf(row, client);
    const projectName = valueOf(row, name);
    const codeText = valueOf(row, code);
    const problem =
      checkName("client", clientName) ??
      checkName("project", projectName) ??
      (codeText === "" ? null : checkName("project code", codeText));
    if (problem) {
      parsed.refused.push({ line: row.line, reason: problem });
      continue;
    }
    parsed.projects.push({
      sourceId: sourceIdOf("harvest:project", valueOf(row, id), [clientName, projectName], seen),
      clientName,
      name: projectName,
      code: valueOf(row, code).slice(0, 50) || null,
      hourlyRate: readRate(valueOf(row, rate)),
      billable: readYesNo(valueOf(row, billable), true),
    });
  }
  return parsed;
}
