// The fuzz cases of /api/v1's operations that take a body (POST and PATCH): most share the case of
// the server action whose mutation they call (its valid inputs, the record it works on, the tables a
// refusal must leave alone), with the record's id moved from the body to the path; the API's own
// operations (time entries one by one) have cases here. api-bodies.int.test.ts runs them through
// the handler and fails when an operation with a body has no case.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { Table } from "drizzle-orm";
import { apiIdempotencyKey, auditEvent, timeEntry, timesheet } from "../../../src/db/schema";
import { addDaysToDate, isoWeekMonday } from "../../../src/lib/dates";
import type { DomainError } from "../../../src/lib/errors";
import { createTimeEntry } from "../../../src/modules/timesheets/timesheet-mutations";
import { FUZZ_CASES } from "./actions";
import { optionalLine } from "./arbitraries";
import type { FuzzCase, FuzzContext, Target } from "./harness";

export type ApiActor = "admin" | "manager" | "staff";

export type ApiFuzzCase = {
  /** Whose token sends the requests (a token with every scope of that person's role). */
  as: ApiActor;
  /** The key of the valid input that is the path's {id} (taken out of the body). */
  pathKey?: string;
  /** The case (of the server action calling the same mutation) whose inputs and record are used. */
  fuzz: FuzzCase;
  /** Whether the action case's verify reads back what the API answered (its JSON is the mutation's result). */
  verify?: boolean;
};

const action = (key: string): FuzzCase => {
  const found = FUZZ_CASES[key];
  if (!found) throw new Error(`No fuzz case ${key}`);
  return found;
};

/** An idempotent operation: a refusal leaves no key behind either (decision 051). */
const withKeys = (fuzzCase: FuzzCase): FuzzCase => ({
  ...fuzzCase,
  tables: [...fuzzCase.tables, apiIdempotencyKey as Table],
});

/** Weeks of their own (far from the action cases' weeks), one a run, for the entries of the staff person. */
const entryWeek = (ctx: FuzzContext) => isoWeekMonday(addDaysToDate("2200-01-01", 7 * ctx.unique()));

const entryBody = (ctx: FuzzContext, day: fc.Arbitrary<string>) =>
  fc.record(
    {
      date: day,
      projectId: fc.constant(ctx.projectId),
      minutes: fc.integer({ min: 1, max: 240 }),
      description: optionalLine(500),
      billable: fc.boolean(),
    },
    { requiredKeys: ["date", "projectId", "minutes"] },
  );

/** A day's total past 24 hours is refused, as in the grid. */
const dayFull = (error: DomainError) => error.kind === "invalid" && /24 hours|1440|a day/i.test(error.message);

// "$target.dayN" placeholders: the prepared week's days.
const withDays = (target: Target): Target => {
  const days: Target = {};
  for (let day = 0; day < 7; day += 1) days[`day${day}`] = addDaysToDate(String(target.weekStart), day);
  return { ...target, ...days };
};
const anyDay = fc.integer({ min: 0, max: 6 }).map((day) => `$target.day${day}`);

const createTimeEntryCase: FuzzCase = {
  group: "office",
  tables: [timesheet, timeEntry, auditEvent],
  prepare: async (ctx) => withDays({ weekStart: entryWeek(ctx) }),
  valid: (ctx) => entryBody(ctx, anyDay),
  run: () => Promise.reject(new Error("through the API only")),
  validMayRefuse: dayFull,
};

const updateTimeEntryCase: FuzzCase = {
  group: "office",
  tables: [timesheet, timeEntry, auditEvent],
  // An entry of the staff person's in a draft week; the next run takes a new one if it was moved on.
  prepare: async (ctx, previous) => {
    if (previous) {
      const [row] = await ctx.db
        .select()
        .from(timeEntry)
        .where(eq(timeEntry.id, String(previous.id)));
      if (row) return withDays({ ...previous, ...row, weekStart: previous.weekStart });
    }
    const weekStart = entryWeek(ctx);
    const created = await createTimeEntry(ctx.db, ctx.staff, {
      date: weekStart,
      projectId: ctx.projectId,
      minutes: 60,
      description: "Before",
    });
    return withDays({ ...created, weekStart });
  },
  valid: (ctx) => entryBody(ctx, anyDay).map((body) => ({ ...body, id: "$target.id" })),
  run: () => Promise.reject(new Error("through the API only")),
  validMayRefuse: dayFull,
};

/** "<METHOD> <path>" of each operation with a body → its case. */
export const API_FUZZ_CASES: Record<string, ApiFuzzCase> = {
  "POST /clients": { as: "manager", fuzz: action("src/modules/clients/client-actions.ts#createClientAction") },
  "PATCH /clients/{id}": {
    as: "manager",
    pathKey: "id",
    fuzz: action("src/modules/clients/client-actions.ts#updateClientAction"),
  },
  "POST /projects": { as: "manager", fuzz: action("src/modules/clients/client-actions.ts#createProjectAction") },
  "POST /timesheets": {
    as: "staff",
    fuzz: action("src/modules/timesheets/timesheet-actions.ts#createTimesheetAction"),
  },
  "POST /timesheets/{id}/entries": {
    as: "staff",
    pathKey: "id",
    fuzz: action("src/modules/timesheets/timesheet-actions.ts#saveTimesheetAction"),
  },
  "POST /timesheets/{id}/submit": {
    as: "staff",
    pathKey: "id",
    fuzz: action("src/modules/timesheets/timesheet-actions.ts#submitTimesheetAction"),
  },
  "POST /timesheets/{id}/approve": {
    as: "manager",
    pathKey: "id",
    fuzz: action("src/modules/timesheets/timesheet-actions.ts#approveTimesheetAction"),
  },
  "POST /timesheets/{id}/reject": {
    as: "manager",
    pathKey: "id",
    fuzz: action("src/modules/timesheets/timesheet-actions.ts#rejectTimesheetAction"),
  },
  "POST /time-entries": { as: "staff", fuzz: createTimeEntryCase },
  "PATCH /time-entries/{id}": { as: "staff", pathKey: "id", fuzz: updateTimeEntryCase },
  "POST /calls": { as: "staff", fuzz: action("src/modules/calls/call-actions.ts#logCallAction") },
  "POST /calls/schedule": { as: "staff", fuzz: action("src/modules/calls/call-actions.ts#scheduleCallAction") },
  "PATCH /calls/{id}": {
    as: "staff",
    pathKey: "id",
    fuzz: action("src/modules/calls/call-actions.ts#updateCallAction"),
  },
  "POST /calls/{id}/complete": {
    as: "staff",
    pathKey: "id",
    fuzz: action("src/modules/calls/call-actions.ts#completeCallAction"),
  },
  "POST /calls/{id}/miss": {
    as: "staff",
    pathKey: "id",
    fuzz: action("src/modules/calls/call-actions.ts#markCallMissedAction"),
  },
  "POST /calls/{id}/schedule": {
    as: "staff",
    pathKey: "id",
    fuzz: action("src/modules/calls/call-actions.ts#rescheduleCallAction"),
  },
  "POST /calls/{id}/retry": {
    as: "staff",
    pathKey: "id",
    fuzz: action("src/modules/calls/call-actions.ts#retryCallAction"),
  },
  "POST /calls/{id}/cancel": {
    as: "staff",
    pathKey: "id",
    fuzz: action("src/modules/calls/call-actions.ts#cancelCallAction"),
  },
  "POST /invoices": {
    as: "manager",
    fuzz: withKeys(action("src/modules/invoices/invoice-actions.ts#createInvoiceAction")),
    verify: true,
  },
  "PATCH /invoices/{id}": {
    as: "manager",
    pathKey: "id",
    fuzz: action("src/modules/invoices/invoice-actions.ts#updateInvoiceAction"),
    verify: true,
  },
  "POST /invoices/{id}/issue": {
    as: "manager",
    pathKey: "id",
    fuzz: withKeys(action("src/modules/invoices/invoice-actions.ts#issueInvoiceAction")),
  },
  "POST /invoices/{id}/payments": {
    as: "manager",
    pathKey: "invoiceId",
    fuzz: withKeys(action("src/modules/invoices/invoice-actions.ts#recordPaymentAction")),
  },
  "POST /invoices/{id}/credit-notes": {
    as: "manager",
    pathKey: "invoiceId",
    fuzz: withKeys(action("src/modules/invoices/invoice-actions.ts#createCreditNoteAction")),
  },
};
