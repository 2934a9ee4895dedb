// Runs the fuzz cases of tests/integration/fuzz/actions.ts against a real database (PGlite or
// PostgreSQL, as the Vitest project says). For every server action, two properties:
//  - valid input: stored, and read back unchanged by the query of its page (text trimmed as the
//    schema says), never refused unless the case says why it may be;
//  - hostile input: never an unexpected error (only a DomainError, what runAction turns into an
//    ActionResult), and a refusal leaves the affected tables exactly as they were (row counts and
//    a checksum of every row).
// FUZZ_SEED=<n> fixes the run's seed (CI); otherwise it is random. Each property's seed is derived
// from it, and a failure says "FUZZ_SEED=<n> replays this run".
// FUZZ_RUNS=<n> overrides the number of runs of every property; FUZZ_REPORT=1 prints per-case counts.
import { getTableName, sql, type Table } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../src/db/client";
import {
  auditEvent,
  contactMessage,
  job,
  jobApplication,
  jobApplicationFile,
  rateLimitHit,
  timeEntry,
  timesheet,
  call,
  user,
} from "../../../src/db/schema";
import { getConfig } from "../../../src/lib/env";
import { type DomainError, isDomainError } from "../../../src/lib/errors";
import { normalizeLineBreaks } from "../../../src/lib/input-fields";
import type { Actor } from "../../../src/modules/audit/audit-log";
import { createDraftInvoice } from "../../../src/modules/invoices/invoice-mutations";
import { enqueueEmail } from "../../../src/modules/mail/outbox";
import { setUpDatabase, tearDownDatabase } from "../../support/fixtures";
import { draftInput, insertClient, insertProject } from "../../support/invoice-fixtures";
import type { TestDatabase } from "../../support/test-db";
import {
  CONTROL_CHARACTERS,
  FORMAT_CHARACTERS,
  hostileAmount,
  hostileDate,
  hostileId,
  hostileValue,
  LINE_BREAKS,
  LONE_SURROGATES,
  PROTOTYPE_KEYS,
} from "./arbitraries";

/** The run's seed: FUZZ_SEED, or a random one that a failure prints. */
const runSeed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
if (process.env.FUZZ_SEED) fc.configureGlobal({ seed: runSeed });

/**
 * Each property's seed is derived from the run's: with one seed for all, every action would type
 * the same names, and valid names would collide from one case to the next.
 */
function seedFor(property: string): number {
  let hash = runSeed | 0;
  for (const char of property) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** fc.assert, with the run's seed in the failure: FUZZ_SEED=<it> replays the whole run. */
export async function assertProperty<T>(
  property: fc.IAsyncPropertyWithHooks<[T]>,
  name: string,
  parameters: fc.Parameters<[T]>,
) {
  try {
    await fc.assert(property, { ...parameters, seed: seedFor(name) });
  } catch (error) {
    // fast-check keeps the property's own error as the cause: its message is what went wrong.
    const cause = error instanceof Error && error.cause instanceof Error ? `\nGot: ${error.cause.message}` : "";
    throw new Error(
      `${name}: FUZZ_SEED=${runSeed} replays this run.\n${error instanceof Error ? error.message : String(error)}${cause}`,
      { cause: error },
    );
  }
}
const runsOverride = Number(process.env.FUZZ_RUNS) || undefined;
const report = process.env.FUZZ_REPORT === "1";

/** One test file per group (<group>.int.test.ts): few files, as each one imports the whole app. */
export const FUZZ_GROUPS = ["office", "billing-and-site"] as const;
export type FuzzGroup = (typeof FUZZ_GROUPS)[number];

export type FuzzContext = {
  db: Database;
  admin: Actor;
  manager: Actor;
  staff: Actor;
  /** An active client (EUR, 30 days) and one of its projects. */
  clientId: string;
  projectId: string;
  /** Ids of records of every kind: "another entity's id" for hostile inputs. */
  pool: string[];
  /** The secret the public forms' tokens are signed with (the app's, as the apply route reads it). */
  secret: string;
  appUrl: string;
  /** A new client address per call, so the per-IP limit of the public forms never refuses a run. */
  nextIp: () => string;
  /** A number never returned before in this database (unique names, weeks...). */
  unique: () => number;
};

/**
 * The record an action works on, made or re-read before each run. In an input, "$target.key" is
 * replaced by target.key and "$ctx.key.path" by the context's value (fixture ids).
 */
export type Target = Record<string, unknown>;

export type FuzzCase = {
  group: FuzzGroup;
  /** Tables a refusal must leave as they were. */
  tables: Table[];
  /** Makes the record the action needs, or re-reads it (its version) before each run. */
  prepare?: (ctx: FuzzContext, previous: Target | undefined, previousSucceeded: boolean) => Promise<Target>;
  /** Valid input; may hold "$target.key" placeholders. */
  valid: (ctx: FuzzContext) => fc.Arbitrary<unknown>;
  /** Hostile inputs of the action's own kind, mixed with the generic edits (files with the wrong bytes...). */
  hostile?: (ctx: FuzzContext) => fc.Arbitrary<unknown>;
  /** What the action does below requireActor(): the same parseInput + mutation(db, actor, ...). */
  run: (ctx: FuzzContext, input: unknown, target: Target) => Promise<unknown>;
  /** After a success: what was stored round-trips and the page's query reads it back. */
  verify?: (ctx: FuzzContext, input: unknown, result: unknown, target: Target) => Promise<void>;
  /** A valid input may still be refused this way (a name already taken, a week already there...). */
  validMayRefuse?: (error: DomainError) => boolean;
  /** Refusal kinds besides invalid, not_found, forbidden and conflict (rate_limited for the password form). */
  alsoRefusedAs?: DomainError["kind"][];
  /** Runs per property (default 20); expensive cases (password hashing, PDF rendering) use fewer. */
  runs?: number;
  /** Puts back what the case changed for the others sharing the database (the firm's settings). */
  restore?: (ctx: FuzzContext) => Promise<void>;
  /** Valid inputs run before the random ones: the defects the fuzzing found, kept as regressions. */
  examples?: unknown[];
  /** The same for hostile inputs (they may hold "$target.key" placeholders). */
  hostileExamples?: unknown[];
  /** Every input is an answer (the Markdown preview, signing out): hostile runs need not refuse any. */
  acceptsAnything?: boolean;
  /** The refusal a result stands for although nothing was thrown (the apply route answers with a status). */
  refusalIn?: (result: unknown) => DomainError | undefined;
};

// ---------------------------------------------------------------------------------------
// Snapshots: a partial write changes a row count or a row

/** Append-only tables: compared by row count only (their rows are never updated). */
const COUNT_ONLY = new Set<string>([
  getTableName(auditEvent),
  getTableName(rateLimitHit),
  getTableName(jobApplicationFile),
]);

export type Snapshot = Record<string, string>;

export async function snapshot(db: Database, tables: readonly Table[]): Promise<Snapshot> {
  if (tables.length === 0) return {};
  const parts = tables.map((table) => {
    const name = getTableName(table);
    const checksum = COUNT_ONLY.has(name)
      ? "''"
      : "coalesce(md5(string_agg(md5(r::text), ',' order by md5(r::text))), '')";
    return `select '${name}' as name, count(*)::int as rows, ${checksum} as checksum from "${name}" r`;
  });
  const result = (await db.execute(sql.raw(parts.join(" union all ")))) as unknown as {
    rows: { name: string; rows: number; checksum: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, `${row.rows} rows ${row.checksum}`]));
}

// ---------------------------------------------------------------------------------------
// Expected stored values

/** What a text field stores for what was sent (trimmed; empty optional text is null). */
export function storedText(
  sent: unknown,
  options: { multiline?: boolean; lower?: boolean; keepEdges?: boolean } = {},
): string | null {
  if (typeof sent !== "string") return null;
  let text = options.multiline ? normalizeLineBreaks(sent) : sent;
  if (!options.keepEdges) text = text.trim();
  if (options.lower) text = text.toLowerCase();
  return text === "" ? null : text;
}

export function field(input: unknown, key: string): unknown {
  return input !== null && typeof input === "object" ? (input as Record<string, unknown>)[key] : undefined;
}

// ---------------------------------------------------------------------------------------
// Hostile edits of a valid input

type Edit = {
  op: "replace" | "delete" | "extra" | "poison";
  pick: number;
  typed: boolean;
  extraKey: string;
  poison: string;
  at: number;
  values: { any: unknown; id: unknown; date: unknown; amount: unknown };
};
export type HostileSample =
  | { kind: "edited"; valid: unknown; edits: Edit[] }
  | { kind: "whole"; value: unknown }
  | { kind: "special"; value: unknown };

function editArbitrary(pool: readonly string[]): fc.Arbitrary<Edit> {
  return fc.record({
    op: fc.constantFrom<Edit["op"]>("replace", "replace", "replace", "poison", "poison", "delete", "extra"),
    pick: fc.nat(),
    typed: fc.boolean(),
    extraKey: fc.oneof(
      fc.constantFrom(
        ...PROTOTYPE_KEYS,
        "id",
        "version",
        "status",
        "role",
        "createdById",
        "archivedAt",
        "number",
        "paidTotal",
      ),
      fc.string({ maxLength: 6 }),
    ),
    poison: fc.constantFrom(...CONTROL_CHARACTERS, ...LINE_BREAKS, ...LONE_SURROGATES, ...FORMAT_CHARACTERS),
    at: fc.nat(),
    values: fc.record({ any: hostileValue, id: hostileId(pool), date: hostileDate, amount: hostileAmount }),
  });
}

export function hostileArbitrary(ctx: FuzzContext, fuzzCase: FuzzCase): fc.Arbitrary<HostileSample> {
  const edited = fc.record({
    kind: fc.constant("edited" as const),
    valid: fuzzCase.valid(ctx),
    edits: fc.array(editArbitrary(ctx.pool), { minLength: 1, maxLength: 3 }),
  });
  const whole = fc.record({ kind: fc.constant("whole" as const), value: hostileValue });
  if (!fuzzCase.hostile) return fc.oneof({ weight: 9, arbitrary: edited }, { weight: 1, arbitrary: whole });
  const special = fc.record({ kind: fc.constant("special" as const), value: fuzzCase.hostile(ctx) });
  return fc.oneof({ weight: 6, arbitrary: edited }, { weight: 1, arbitrary: whole }, { weight: 3, arbitrary: special });
}

/** Arrays and plain objects (fast-check's records have a null prototype). */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== "object") return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** "$target.a.b" / "$ctx.a.b" → the value at that path of the prepared target / the context. */
function placeholder(value: string, roots: { target?: Target; ctx: FuzzContext }): { found: boolean; value?: unknown } {
  const match = /^\$(target|ctx)\.([\w.]+)$/.exec(value);
  if (!match) return { found: false };
  let current: unknown = match[1] === "target" ? roots.target : roots.ctx;
  for (const key of match[2]!.split("."))
    current = current === null || current === undefined ? undefined : (current as Record<string, unknown>)[key];
  return { found: true, value: current };
}

/** A copy of plain objects and arrays (other objects, such as files, are shared), with placeholders replaced. */
export function materialise(value: unknown, roots: { target?: Target; ctx: FuzzContext }): unknown {
  if (typeof value === "string") {
    const resolved = placeholder(value, roots);
    return resolved.found ? materialise(resolved.value, roots) : value;
  }
  if (Array.isArray(value)) return value.map((item) => materialise(item, roots));
  if (isContainer(value)) {
    const copy: Record<string, unknown> = {};
    const source = value as Record<string, unknown>;
    for (const key of Object.keys(source))
      Object.defineProperty(copy, key, {
        value: materialise(source[key], roots),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  }
  return value;
}

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number; name: string };

function slotsOf(value: unknown, name = "", depth = 0): Slot[] {
  if (!isContainer(value) || depth > 4) return [];
  const keys = Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value);
  return keys.flatMap((key) => {
    const childName = typeof key === "string" ? key : name;
    const child: unknown = Array.isArray(value) ? value[key as number] : value[key as string];
    return [{ parent: value, key, name: childName }, ...slotsOf(child, childName, depth + 1)];
  });
}

/** The hostile value that suits a field's name: ids get ids of other records, dates get impossible dates... */
function valueFor(name: string, edit: Edit): unknown {
  if (!edit.typed) return edit.values.any;
  if (/^id$|Id$|Ids$/.test(name)) return edit.values.id;
  if (/[dD]ate|At$|closesOn|weekStart|Start$|End$/.test(name)) return edit.values.date;
  if (
    /amount|[pP]rice|[rR]ate|quantity|discount|salary|budget|duration|Days|percent|minutes|version|Months|cells|Bp$/.test(
      name,
    )
  )
    return edit.values.amount;
  return edit.values.any;
}

/** The input a hostile sample stands for, once the record it works on is prepared. */
export function hostileInput(hostile: HostileSample, roots: { target?: Target; ctx: FuzzContext }): unknown {
  if (hostile.kind === "whole") return hostile.value;
  if (hostile.kind === "special") return materialise(hostile.value, roots);
  return applyEdits(materialise(hostile.valid, roots), hostile.edits);
}

function applyEdits(input: unknown, edits: Edit[]): unknown {
  let result = input;
  for (const edit of edits) {
    const slots = slotsOf(result);
    if (slots.length === 0) {
      result = edit.values.any;
      continue;
    }
    const slot = slots[edit.pick % slots.length]!;
    if (edit.op === "poison") {
      // One invisible or broken character slipped into a text field: the commonest way in.
      const strings = slots.filter(
        (candidate) => typeof (candidate.parent as Record<string | number, unknown>)[candidate.key] === "string",
      );
      const target = strings[edit.pick % Math.max(1, strings.length)];
      if (!target) continue;
      const text = (target.parent as Record<string | number, string>)[target.key]!;
      const at = edit.at % (text.length + 1);
      (target.parent as Record<string | number, unknown>)[target.key] =
        text.slice(0, at) + edit.poison + text.slice(at);
    } else if (edit.op === "replace") {
      (slot.parent as Record<string | number, unknown>)[slot.key] = valueFor(slot.name, edit);
    } else if (edit.op === "delete") {
      if (Array.isArray(slot.parent)) slot.parent.splice(Number(slot.key), 1);
      else delete slot.parent[slot.key as string];
    } else {
      const containers = [
        result,
        ...slots.map((candidate) => (candidate.parent as Record<string | number, unknown>)[candidate.key]),
      ].filter((value) => isContainer(value) && !Array.isArray(value)) as Record<string, unknown>[];
      const container = containers[edit.pick % Math.max(1, containers.length)];
      if (container)
        Object.defineProperty(container, edit.extraKey, {
          value: valueFor(edit.extraKey, edit),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------
// Reporting

/** A readable, bounded picture of an input: long strings cut, control characters escaped by JSON. */
export function preview(value: unknown): string {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === "bigint") return `${item}n`;
    if (item === undefined) return "<undefined>";
    if (typeof item === "number" && !Number.isFinite(item)) return String(item);
    if (typeof item === "string" && item.length > 120)
      return `${item.slice(0, 60)}…(${item.length} chars)…${item.slice(-20)}`;
    if (item instanceof Map) return { "<Map>": [...item.entries()] };
    if (item instanceof Set) return { "<Set>": [...item.values()] };
    if (item instanceof Blob) return `<${item.constructor.name} ${item.size} bytes>`;
    if (ArrayBuffer.isView(item)) return `<${item.constructor.name} ${item.byteLength} bytes>`;
    if (item !== null && typeof item === "object") {
      if (seen.has(item)) return "<cycle>";
      seen.add(item);
    }
    return item;
  });
  return (text ?? String(value)).slice(0, 3000);
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (cause: ${error.cause.name}: ${error.cause.message})` : "";
    return `${error.name}: ${error.message.slice(0, 400)}${cause}`;
  }
  return String(error);
}

export function expectNoPrototypePollution() {
  const probe: Record<string, unknown> = {};
  expect(probe.polluted, "Object.prototype was polluted").toBeUndefined();
  expect(probe.isAdmin, "Object.prototype was polluted").toBeUndefined();
  expect(probe.role, "Object.prototype was polluted").toBeUndefined();
}

const REFUSAL_KINDS: DomainError["kind"][] = ["invalid", "not_found", "forbidden", "conflict"];

type Counts = { runs: number; stored: number; refused: number; ms: number };

async function runOnce(
  ctx: FuzzContext,
  name: string,
  fuzzCase: FuzzCase,
  state: { target?: Target; succeeded: boolean },
  sample: unknown,
  mode: "valid" | "hostile",
  counts: Counts,
) {
  state.target = fuzzCase.prepare ? await fuzzCase.prepare(ctx, state.target, state.succeeded) : undefined;
  let input: unknown;
  const roots = { target: state.target, ctx };
  if (mode === "valid") input = materialise(sample, roots);
  else input = hostileInput(sample as HostileSample, roots);
  const before = await snapshot(ctx.db, fuzzCase.tables);
  let result: unknown;
  let refusal: DomainError | undefined;
  try {
    result = await fuzzCase.run(ctx, input, state.target ?? {});
    refusal = fuzzCase.refusalIn?.(result);
  } catch (error) {
    const kinds = [...REFUSAL_KINDS, ...(fuzzCase.alsoRefusedAs ?? [])];
    if (!isDomainError(error) || !kinds.includes(error.kind))
      throw new Error(`${name}: unexpected ${describeError(error)}\n  input: ${preview(input)}`, { cause: error });
    refusal = error;
  }
  expectNoPrototypePollution();
  counts.runs += 1;
  if (refusal) {
    counts.refused += 1;
    state.succeeded = false;
    expect(
      await snapshot(ctx.db, fuzzCase.tables),
      `${name}: a refusal changed the database\n  input: ${preview(input)}`,
    ).toEqual(before);
    if (mode === "valid" && !fuzzCase.validMayRefuse?.(refusal)) {
      throw new Error(
        `${name}: valid input refused (${refusal.kind}: ${refusal.message} ${preview((refusal as { fieldErrors?: unknown }).fieldErrors ?? {})})\n  input: ${preview(input)}`,
      );
    }
    return;
  }
  counts.stored += 1;
  state.succeeded = true;
  await fuzzCase.verify?.(ctx, input, result, state.target ?? {});
}

/** One describe per group: a fresh database, its context, and two properties per action of the group. */
export function describeFuzzGroup(group: FuzzGroup, cases: Record<string, FuzzCase>) {
  describe(`fuzz ${group} on ${process.env.TEST_DB}`, () => {
    let database: TestDatabase;
    let ctx: FuzzContext;
    const counts: Record<string, Counts> = {};
    beforeAll(async () => {
      const setUp = await setUpDatabase();
      database = setUp.database;
      ctx = await setUpFuzzContext(database, setUp.admin);
    });
    afterAll(async () => {
      if (report)
        console.log(
          `fuzz ${group} on ${process.env.TEST_DB}:\n${Object.entries(counts)
            .map(
              ([name, count]) =>
                `  ${name}: ${count.runs} runs, ${count.stored} stored, ${count.refused} refused, ${count.ms} ms`,
            )
            .join("\n")}`,
        );
      await tearDownDatabase(database);
    });

    for (const [name, fuzzCase] of Object.entries(cases).filter(([, candidate]) => candidate.group === group)) {
      const numRuns = runsOverride ?? fuzzCase.runs ?? 20;
      it(`${name}: valid input is stored and reads back`, async () => {
        const count: Counts = (counts[`${name} (valid)`] = { runs: 0, stored: 0, refused: 0, ms: 0 });
        const started = Date.now();
        const state: { target?: Target; succeeded: boolean } = { succeeded: false };
        try {
          await assertProperty(
            fc.asyncProperty(fuzzCase.valid(ctx), (sample) =>
              runOnce(ctx, name, fuzzCase, state, sample, "valid", count),
            ),
            `${name} (valid)`,
            { numRuns, examples: (fuzzCase.examples ?? []).map((example): [unknown] => [example]) },
          );
        } finally {
          await fuzzCase.restore?.(ctx);
        }
        count.ms = Date.now() - started;
        expect(count.stored, `${name}: no valid input was stored`).toBeGreaterThan(0);
      });
      it(`${name}: hostile input is refused cleanly or stored as valid`, async () => {
        const count: Counts = (counts[`${name} (hostile)`] = { runs: 0, stored: 0, refused: 0, ms: 0 });
        const started = Date.now();
        const state: { target?: Target; succeeded: boolean } = { succeeded: false };
        try {
          await assertProperty(
            fc.asyncProperty(hostileArbitrary(ctx, fuzzCase), (sample) =>
              runOnce(ctx, name, fuzzCase, state, sample, "hostile", count),
            ),
            `${name} (hostile)`,
            {
              numRuns,
              examples: (fuzzCase.hostileExamples ?? []).map((value): [HostileSample] => [{ kind: "special", value }]),
            },
          );
        } finally {
          await fuzzCase.restore?.(ctx);
        }
        count.ms = Date.now() - started;
        if (!fuzzCase.acceptsAnything)
          expect(count.refused, `${name}: no hostile input was refused`).toBeGreaterThan(0);
      });
    }
  });
}

// ---------------------------------------------------------------------------------------
// The database every group starts from

async function insertActor(db: Database, role: Actor["role"], name: string): Promise<Actor> {
  const [row] = await db
    .insert(user)
    .values({
      name,
      email: `${role}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
      role,
      emailVerified: true,
    })
    .returning();
  return { id: row!.id, name: row!.name, role };
}

/**
 * Users of each role, a client and a project (what valid inputs use), and one record of every kind
 * for the id pool: records of their own, so that a hostile input that happens to change one (no
 * version check stops a deactivation) never changes what the valid inputs count on.
 */
export async function setUpFuzzContext(database: TestDatabase, admin: Actor): Promise<FuzzContext> {
  const db = database.db;
  const adminActor: Actor = { id: admin.id, name: admin.name, role: "admin" };
  const manager = await insertActor(db, "manager", "Fuzz Manager");
  const staff = await insertActor(db, "staff", "Fuzz Staff");
  const clientRow = await insertClient(db, { name: "Fuzz Client" });
  const projectRow = await insertProject(db, clientRow.id, { name: "Fuzz Project", hourlyRate: 9000 });
  const poolUser = await insertActor(db, "staff", "Pool Person");
  const poolClient = await insertClient(db, { name: "Pool Client" });
  const poolProject = await insertProject(db, poolClient.id, { name: "Pool Project" });
  const draft = await createDraftInvoice(db, manager, draftInput(poolClient.id));
  const [sheet] = await db.insert(timesheet).values({ userId: poolUser.id, weekStart: "2001-01-01" }).returning();
  const [entry] = await db
    .insert(timeEntry)
    .values({ timesheetId: sheet!.id, userId: poolUser.id, projectId: poolProject.id, date: "2001-01-02", minutes: 60 })
    .returning();
  const [callRow] = await db
    .insert(call)
    .values({
      direction: "inbound",
      status: "requested",
      contactName: "Pool Caller",
      subject: "Pool call",
      createdById: poolUser.id,
    })
    .returning();
  const [jobRow] = await db
    .insert(job)
    .values({ slug: `pool-job-${Date.now()}`, title: "Pool job", workplace: "remote", employmentType: "full_time" })
    .returning();
  const [application] = await db
    .insert(jobApplication)
    .values({
      jobId: jobRow!.id,
      name: "Pool Applicant",
      email: "pool@example.com",
      consentAt: new Date(),
      cvOriginalName: "cv.pdf",
      cvKind: "pdf",
      cvSize: 8,
    })
    .returning();
  const [message] = await db
    .insert(contactMessage)
    .values({
      name: "Pool Writer",
      email: "pool@example.com",
      subject: "Pool",
      body: "A message from the pool of ids.",
    })
    .returning();
  const emailId = await enqueueEmail(db, {
    to: ["pool@example.com"],
    subject: "Pool",
    text: "Pool",
    html: "<p>Pool</p>",
  });
  let ip = 0;
  let counter = 0;
  return {
    db,
    admin: adminActor,
    manager,
    staff,
    clientId: clientRow.id,
    projectId: projectRow.id,
    pool: [
      poolUser.id,
      poolClient.id,
      poolProject.id,
      draft.id,
      sheet!.id,
      entry!.id,
      callRow!.id,
      jobRow!.id,
      application!.id,
      message!.id,
      emailId,
    ],
    secret: getConfig().authSecret,
    appUrl: getConfig().appUrl,
    nextIp: () => {
      ip += 1;
      return `10.${Math.floor(ip / 65_536) % 256}.${Math.floor(ip / 256) % 256}.${ip % 256}`;
    },
    unique: () => {
      counter += 1;
      return counter;
    },
  };
}
