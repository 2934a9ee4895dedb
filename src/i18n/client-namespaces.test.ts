// The browser gets only the namespaces its hooks read (decision 067): the list must follow the code.
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script, without types.
import { clientNamespaces } from "../../scripts/i18n/client-namespaces.mjs";
import listed from "./client-namespaces.json";

describe("the namespaces sent to the browser", () => {
  it("are those of the useTranslations calls in src/ (run node scripts/i18n/client-namespaces.mjs)", () => {
    const { namespaces, problems } = clientNamespaces() as { namespaces: string[]; problems: string[] };
    expect(problems).toEqual([]);
    expect(listed).toEqual(namespaces);
  });
});
