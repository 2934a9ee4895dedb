import { describe, expect, it } from "vitest";
import { schemaFieldErrors } from "@/lib/parse-input";
import { applicationInput, jobInput, readWebAddress } from "./job-schemas";

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

describe("application links", () => {
  it("reads an address typed without a scheme as https, and refuses what is not a web address", () => {
    expect(readWebAddress("linkedin.com/in/ada")).toBe("https://linkedin.com/in/ada");
    expect(readWebAddress("http://ada.example")).toBe("http://ada.example");
    expect(readWebAddress("javascript:alert(1)")).toBeNull();
    expect(readWebAddress("mailto:ada@example.com")).toBeNull();
    expect(readWebAddress("not a link")).toBeNull();
    expect(readWebAddress("localhost")).toBeNull();
  });

  it("names the box of a faulty link, so only that one is marked", () => {
    const parsed = applicationInput.safeParse({
      name: "Ada",
      email: "ada@example.com",
      links: ["github.com/ada", "", "not a link"],
      consent: "on",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["links.2"]);
    expect(
      applicationInput.parse({ name: "Ada", email: "ada@example.com", links: ["github.com/ada", ""], consent: "on" })
        .links,
    ).toEqual(["https://github.com/ada"]);
  });
});
