import { describe, expect, it } from "vitest";
import { optionalPeppolIdInput, parsePeppolId } from "./peppol-id";

describe("Peppol participant IDs", () => {
  it("reads scheme:identifier with a scheme Peppol accepts", () => {
    expect(parsePeppolId("0208:0123456749")).toEqual({ scheme: "0208", value: "0123456749" });
    expect(parsePeppolId(" 9957 : FR32901234567 ")).toEqual({ scheme: "9957", value: "FR32901234567" });
    expect(parsePeppolId("0088:5790000435968")).toEqual({ scheme: "0088", value: "5790000435968" });
  });

  it("refuses another shape, an unknown scheme and an email address", () => {
    for (const text of ["", "0123456749", "EM:a@b.example", "1234:567", "0208:", "0208:01 23", "0208::1", null])
      expect(parsePeppolId(text), String(text)).toBeNull();
    // Invisible characters: a NUL (PostgreSQL refuses it in text), a zero-width space, a lone surrogate.
    for (const text of ["0208:0123\u00004567", "0208:\u0000", "0208:01234\u200b56749", "0208:0123\ud800"])
      expect(parsePeppolId(text), String(text)).toBeNull();
  });

  it("as a form field: empty is none, the value is stored without spaces, a wrong one is refused in words", () => {
    expect(optionalPeppolIdInput.parse("")).toBeNull();
    expect(optionalPeppolIdInput.parse(undefined)).toBeNull();
    expect(optionalPeppolIdInput.parse(" 0208 : 0123456749 ")).toBe("0208:0123456749");
    const refused = optionalPeppolIdInput.safeParse("EM:billing@acme.example");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/scheme code, a colon and the identifier/);
  });
});
