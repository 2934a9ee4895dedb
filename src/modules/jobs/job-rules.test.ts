import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canTransitionJob, isJobPublic, isSlug, nextFreeSlug, sanitiseFileName, slugify } from "./job-rules";

describe("job rules", () => {
  it("recognises every slug it makes, and nothing else a URL may carry", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.nat({ max: 20 }), (title, taken) => {
        const base = slugify(title);
        expect(isSlug(base)).toBe(true);
        const used = new Set([base, ...Array.from({ length: taken }, (_, index) => `${base}-${index + 2}`)]);
        expect(isSlug(nextFreeSlug(base, used))).toBe(true);
      }),
    );
    for (const value of ["", "\u0000", "a/b", "../a", "A", "a--b", "-a", "a-", "%00", "a".repeat(101)])
      expect(isSlug(value)).toBe(false);
  });

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
    expect(canTransitionJob("draft", "publish")).toEqual({ ok: true });
    expect(canTransitionJob("published", "publish")).toStrictEqual({
      ok: false,
      code: "job.transition_not_allowed",
      message: "A published job cannot be published.",
    });
    expect(canTransitionJob("published", "close")).toEqual({ ok: true });
    expect(canTransitionJob("closed", "reopen")).toEqual({ ok: true });
    expect(canTransitionJob("draft", "reopen")).toStrictEqual({
      ok: false,
      code: "job.transition_not_allowed",
      message: "A draft job cannot be re-opened.",
    });
  });
  it("sanitises uploaded file names", () => {
    expect(sanitiseFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitiseFileName('C:\\Users\\me\\Mon CV "final".pdf')).toBe("Mon CV _final_.pdf");
    expect(sanitiseFileName(".htaccess")).toBe("htaccess");
    expect(sanitiseFileName("")).toBe("cv");
    // Control characters and header syntax never survive (the name is only ever shown, never used to store or serve).
    expect(sanitiseFileName("cv.pdf\0.exe")).toBe("cv.pdf_.exe");
    expect(sanitiseFileName('a\r\nSet-Cookie: x=1"; b.pdf')).toBe("a_Set-Cookie_ x_1_ b.pdf");
    expect(sanitiseFileName("..\\..\\windows\\x.pdf")).toBe("x.pdf");
    expect(sanitiseFileName("<img src=x onerror=alert(1)>.pdf")).toBe("img src_x onerror_alert_1_.pdf");
  });
});
