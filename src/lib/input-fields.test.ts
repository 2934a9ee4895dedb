import { describe, expect, it } from "vitest";
import { z } from "zod";
import { whenValid } from "./input-fields";

const wholeNumber = z.string().transform((value, ctx) => {
  if (!/^\d+$/.test(value)) {
    ctx.addIssue({ code: "custom", message: "Enter a number." });
    return z.NEVER;
  }
  return Number(value);
});

const schema = z.object({ low: wholeNumber, high: wholeNumber, other: wholeNumber }).superRefine(
  (value, ctx) => {
    if (value.low > value.high) ctx.addIssue({ code: "custom", path: ["high"], message: "High is below low." });
  },
  { when: whenValid("low", "high") },
);

const messages = (input: unknown) => schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe("whenValid", () => {
  it("runs the refinement when another field fails to parse", () => {
    expect(messages({ low: "5", high: "1", other: "x" })).toEqual(["Enter a number.", "High is below low."]);
  });

  it("skips it while a field it reads is wrong", () => {
    expect(messages({ low: "x", high: "1", other: "1" })).toEqual(["Enter a number."]);
  });

  it("never runs it on an input that is no object", () => {
    expect(messages("\u0000")).toEqual(["Invalid input: expected object, received string"]);
    expect(messages(null)).toHaveLength(1);
  });

  it("runs it when everything parses", () => {
    expect(messages({ low: "5", high: "1", other: "1" })).toEqual(["High is below low."]);
    expect(messages({ low: "1", high: "5", other: "1" })).toEqual([]);
  });
});
