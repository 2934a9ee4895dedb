import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  choiceParam,
  dateParam,
  defineList,
  flagParam,
  idParam,
  MAX_PAGE,
  pageParam,
  pagingParams,
  searchParam,
  sizeParam,
} from "./search-params";

const list = defineList("/bo/things", {
  q: searchParam(),
  tab: choiceParam(["open", "closed"], "open"),
  kind: choiceParam(["a", "b"]),
  owner: idParam,
  from: dateParam,
  archived: flagParam,
  ...pagingParams,
});

describe("a list's URL parameters", () => {
  it("read a page as a whole number from 1 to MAX_PAGE, anything else as the first page", () => {
    for (const [text, page] of [
      ["3", 3],
      [" 7 ", 7],
      [String(MAX_PAGE), MAX_PAGE],
      [String(MAX_PAGE + 1), 1],
      ["0", 1],
      ["-2", 1],
      ["1e308", 1],
      ["1e400", 1],
      ["2.5", 1],
      ["0x10", 1],
      ["NaN", 1],
      ["Infinity", 1],
      ["99999999999999999999", 1],
      ["", 1],
    ] as const)
      expect(pageParam.parse(text), text).toBe(page);
    expect(pageParam.parse(["4", "9"])).toBe(4);
    expect(pageParam.parse(undefined)).toBe(1);
    expect(pageParam.parse(5)).toBe(1);
  });

  it("read a page size from 1 to 200, else the list's default", () => {
    expect(sizeParam().parse("200")).toBe(200);
    expect(sizeParam().parse("201")).toBe(50);
    expect(sizeParam(200).parse("1e308")).toBe(200);
  });

  it("keep what a stored text can hold in a search, and no more than 100 characters", () => {
    const search = searchParam();
    expect(search.parse("a\u0000b")).toBe("a b");
    expect(search.parse("  tab\there\r\nnext\u2028 ")).toBe("tab here  next");
    expect(search.parse("\u0000\u0007")).toBeUndefined();
    expect(search.parse("lone \ud800 surrogate \udc00")).toBe("lone   surrogate");
    expect(search.parse("emoji 👍🏽 kept")).toBe("emoji 👍🏽 kept");
    expect(search.parse("x".repeat(150))).toBe("x".repeat(100));
    // A cut never splits a character in two.
    expect(searchParam(3).parse("ab😀c")).toBe("ab😀");
  });

  it("read choices, ids, days and checkboxes, and nothing else", () => {
    expect(list.parse({})).toEqual({
      q: undefined,
      tab: "open",
      kind: undefined,
      owner: undefined,
      from: undefined,
      archived: false,
      page: 1,
      size: 50,
    });
    expect(
      list.parse({
        tab: "closed",
        kind: ["b", "a"],
        owner: "0190A8A0-0000-7000-8000-000000000000",
        from: "2026-02-28",
        archived: "1",
      }),
    ).toMatchObject({
      tab: "closed",
      kind: "b",
      owner: "0190A8A0-0000-7000-8000-000000000000",
      from: "2026-02-28",
      archived: true,
    });
    expect(
      list.parse({ tab: "Closed", kind: "c", owner: "'; drop table", from: "2026-02-30", archived: "yes" }),
    ).toMatchObject({ tab: "open", kind: undefined, owner: undefined, from: undefined, archived: false });
    expect(list.parse({ from: "0000-01-01" }).from).toBeUndefined();
  });

  // A property over 100 generated addresses: seconds when the machine is busy, so a longer timeout.
  it("turn any search params into a filter without throwing", () => {
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.constantFrom("1e308", "1e400", "-1", "\u0000", "%00", "NaN", "__proto__"),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("q", "tab", "kind", "owner", "from", "archived", "page", "size", "x"), value),
        (params) => {
          const values = list.parse(params as Record<string, string | string[] | undefined>);
          expect(Number.isInteger(values.page) && values.page >= 1 && values.page <= MAX_PAGE).toBe(true);
          expect(values.q ?? "").not.toMatch(/[\u0000-\u001f]/);
          // The address written from a parse reads back as the same values.
          expect(list.parse(Object.fromEntries(new URL(list.href(values), "http://x").searchParams))).toEqual(values);
        },
      ),
    );
  }, 30_000);

  it("write one address per filter: the schema's order, without the defaults", () => {
    expect(list.href({})).toBe("/bo/things");
    expect(list.href(list.parse({ page: "1", size: "50", tab: "open" }))).toBe("/bo/things");
    expect(list.href({ ...list.parse({}), page: 3, kind: "a", q: "a&b", archived: true, tab: "closed" })).toBe(
      "/bo/things?q=a%26b&tab=closed&kind=a&archived=1&page=3",
    );
    expect(list.query({ size: 20 })).toBe("?size=20");
    expect(list.query({ page: 1 })).toBe("");
  });
});
