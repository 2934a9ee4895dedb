import { describe, expect, it } from "vitest";
import { canTransitionJob, isJobPublic, monthsBefore, nextFreeSlug, sanitiseFileName, slugify } from "./job-rules";

describe("job rules", () => {
  it("makes slugs from titles", () => {
    expect(slugify("Senior Développeuse (Paris) — React/Node")).toBe("senior-developpeuse-paris-react-node");
    expect(slugify("!!!")).toBe("job");
    expect(nextFreeSlug("designer", new Set(["designer", "designer-2"]))).toBe("designer-3");
  });
  it("shows only published jobs not past their closing date", () => {
    expect(isJobPublic({ status: "published", closesOn: null }, "2026-03-02")).toBe(true);
    expect(isJobPublic({ status: "published", closesOn: "2026-03-02" }, "2026-03-02")).toBe(true);
    expect(isJobPublic({ status: "published", closesOn: "2026-03-01" }, "2026-03-02")).toBe(false);
    expect(isJobPublic({ status: "draft", closesOn: null }, "2026-03-02")).toBe(false);
    expect(isJobPublic({ status: "closed", closesOn: null }, "2026-03-02")).toBe(false);
  });
  it("follows draft → published → closed → published", () => {
    expect(canTransitionJob("draft", "publish")).toBe(true);
    expect(canTransitionJob("published", "publish")).toBe(false);
    expect(canTransitionJob("published", "close")).toBe(true);
    expect(canTransitionJob("closed", "reopen")).toBe(true);
    expect(canTransitionJob("draft", "reopen")).toBe(false);
  });
  it("sanitises uploaded file names", () => {
    expect(sanitiseFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitiseFileName('C:\\Users\\me\\Mon CV "final".pdf')).toBe("Mon CV _final_.pdf");
    expect(sanitiseFileName(".htaccess")).toBe("htaccess");
    expect(sanitiseFileName("")).toBe("cv");
  });
  it("computes the retention cut-off in calendar months", () => {
    expect(monthsBefore(new Date("2026-03-31T12:00:00Z"), 1).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-02T00:00:00Z"), 12).toISOString()).toBe("2025-03-02T00:00:00.000Z");
  });
});
