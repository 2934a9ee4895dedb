import { describe, expect, it } from "vitest";
import { schemaFieldErrors } from "@/lib/parse-input";
import { timesheetGridInput } from "./timesheet-schemas";

const PROJECT = "0190a8a0-0000-7000-8000-000000000001";
const row = (cells: string[]) => ({
  projectId: PROJECT,
  description: " Work ",
  billable: true,
  cells: [...cells, "", "", "", "", "", "", ""].slice(0, 7),
});
const issues = (input: unknown) => schemaFieldErrors(timesheetGridInput, input);

describe("the week grid schema (shared by the grid and the server)", () => {
  it("reads 1.5, 1,5 and 1:30 as 90 minutes, empty as no entry, and trims the description", () => {
    const parsed = timesheetGridInput.parse({ rows: [row(["1.5", "1,5", "1:30", "", "0"])] });
    expect(parsed).toEqual([
      { projectId: PROJECT, description: "Work", billable: true, minutes: [90, 90, 90, null, null, null, null] },
    ]);
  });

  it.each([
    ["25", "A day has at most 24 hours."],
    ["-1", "A duration cannot be negative."],
    ["1:75", "Minutes must be between 00 and 59, e.g. 1:30."],
    ["abc", "Enter hours like 7.5 or 7:30."],
  ])("refuses %j next to its cell", (value, message) => {
    expect(issues({ rows: [row(["", value])] })).toEqual({ "rows.0.cells.1": message });
  });

  it("refuses a day over 24 hours across rows, under the day's total", () => {
    expect(issues({ rows: [row(["12"]), row(["12:01"])] })).toEqual({
      "days.0": "The time logged on this day is more than 24 hours.",
    });
    expect(issues({ rows: [row(["12"]), row(["12"])] })).toEqual({});
  });

  it("shows a row without a project, a bad cell and a day over 24 hours at once", () => {
    expect(issues({ rows: [{ ...row(["12", "abc"]) }, { ...row(["12:01"]), projectId: "" }] })).toEqual({
      "rows.0.cells.1": "Enter hours like 7.5 or 7:30.",
      "rows.1.projectId": "Choose a project.",
      "days.0": "The time logged on this day is more than 24 hours.",
    });
  });

  it("needs a project on each row and seven cells", () => {
    expect(issues({ rows: [{ ...row(["1"]), projectId: "" }] })).toHaveProperty(["rows.0.projectId"]);
    expect(issues({ rows: [{ ...row(["1"]), cells: ["1"] }] })).toHaveProperty(["rows.0.cells"]);
  });
});
