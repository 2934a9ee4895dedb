import { describe, expect, it } from "vitest";
import { schemaFieldErrors } from "@/lib/parse-input";
import { jobInput } from "./job-schemas";

const job = { title: "Senior consultant", workplace: "hybrid", employmentType: "full_time" };
const errors = (input: unknown) => schemaFieldErrors(jobInput, input);

describe("job schema", () => {
  it("reads the salary range in minor units", () => {
    expect(jobInput.parse({ ...job, salaryMin: "45000", salaryMax: "55000.50" })).toMatchObject({
      salaryMin: 4_500_000,
      salaryMax: 5_500_050,
    });
  });

  it("refuses a maximum below the minimum, also while another field is wrong", () => {
    expect(errors({ ...job, salaryMin: "50000", salaryMax: "40000" })).toEqual({
      salaryMax: "The maximum must be at least the minimum.",
    });
    expect(errors({ ...job, workplace: "moon", salaryMin: "50000", salaryMax: "40000" })).toEqual({
      workplace: "Choose a workplace.",
      salaryMax: "The maximum must be at least the minimum.",
    });
  });
});
