// Fuzzes every list page's URL parameters (see lists.ts): whatever the address holds, the page's
// parse gives parameters its reads can run, the page asked for is a whole number from 1 to
// MAX_PAGE (anything else is the first page), and a page past the last one reads no row.
// FUZZ_SEED and FUZZ_RUNS work as in harness.ts.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE } from "../../../src/lib/search-params";
import { setUpDatabase, tearDownDatabase } from "../../support/fixtures";
import type { TestDatabase } from "../../support/test-db";
import { AMOUNTS, hostileId, hostileString, PROTOTYPE_KEYS } from "./arbitraries";
import { type FuzzContext, preview, setUpFuzzContext } from "./harness";
import { LIST_CASES, type ListAnswer } from "./lists";

const root = path.resolve(import.meta.dirname, "../../..");
const shell = path.join(root, "src/app/bo/(shell)");
const runSeed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const numRuns = Number(process.env.FUZZ_RUNS) || 40;

type Params = Record<string, string | string[] | undefined>;

/** The routes of the back office's pages that read search params. */
function listPages(directory = shell): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return listPages(full);
    if (entry.name !== "page.tsx" || !fs.readFileSync(full, "utf8").includes("searchParams")) return [];
    const route = path.relative(shell, path.dirname(full)).split(path.sep).join("/");
    return [route ? `/bo/${route}` : "/bo"];
  });
}

/** Whether a raw page parameter names a page the list serves (else the list reads the first page). */
function isServedPage(raw: string | string[] | undefined): boolean {
  const first = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  return /^\d{1,15}$/.test(first) && Number(first) >= 1 && Number(first) <= MAX_PAGE;
}

// Pages that read search params but show no list: the dashboard's chart currency, the account's
// "password change required", the new timesheet's week and person, the new invoice's (and new
// recurring invoice's, and new quote's) client, a week's view and day (week grid or day view; a day outside the week
// falls back, see timesheet-day.int.test.ts).
const NOT_LISTS = [
  "/bo",
  "/bo/account",
  "/bo/timesheets/create",
  "/bo/invoices/create",
  "/bo/invoices/recurring/create",
  "/bo/quotes/create",
  "/bo/timesheets/[id]",
];

describe("the list registry", () => {
  it("has a case for every back-office page that reads search params", () => {
    const missing = listPages().filter((route) => !NOT_LISTS.includes(route) && !(route in LIST_CASES));
    expect(missing, "add these lists to tests/integration/fuzz/lists.ts").toEqual([]);
  });

  it("finds each case's definition parsing that page's parameters", () => {
    for (const [route, listCase] of Object.entries(LIST_CASES)) {
      expect(listCase.list.path, route).toBe(route);
      const source = fs.readFileSync(path.join(root, listCase.file), "utf8");
      expect(source, `${listCase.file} parses with ${listCase.definition}`).toContain(`${listCase.definition}.parse(`);
    }
  });
});

describe(`fuzz list parameters on ${process.env.TEST_DB}`, () => {
  let database: TestDatabase;
  let ctx: FuzzContext;
  beforeAll(async () => {
    const setUp = await setUpDatabase();
    database = setUp.database;
    ctx = await setUpFuzzContext(database, setUp.admin);
  });
  afterAll(async () => {
    await tearDownDatabase(database);
  });

  async function answer(
    route: string,
    params: Params,
  ): Promise<{ parsed: Record<string, unknown>; answer: ListAnswer }> {
    const listCase = LIST_CASES[route]!;
    const parsed = listCase.list.parse(params);
    try {
      return { parsed, answer: await listCase.read(ctx, parsed as never) };
    } catch (error) {
      throw new Error(`${route}: ${preview(params)} → ${preview(parsed)}: ${String(error)}`, { cause: error });
    }
  }

  for (const route of Object.keys(LIST_CASES)) {
    const keys = Object.keys(LIST_CASES[route]!.list.schema.shape);
    const isPaged = keys.includes("page");

    it(`${route}: a NUL byte, a huge or a non-numeric page answer the first page or an empty list`, async () => {
      const cases: Params[] = [
        ...keys.map((key) => ({ [key]: "a\u0000b" })),
        { q: "%00" },
        { page: "1e308" },
        { page: "1e400" },
        { page: "-1" },
        { page: "abc" },
        { page: "9".repeat(40) },
        { size: "1e308" },
        { page: ["1e308", "2"] },
      ];
      for (const params of cases) {
        const { parsed, answer: result } = await answer(route, params);
        if (isPaged && !isServedPage(params.page)) {
          expect(parsed.page, preview(params)).toBe(1);
          if (result.page !== undefined) expect(result.page, preview(params)).toBe(1);
        }
      }
      if (isPaged) {
        const { answer: past } = await answer(route, { page: String(MAX_PAGE) });
        expect(past.rows, `${route}?page=${MAX_PAGE}`).toBe(0);
      }
    });

    it(`${route}: any parameters parse, read, and write back the same address`, async () => {
      const value = fc.oneof(
        { weight: 4, arbitrary: hostileString },
        { weight: 1, arbitrary: fc.array(hostileString, { minLength: 1, maxLength: 3 }) },
        { weight: 2, arbitrary: fc.constantFrom(...AMOUNTS, "1e308", "1e400", "0", "2", String(MAX_PAGE + 1)) },
        { weight: 1, arbitrary: hostileId(ctx.pool).filter((id): id is string => typeof id === "string") },
      );
      const params = fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.constantFrom(...PROTOTYPE_KEYS)), value, {
        maxKeys: 6,
      }) as fc.Arbitrary<Params>;
      await fc
        .assert(
          fc.asyncProperty(params, async (sample) => {
            const { parsed } = await answer(route, sample);
            if (isPaged) {
              expect(Number.isInteger(parsed.page) && (parsed.page as number) >= 1).toBe(true);
              if (!isServedPage(sample.page)) expect(parsed.page, preview(sample)).toBe(1);
            }
            const list = LIST_CASES[route]!.list as unknown as { href: (values: unknown) => string };
            const written = new URL(list.href(parsed), "http://localhost");
            expect(written.pathname).toBe(route);
            expect(LIST_CASES[route]!.list.parse(Object.fromEntries(written.searchParams))).toEqual(parsed);
          }),
          { numRuns, seed: runSeed ^ route.length, verbose: 1 },
        )
        .catch((error: unknown) => {
          throw new Error(`FUZZ_SEED=${runSeed} replays this run.\n${String(error)}`, { cause: error });
        });
    });
  }
});
