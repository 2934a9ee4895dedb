// Fuzzes the bodies of /api/v1 as the server actions are fuzzed (harness.ts), through the handler on
// a real database (PGlite or PostgreSQL, as the Vitest project says). For every documented operation
// that takes a body (POST, PATCH), two properties:
//  - valid bodies (the inputs of the server action calling the same mutation, api-cases.ts) answer
//    2xx, or a refusal the case allows;
//  - hostile bodies never answer 5xx (nor throw), every refusal is application/problem+json with its
//    status and a code, and a refusal leaves the affected tables exactly as they were. Hostile bodies
//    are the action cases' hostile edits, bodies generated from the operation's request schema in the
//    OpenAPI description (zod's JSON Schema), and raw bytes (broken JSON, deep nesting, wrong
//    content types, invalid UTF-8, more than 1 MB, prototype keys).
// FUZZ_SEED and FUZZ_RUNS work as for the actions.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainError } from "../../../src/lib/errors";
import type { Actor } from "../../../src/modules/audit/audit-log";
import { handleApiRequest } from "../../../src/modules/api/api-handler";
import { buildOpenApiDocument } from "../../../src/modules/api/api-openapi";
import { API_OPERATIONS } from "../../../src/modules/api/api-operations";
import { createApiToken } from "../../../src/modules/api/api-tokens";
import { type Permission, PERMISSIONS } from "../../../src/modules/users/permissions";
import { setUpDatabase, tearDownDatabase } from "../../support/fixtures";
import type { TestDatabase } from "../../support/test-db";
import { type ApiActor, API_FUZZ_CASES, type ApiFuzzCase } from "./api-cases";
import { hostileValue, NOT_UUIDS } from "./arbitraries";
import {
  assertProperty,
  expectNoPrototypePollution,
  type FuzzContext,
  hostileArbitrary,
  type HostileSample,
  hostileInput,
  materialise,
  preview,
  setUpFuzzContext,
  snapshot,
  type Target,
} from "./harness";

const runsOverride = Number(process.env.FUZZ_RUNS) || undefined;
const RUNS = 12;
/** The fuzzing sends far more than a minute's share; the limit has tests of its own. */
const RATE_LIMIT = { bucket: "api-fuzz", limit: 1_000_000_000, windowMs: 60_000 };

const keyOf = (operation: { method: string; path: string }) => `${operation.method.toUpperCase()} ${operation.path}`;
const BODY_OPERATIONS = API_OPERATIONS.filter((operation) => operation.body !== undefined);
const openApi = buildOpenApiDocument(API_OPERATIONS) as unknown as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

// ---------------------------------------------------------------------------------------
// Bodies generated from the request's JSON Schema (the OpenAPI description, made from the zod schemas)

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

function fromSchema(schema: JsonSchema | undefined, pool: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileValue;
  if (schema.$ref) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    return fromSchema(openApi.components?.schemas?.[name], pool, depth + 1);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((item) => fromSchema(item, pool, depth + 1)));
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], pool, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type }, pool, depth + 1)));
  switch (types[0]) {
    case "object": {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, fromSchema(property, pool, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    case "array":
      return fc.array(fromSchema(schema.items, pool, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case "string":
      switch (schema.format) {
        case "uuid":
          return fc.oneof(fc.constantFrom(...pool), fc.uuid({ version: [4, 7] }), fc.constantFrom(...NOT_UUIDS));
        case "date":
          return fc
            .date({ min: new Date("1800-01-01"), max: new Date("2300-12-31"), noInvalidDate: true })
            .map((date) => date.toISOString().slice(0, 10));
        case "date-time":
          return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
        case "email":
          return fc.emailAddress();
        default:
          return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
      }
    case "integer":
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case "number":
      return fc.oneof(fc.integer(), fc.double({ noNaN: true }));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

// ---------------------------------------------------------------------------------------
// Raw bodies: what JSON.stringify never makes

type Raw = { bytes: string | Uint8Array<ArrayBuffer>; contentType: string | null };

const DEEP = "[".repeat(20_000) + "]".repeat(20_000);
const rawBody: fc.Arbitrary<Raw> = fc.oneof(
  fc
    .constantFrom<string | Uint8Array<ArrayBuffer>>(
      "",
      " ",
      "null",
      "[]",
      '"text"',
      "42",
      "{",
      '{"a":',
      "{'single': 'quotes'}",
      "1e400",
      '{"version":1e400,"id":-0}',
      '{"__proto__":{"polluted":true,"isAdmin":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"a":1,"a":2}',
      "\ufeff{}",
      DEEP,
      `{"name":"${"x".repeat(1_100_000)}"}`,
      new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      new Uint8Array([0x00, 0x00, 0x00]),
    )
    .map((bytes) => ({ bytes, contentType: "application/json" })),
  fc.record({
    bytes: fc.constantFrom('{"name":"Acme"}', "name=Acme&currency=EUR", "<xml/>"),
    contentType: fc.constantFrom(
      null,
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/jsonp",
    ),
  }),
);

/**
 * JSON as a client may send it: bigints as bare digits (JSON.stringify refuses them), and a cycle
 * (the hostile values have some, in a body or as the path's id) as a string, since JSON has none.
 */
function jsonText(value: unknown): string {
  const ancestors: object[] = [];
  const text = JSON.stringify(value, function (this: unknown, _key, item: unknown) {
    if (typeof item === "bigint") return `\u0000bigint:${item}\u0000`;
    if (item === null || typeof item !== "object") return item;
    // `this` is the object holding `item`: the ancestors past it are done.
    while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
    if (ancestors.includes(item)) return "[cyclic]";
    ancestors.push(item);
    return item;
  });
  return (text ?? "null").replace(/"\\u0000bigint:(-?\d+)\\u0000"/g, "$1");
}

// ---------------------------------------------------------------------------------------
// The runner

type Sample =
  | { kind: "valid"; value: unknown }
  | { kind: "edited"; sample: HostileSample }
  | { kind: "schema"; value: unknown }
  | { kind: "raw"; raw: Raw };

type Counts = { runs: number; stored: number; refused: number };

function kindOf(status: number): DomainError["kind"] {
  if (status === 404) return "not_found";
  if (status === 403) return "forbidden";
  if (status === 409) return "conflict";
  if (status === 429) return "rate_limited";
  return "invalid";
}

function pathOf(template: string, id: unknown): string {
  const segment = typeof id === "string" ? id : jsonText(id);
  // A lone surrogate has no UTF-8: sent as the bytes a careless client would send (a malformed escape).
  const encoded = Array.from(segment, (char) =>
    /[\ud800-\udfff]/.test(char) ? "%ED%A0%80" : encodeURIComponent(char),
  );
  return template.replace("{id}", encoded.join(""));
}

describe(`fuzz the API's bodies on ${process.env.TEST_DB}`, () => {
  let database: TestDatabase;
  let ctx: FuzzContext;
  const tokens = {} as Record<ApiActor, string>;

  beforeAll(async () => {
    const setUp = await setUpDatabase();
    database = setUp.database;
    ctx = await setUpFuzzContext(database, setUp.admin);
    const people: Record<ApiActor, Actor> = { admin: ctx.admin, manager: ctx.manager, staff: ctx.staff };
    for (const [who, actor] of Object.entries(people) as [ApiActor, Actor][]) {
      const scopes = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) =>
        (PERMISSIONS[permission] as readonly string[]).includes(actor.role),
      );
      tokens[who] = (await createApiToken(ctx.db, actor, { name: `Fuzz ${who}`, scopes })).token;
    }
  });
  afterAll(() => tearDownDatabase(database));

  it("has a case for every operation that takes a body, and none for another", () => {
    expect(Object.keys(API_FUZZ_CASES).sort()).toEqual(BODY_OPERATIONS.map(keyOf).sort());
    expect(BODY_OPERATIONS.length).toBeGreaterThan(20);
  });

  async function runOnce(
    operation: (typeof BODY_OPERATIONS)[number],
    apiCase: ApiFuzzCase,
    state: { target?: Target; succeeded: boolean },
    sample: Sample,
    counts: Counts,
  ) {
    const fuzzCase = apiCase.fuzz;
    state.target = fuzzCase.prepare ? await fuzzCase.prepare(ctx, state.target, state.succeeded) : undefined;
    const roots = { target: state.target, ctx };
    let input: unknown;
    let raw: Raw | undefined;
    switch (sample.kind) {
      case "valid":
        input = materialise(sample.value, roots);
        break;
      case "edited":
        input = hostileInput(sample.sample, roots);
        break;
      case "schema":
        input = sample.value;
        break;
      case "raw":
        raw = sample.raw;
        break;
    }
    // The record's id goes to the path (the prepared record's, for schema-made and raw bodies).
    let pathId: unknown = state.target?.id;
    if (apiCase.pathKey && input !== null && typeof input === "object" && !Array.isArray(input)) {
      const body = { ...(input as Record<string, unknown>) };
      if (Object.hasOwn(body, apiCase.pathKey)) pathId = body[apiCase.pathKey];
      delete body[apiCase.pathKey];
      input = body;
    }
    const path = pathOf(operation.path, pathId);
    const bytes = raw ? raw.bytes : jsonText(input);
    const contentType = raw ? raw.contentType : "application/json";
    const shown = raw
      ? `raw ${preview(typeof raw.bytes === "string" ? raw.bytes : [...raw.bytes])} as ${raw.contentType}`
      : preview(input);

    const before = await snapshot(ctx.db, fuzzCase.tables);
    const headers: Record<string, string> = { authorization: `Bearer ${tokens[apiCase.as]}` };
    if (contentType) headers["content-type"] = contentType;
    let response: Response;
    try {
      response = await handleApiRequest(
        ctx.db,
        new Request(`http://localhost:3000/api/v1${path}`, {
          method: operation.method.toUpperCase(),
          headers,
          body: bytes,
        }),
        { rateLimit: RATE_LIMIT },
      );
    } catch (error) {
      throw new Error(
        `${keyOf(operation)}: a 500 (${error instanceof Error ? `${error.name}: ${error.message.slice(0, 300)}` : String(error)})\n  path: ${path}\n  body: ${shown}`,
        { cause: error },
      );
    }
    expectNoPrototypePollution();
    counts.runs += 1;
    const text = await response.text();
    expect(response.status, `${keyOf(operation)}: ${text.slice(0, 300)}\n  body: ${shown}`).toBeLessThan(500);
    if (response.status < 400) {
      counts.stored += 1;
      state.succeeded = true;
      if (sample.kind === "valid" && apiCase.verify && fuzzCase.verify)
        await fuzzCase.verify(ctx, input, JSON.parse(text), state.target ?? {});
      return;
    }
    counts.refused += 1;
    state.succeeded = false;
    expect(response.headers.get("content-type"), `${keyOf(operation)}: ${shown}`).toBe("application/problem+json");
    const problem = JSON.parse(text) as {
      status: number;
      title: string;
      code?: string;
      detail?: string;
      errors?: Record<string, string>;
    };
    expect(problem).toMatchObject({ status: response.status, title: expect.any(String), code: expect.any(String) });
    expect(
      await snapshot(ctx.db, fuzzCase.tables),
      `${keyOf(operation)}: a refusal changed the database\n  body: ${shown}`,
    ).toEqual(before);
    if (sample.kind === "valid") {
      const refusal = {
        kind: kindOf(response.status),
        code: problem.code,
        message: problem.detail ?? "",
        fieldErrors: problem.errors ?? {},
      } as unknown as DomainError;
      if (!fuzzCase.validMayRefuse?.(refusal))
        throw new Error(
          `${keyOf(operation)}: valid body refused (${response.status} ${text.slice(0, 400)})\n  body: ${shown}`,
        );
    }
  }

  for (const operation of BODY_OPERATIONS) {
    const key = keyOf(operation);
    const apiCase = API_FUZZ_CASES[key];
    if (!apiCase) continue; // the registry test above fails
    const numRuns = runsOverride ?? Math.min(apiCase.fuzz.runs ?? RUNS, RUNS);

    it(`${key}: valid bodies are stored`, async () => {
      const counts: Counts = { runs: 0, stored: 0, refused: 0 };
      const state: { target?: Target; succeeded: boolean } = { succeeded: false };
      try {
        await assertProperty(
          fc.asyncProperty(apiCase.fuzz.valid(ctx), (value) =>
            runOnce(operation, apiCase, state, { kind: "valid", value }, counts),
          ),
          `API ${key} (valid)`,
          { numRuns },
        );
      } finally {
        await apiCase.fuzz.restore?.(ctx);
      }
      expect(counts.stored, `${key}: no valid body was stored`).toBeGreaterThan(0);
    });

    it(`${key}: hostile bodies are refused as problems, nothing written, never a 5xx`, async () => {
      const counts: Counts = { runs: 0, stored: 0, refused: 0 };
      const state: { target?: Target; succeeded: boolean } = { succeeded: false };
      const schema =
        openApi.paths[operation.path]?.[operation.method]?.requestBody?.content["application/json"]?.schema;
      const samples: fc.Arbitrary<Sample> = fc.oneof(
        {
          weight: 5,
          arbitrary: hostileArbitrary(ctx, apiCase.fuzz).map((sample) => ({ kind: "edited" as const, sample })),
        },
        { weight: 3, arbitrary: fromSchema(schema, ctx.pool).map((value) => ({ kind: "schema" as const, value })) },
        { weight: 2, arbitrary: rawBody.map((raw) => ({ kind: "raw" as const, raw })) },
      );
      try {
        await assertProperty(
          fc.asyncProperty(samples, (sample) => runOnce(operation, apiCase, state, sample, counts)),
          `API ${key} (hostile)`,
          { numRuns: numRuns * 2 },
        );
      } finally {
        await apiCase.fuzz.restore?.(ctx);
      }
      expect(counts.refused, `${key}: no hostile body was refused`).toBeGreaterThan(0);
    });
  }
});
