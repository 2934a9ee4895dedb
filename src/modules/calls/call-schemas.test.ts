import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFilters } from "./call-queries";
import { callListQuery } from "./call-schemas";

describe("the call list's URL", () => {
  it("keeps only real days, from 1900 on, in the date filters", () => {
    expect(callListQuery.parse({ from: "2026-02-30", to: "0000-01-01" })).toMatchObject({
      from: undefined,
      to: undefined,
    });
    expect(callListQuery.parse({ from: "2026-02-28", to: ["2026-03-01", "x"] })).toMatchObject({
      from: "2026-02-28",
      to: "2026-03-01",
    });
    // "Before the day after" the last day there is would be a day that cannot be written.
    expect(callListQuery.parse({ to: "9999-12-31" }).to).toBeUndefined();
  });

  it("turns any search params into filters without throwing (an impossible day was a 500)", () => {
    const param = fc.oneof(
      fc.string(),
      fc.constantFrom("2026-02-30", "0000-01-01", "9999-12-31", "1900-01-01", "2026-03-29"),
      fc.array(fc.string(), { maxLength: 2 }),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            from: param,
            to: param,
            q: param,
            view: param,
            status: param,
            direction: param,
            person: param,
            client: param,
          },
          { requiredKeys: [] },
        ),
        (params) => {
          const query = callListQuery.parse(params);
          expect(() =>
            callFilters({ ...query, viewerId: "0190a8a0-0000-7000-8000-000000000000", timeZone: "Pacific/Kiritimati" }),
          ).not.toThrow();
        },
      ),
    );
  });
});
