// From a file's text and the chosen source to what it holds (decision 054), without I/O.
import { mapHarvestClients, mapHarvestProjects, mapHarvestTime } from "./harvest-import";
import {
  type CsvTable,
  detectSource,
  type ImportSource,
  ImportFileError,
  type ParsedImport,
  readCsv,
} from "./import-rules";
import { IMPORT_SOURCE_LABELS } from "./import-sources";
import { mapKimaiTime } from "./kimai-import";
import { mapTogglTime } from "./toggl-import";

const MAPPERS: Record<ImportSource, (table: CsvTable) => ParsedImport> = {
  harvest_time: mapHarvestTime,
  harvest_clients: mapHarvestClients,
  harvest_projects: mapHarvestProjects,
  toggl_time: mapTogglTime,
  kimai_time: mapKimaiTime,
};

/** Reads the file as `source` ("auto": from its header); throws ImportFileError when it cannot be imported at all. */
export function parseImportFile(source: ImportSource | "auto", text: string): ParsedImport {
  const table = readCsv(text);
  const chosen = source === "auto" ? detectSource(table.header) : source;
  if (chosen === null)
    throw new ImportFileError(
      `Bureau does not recognise this export from its columns (${table.header.join(", ")}); choose its source.`,
    );
  try {
    return MAPPERS[chosen](table);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(`${IMPORT_SOURCE_LABELS[chosen]}: ${(error as Error).message}`);
  }
}
