import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseImportFile } from "./import-parse";
import { detectSource, ImportFileError, readCsv, readDate, readDuration } from "./import-rules";

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/imports", name), "utf8");

describe("the shared readers", () => {
  it.each([
    ["1:30", 90],
    ["1.5", 90],
    ["1,5", 90],
    ["01:30:00", 90],
    ["0:45", 45],
    ["00:00:40", 1],
    ["2.25", 135],
    ["24:00:00", 1440],
  ])("reads the duration %s as %i minutes", (text, minutes) => {
    expect(readDuration(text)).toEqual({ ok: true, value: minutes });
  });

  it.each(["", "soon", "-1", "0", "00:00:20", "25:00:00", "1:75", "1.234"])("refuses the duration %j", (text) => {
    expect(readDuration(text).ok).toBe(false);
  });

  it("reads dates in each tool's format and refuses impossible ones", () => {
    expect(readDate("2026-10-05")).toEqual({ ok: true, value: "2026-10-05" });
    expect(readDate("2026-10-05 09:00:00")).toEqual({ ok: true, value: "2026-10-05" });
    expect(readDate("10/05/2026", "mdy")).toEqual({ ok: true, value: "2026-10-05" });
    expect(readDate("05/10/2026", "dmy")).toEqual({ ok: true, value: "2026-10-05" });
    expect(readDate("5.10.2026", "dmy")).toEqual({ ok: true, value: "2026-10-05" });
    expect(readDate("2026-13-40").ok).toBe(false);
    expect(readDate("31.02.2026", "dmy").ok).toBe(false);
    expect(readDate("10/05/2026").ok).toBe(false);
    expect(readDate("").ok).toBe(false);
  });

  it("reads quoted fields, semicolons and a byte-order mark", () => {
    const table = readCsv('\uFEFFA;B\n"x;1";"two\nlines"\n\n3;4\n');
    expect(table.header).toEqual(["A", "B"]);
    expect(table.rows).toEqual([
      { line: 2, values: { A: "x;1", B: "two\nlines" } },
      { line: 3, values: { A: "3", B: "4" } },
    ]);
  });
});

describe("each source's sample", () => {
  it("Toggl: four entries with hashed source ids, stable from one read to the next", () => {
    const parsed = parseImportFile("auto", fixture("toggl-detailed.csv"));
    expect(parsed.source).toBe("toggl_time");
    expect(parsed.refused).toEqual([]);
    expect(parsed.entries).toHaveLength(4);
    expect(parsed.entries[1]).toMatchObject({
      line: 3,
      email: "ada.lovelace@example.com",
      clientName: "Analytical Engines Ltd",
      projectName: "Difference engine",
      date: "2026-10-06",
      minutes: 135,
      description: 'Notes on the engine, part "G"',
      billable: true,
    });
    expect(parsed.entries[2]).toMatchObject({ billable: false, minutes: 60 });
    expect(parsed.entries[0]!.sourceId).toMatch(/^toggl:sha256:[0-9a-f]{64}$/);
    expect(parseImportFile("toggl_time", fixture("toggl-detailed.csv")).entries.map((entry) => entry.sourceId)).toEqual(
      parsed.entries.map((entry) => entry.sourceId),
    );
  });

  it("Toggl: two identical rows are two entries with two source ids", () => {
    const [header, row] = fixture("toggl-detailed.csv").split("\n");
    const parsed = parseImportFile("toggl_time", [header, row, row].join("\n"));
    expect(new Set(parsed.entries.map((entry) => entry.sourceId)).size).toBe(2);
  });

  it("Harvest time report: people by name, tasks kept in the description, decimal hours", () => {
    const parsed = parseImportFile("auto", fixture("harvest-time-report.csv"));
    expect(parsed.source).toBe("harvest_time");
    expect(parsed.entries.map((entry) => [entry.personName, entry.email, entry.minutes, entry.description])).toEqual([
      ["Ada Lovelace", null, 90, "Design: Sketches of the mill"],
      ["Ada Lovelace", null, 30, "Meetings: Kick-off"],
      ["Grace Hopper", null, 135, "Design"],
    ]);
    expect(parsed.entries[2]!.billable).toBe(false);
  });

  it("Harvest clients and projects", () => {
    const clients = parseImportFile("auto", fixture("harvest-clients.csv"));
    expect(clients.source).toBe("harvest_clients");
    expect(clients.clients.map((row) => [row.name, row.currency])).toEqual([
      ["Babbage & Co", "EUR"],
      ["Jacquard Looms", "EUR"],
    ]);
    const projects = parseImportFile("auto", fixture("harvest-projects.csv"));
    expect(projects.source).toBe("harvest_projects");
    expect(projects.projects.map((row) => [row.clientName, row.name, row.code, row.hourlyRate, row.billable])).toEqual([
      ["Jacquard Looms", "Punched cards", "CARDS", 9500, true],
      ["Jacquard Looms", "Loom audit", "AUDIT", null, false],
    ]);
  });

  it("Kimai: day-first dates, h:mm durations, activities in the description", () => {
    const parsed = parseImportFile("auto", fixture("kimai-timesheet.csv"));
    expect(parsed.source).toBe("kimai_time");
    expect(parsed.entries.map((entry) => [entry.personName, entry.date, entry.minutes, entry.description])).toEqual([
      ["Grace Hopper", "2026-10-26", 90, "Writing: Chapter 1"],
      ["Grace Hopper", "2026-10-27", 45, "Review"],
      ["Ada Lovelace", "2026-10-28", 120, "Training: Lecture"],
    ]);
  });

  it("refuses rows with their line and a reason in plain words", () => {
    const parsed = parseImportFile("toggl_time", fixture("toggl-refused-rows.csv"));
    expect(parsed.entries.map((entry) => entry.line)).toEqual([2, 3]);
    expect(parsed.refused).toEqual([
      { line: 4, reason: '"2026-13-40" is not a date this export writes.' },
      { line: 5, reason: expect.stringContaining('The duration "soon" is refused') },
    ]);
  });
});

describe("files that cannot be imported", () => {
  it("an unclosed quote", () => {
    expect(() => parseImportFile("auto", fixture("toggl-broken.csv"))).toThrow(ImportFileError);
  });

  it("a missing column, an empty file, an unknown header", () => {
    expect(() => parseImportFile("kimai_time", fixture("toggl-detailed.csv"))).toThrow(/no "Date" column/);
    expect(() => parseImportFile("auto", "")).toThrow(/empty/);
    expect(() => parseImportFile("auto", "Foo,Bar\n1,2\n")).toThrow(/does not recognise/);
  });

  it("more than 50 000 rows", () => {
    const text = `Client Name,Currency\n${"Acme,EUR\n".repeat(50_001)}`;
    expect(() => parseImportFile("harvest_clients", text)).toThrow(/at most 50000/);
  });

  it("detects each header", () => {
    expect(detectSource(["Date", "From", "To", "Duration", "User", "Customer", "Project"])).toBe("kimai_time");
    expect(detectSource(["Client", "Project", "Project Code"])).toBe("harvest_projects");
    expect(detectSource(["Name", "Email"])).toBeNull();
  });
});
