// The operations of /api/v1. Each calls the queries and mutations the pages and server actions
// call, with the token's actor: the permission checks, rules, transactions and audit events are
// theirs, written once (decision 034).
import "server-only";
import { z } from "zod";
import { todayInZone } from "@/lib/dates";
import { findClientProjects, findClients, getClient } from "@/modules/clients/client-queries";
import { createClient, createProject, updateClient } from "@/modules/clients/client-mutations";
import { createClientInput, createProjectInput, updateClientInput } from "@/modules/clients/client-schemas";
import { getInvoice, getInvoiceDocument } from "@/modules/invoices/invoice-detail-queries";
import { INVOICE_KINDS } from "@/modules/invoices/invoice-rules";
import { findInvoices } from "@/modules/invoices/invoice-list-queries";
import {
  createCreditNote,
  createDraftInvoice,
  issueInvoice,
  recordPayment,
  updateDraftInvoice,
} from "@/modules/invoices/invoice-mutations";
import { quantityMilliToDecimalString } from "@/modules/invoices/invoice-amounts";
import { groupUnbilledEntries, TIME_GROUPINGS } from "@/modules/invoices/invoice-time-lines";
import { normalizeTaxRate } from "@/modules/invoices/vat-categories";
import { findUnbilledEntries } from "@/modules/timesheets/unbilled-queries";
import { formatMoneyInput } from "@/lib/money";
import {
  createCreditNoteInput,
  createInvoiceInput,
  INVOICE_LIST_STATUSES,
  INVOICE_SORTS,
  invoiceRefInput,
  recordPaymentInput,
  updateInvoiceBody,
} from "@/modules/invoices/invoice-schemas";
import { pdfBrandingOf, renderInvoicePdf } from "@/modules/invoices/invoice-pdf";
import { getSettings } from "@/modules/settings/settings-queries";
import {
  approveTimesheet,
  createTimeEntry,
  createTimesheet,
  deleteTimeEntry,
  rejectTimesheet,
  saveTimesheet,
  submitTimesheet,
  updateTimeEntry,
} from "@/modules/timesheets/timesheet-mutations";
import { findTimeEntries, findTimesheets, getTimeEntry, getTimesheet } from "@/modules/timesheets/timesheet-queries";
import {
  createTimesheetInput,
  rejectTimesheetInput,
  saveTimesheetInput,
  TIMESHEET_STATUS_FILTERS,
  TIMESHEET_VIEWS,
  timeEntryInput,
  updateTimeEntryInput,
} from "@/modules/timesheets/timesheet-schemas";
import { findCalls, type FindCallsOptions, getCall } from "@/modules/calls/call-queries";
import {
  cancelCall,
  completeCall,
  logCall,
  markCallMissed,
  rescheduleCall,
  retryCall,
  scheduleCall,
  updateCall,
} from "@/modules/calls/call-mutations";
import {
  CALL_DIRECTIONS,
  CALL_STATUSES,
  CALL_VIEWS,
  cancelCallInput,
  completeCallInput,
  logCallInput,
  missCallInput,
  scheduleCallInput,
  scheduleExistingCallInput,
  updateCallInput,
} from "@/modules/calls/call-schemas";
import { can } from "@/modules/users/permissions";
import type { Actor } from "@/modules/audit/audit-log";
import { type ApiOperation, pageOf, pageSchema, pagingQuery } from "./api-operation";

const isoDateTime = z.iso.datetime({ offset: true });
const date = z.iso.date();
const money = z.number().int().meta({ description: "Minor units (cents)." });
const detail = (description: string) => z.record(z.string(), z.unknown()).meta({ description });

/** Rates and unbilled value only for those who may see billing figures, as on the client page. */
function withoutRates<Row extends Record<string, unknown>>(actor: Actor, row: Row): Row {
  if (can(actor, "billing.read")) return row;
  const rest: Record<string, unknown> = { ...row };
  delete rest.defaultHourlyRate;
  delete rest.hourlyRate;
  delete rest.budgetAmount;
  return rest as Row;
}

const clientRow = z.object({
  id: z.uuid(),
  name: z.string(),
  billingEmail: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string(),
  archivedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  activeProjects: z.number().int(),
});

const timesheetRow = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  weekStart: date,
  status: z.string(),
  version: z.number().int(),
  submittedAt: isoDateTime.nullable(),
  decidedAt: isoDateTime.nullable(),
  rejectionReason: z.string().nullable(),
  totalMinutes: z.number().int(),
  billableMinutes: z.number().int(),
});

const invoiceRow = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string().nullable(),
  status: z.string(),
  displayStatus: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  issueDate: date,
  dueDate: date,
  currency: z.string(),
  netTotal: money,
  taxTotal: money,
  total: money,
  paidTotal: money,
  creditedTotal: money,
  balance: money,
  sentAt: isoDateTime.nullable(),
});

const timeEntryRow = z.object({
  id: z.uuid(),
  timesheetId: z.uuid(),
  weekStatus: z.string(),
  userId: z.uuid(),
  userName: z.string(),
  date,
  projectId: z.uuid(),
  projectName: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  minutes: z.number().int(),
  description: z.string().nullable(),
  billable: z.boolean(),
  hourlyRate: money.nullable().optional().meta({ description: "Frozen at approval; only with billing.read." }),
  invoiced: z.boolean(),
});

const created = z.object({ id: z.uuid(), version: z.number().int().optional() });
const versioned = z.object({ id: z.uuid(), version: z.number().int() });
const versionBody = z.object({ version: z.number().int().min(1) });
const callState = z.object({ id: z.uuid(), status: z.enum(CALL_STATUSES), version: z.number().int() });
const unbilledLine = z.object({
  description: z.string(),
  quantity: z.string().meta({ description: "Hours, e.g. 7.5." }),
  unit: z.literal("hour"),
  unitPrice: z.string().meta({ description: "In the client's currency, e.g. 90.00." }),
  taxRateBp: z.number().int(),
  vatCategory: z.string().nullable(),
  timeEntryIds: z.array(z.uuid()),
});

export const API_OPERATIONS: readonly ApiOperation[] = [
  // Clients and projects.
  {
    method: "get",
    path: "/clients",
    operationId: "listClients",
    summary: "List clients (active only unless archived=true), by name, paged.",
    tag: "Clients",
    scope: "client.read",
    query: z.object({
      q: z.string().trim().max(100).optional(),
      archived: z.enum(["true", "false"]).optional(),
      ...pagingQuery,
    }),
    response: { status: 200, description: "A page of clients.", schema: pageSchema(clientRow) },
    handle: async ({ db, query }) => {
      const q = query as { q?: string; archived?: string; page: number; pageSize: number };
      const list = await findClients(db, {
        q: q.q,
        archived: q.archived === "true",
        page: q.page,
        pageSize: q.pageSize,
      });
      return { json: pageOf(list.rows, list) };
    },
  },
  {
    method: "post",
    path: "/clients",
    operationId: "createClient",
    summary: "Create a client.",
    tag: "Clients",
    scope: "client.edit",
    body: createClientInput,
    response: { status: 201, description: "The client.", schema: created },
    handle: async ({ db, actor, body }) => {
      const row = await createClient(db, actor, body);
      return { status: 201, json: withoutRates(actor, row) };
    },
  },
  {
    method: "get",
    path: "/clients/{id}",
    operationId: "getClient",
    summary: "One client.",
    tag: "Clients",
    scope: "client.read",
    response: { status: 200, description: "The client.", schema: detail("Every field of the client.") },
    handle: async ({ db, actor, params }) => ({ json: withoutRates(actor, await getClient(db, params.id!)) }),
  },
  {
    method: "patch",
    path: "/clients/{id}",
    operationId: "updateClient",
    summary: "Change a client: every field, with the version read (a stale version is a 409).",
    tag: "Clients",
    scope: "client.edit",
    body: updateClientInput,
    response: { status: 200, description: "The client.", schema: versioned },
    handle: async ({ db, actor, params, body }) => {
      const row = await updateClient(db, actor, { ...(body as object), id: params.id });
      return { json: withoutRates(actor, row) };
    },
  },
  {
    method: "get",
    path: "/clients/{id}/projects",
    operationId: "listClientProjects",
    summary: "A client's projects, active first.",
    tag: "Clients",
    scope: "client.read",
    response: { status: 200, description: "The projects.", schema: z.object({ data: z.array(detail("A project.")) }) },
    handle: async ({ db, actor, params }) => {
      await getClient(db, params.id!);
      const rows = await findClientProjects(db, params.id!);
      return { json: { data: rows.map((row) => withoutRates(actor, row)) } };
    },
  },
  {
    method: "get",
    path: "/clients/{id}/unbilled-time",
    operationId: "listUnbilledTime",
    summary:
      "A client's approved, billable time not yet invoiced, and the same time as draft lines (grouped by project, person or entry) to send in createInvoice's lines.",
    tag: "Invoices",
    scope: "invoice.edit",
    query: z.object({ grouping: z.enum(TIME_GROUPINGS).default("project") }),
    response: {
      status: 200,
      description: "The entries and the lines that bill them (at the firm's default tax rate; change it if needed).",
      schema: z.object({ entries: z.array(detail("An unbilled entry.")), lines: z.array(unbilledLine) }),
    },
    handle: async ({ db, params, query }) => {
      const { grouping } = query as { grouping: (typeof TIME_GROUPINGS)[number] };
      const found = await getClient(db, params.id!);
      const [settings, entries] = await Promise.all([getSettings(db), findUnbilledEntries(db, { clientId: found.id })]);
      const rate = settings.taxRates.map(normalizeTaxRate).find((choice) => choice.isDefault);
      const lines = groupUnbilledEntries(entries, grouping, settings.locale).map((line) => ({
        description: line.description,
        quantity: quantityMilliToDecimalString(line.quantityMilli),
        unit: line.unit,
        unitPrice: formatMoneyInput(line.unitPriceMinor, found.currency),
        taxRateBp: rate?.basisPoints ?? 0,
        vatCategory: rate?.category ?? null,
        timeEntryIds: line.timeEntryIds,
      }));
      return { json: { entries, lines } };
    },
  },
  {
    method: "post",
    path: "/projects",
    operationId: "createProject",
    summary: "Create a project for a client.",
    tag: "Clients",
    scope: "client.edit",
    body: createProjectInput,
    response: { status: 201, description: "The project.", schema: created },
    handle: async ({ db, actor, body }) => {
      const row = await createProject(db, actor, body);
      return { status: 201, json: withoutRates(actor, row) };
    },
  },

  // Timesheets.
  {
    method: "get",
    path: "/timesheets",
    operationId: "listTimesheets",
    summary: "Weeks: one's own (mine), everyone's (all) or the approval queue (queue), newest first, paged.",
    tag: "Timesheets",
    scope: "timesheet.read",
    query: z.object({
      view: z.enum(TIMESHEET_VIEWS).default("mine"),
      status: z.enum(TIMESHEET_STATUS_FILTERS).optional(),
      week: date.optional(),
      person: z.uuid().optional(),
      ...pagingQuery,
    }),
    response: { status: 200, description: "A page of weeks.", schema: pageSchema(timesheetRow) },
    handle: async ({ db, actor, query }) => {
      const q = query as {
        view: "mine";
        status?: "open";
        week?: string;
        person?: string;
        page: number;
        pageSize: number;
      };
      const list = await findTimesheets(db, actor, {
        view: q.view,
        status: q.status,
        week: q.week,
        userId: q.person,
        page: q.page,
        pageSize: q.pageSize,
      });
      return { json: pageOf(list.rows, list) };
    },
  },
  {
    method: "post",
    path: "/timesheets",
    operationId: "createTimesheet",
    summary: "Log a week: the person, its Monday and its grid of rows (project, billable, minutes per day).",
    tag: "Timesheets",
    scope: "timesheet.edit",
    body: createTimesheetInput,
    response: { status: 201, description: "The week.", schema: versioned },
    handle: async ({ db, actor, body }) => {
      const row = await createTimesheet(db, actor, body);
      return { status: 201, json: row };
    },
  },
  {
    method: "get",
    path: "/timesheets/{id}",
    operationId: "getTimesheet",
    summary: "One week with its entries.",
    tag: "Timesheets",
    scope: "timesheet.read",
    response: { status: 200, description: "The week.", schema: detail("The week and its entries.") },
    handle: async ({ db, actor, params }) => ({ json: await getTimesheet(db, actor, params.id!) }),
  },
  {
    method: "post",
    path: "/timesheets/{id}/entries",
    operationId: "saveTimesheet",
    summary: "Replace a week's entries (draft or rejected weeks), with the version read; submit=true submits it.",
    tag: "Timesheets",
    scope: "timesheet.edit",
    body: saveTimesheetInput.omit({ id: true }),
    response: { status: 200, description: "The week.", schema: versioned },
    handle: async ({ db, actor, params, body }) => ({
      json: await saveTimesheet(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/timesheets/{id}/submit",
    operationId: "submitTimesheet",
    summary: "Submit one's week for approval.",
    tag: "Timesheets",
    scope: "timesheet.edit",
    body: versionBody,
    response: { status: 200, description: "The week.", schema: versioned },
    handle: async ({ db, actor, params, body }) => ({
      json: await submitTimesheet(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/timesheets/{id}/approve",
    operationId: "approveTimesheet",
    summary: "Approve a submitted week (never one's own).",
    tag: "Timesheets",
    scope: "timesheet.decide",
    body: versionBody,
    response: { status: 200, description: "The week.", schema: versioned },
    handle: async ({ db, actor, params, body }) => ({
      json: await approveTimesheet(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/timesheets/{id}/reject",
    operationId: "rejectTimesheet",
    summary: "Reject a submitted week, with a reason.",
    tag: "Timesheets",
    scope: "timesheet.decide",
    body: rejectTimesheetInput.omit({ id: true }),
    response: { status: 200, description: "The week.", schema: versioned },
    handle: async ({ db, actor, params, body }) => ({
      json: await rejectTimesheet(db, actor, { ...(body as object), id: params.id }),
    }),
  },

  // Time entries one by one (decision 055): the week's rules, through the same mutations.
  {
    method: "get",
    path: "/time-entries",
    operationId: "listTimeEntries",
    summary: "Time entries, newest day first, paged: staff their own, managers anyone's (person, project, days).",
    tag: "Time entries",
    scope: "timesheet.read",
    query: z.object({
      person: z.uuid().optional(),
      project: z.uuid().optional(),
      from: date.optional().meta({ description: "First day (inclusive)." }),
      to: date.optional().meta({ description: "Last day (inclusive)." }),
      ...pagingQuery,
    }),
    response: { status: 200, description: "A page of time entries.", schema: pageSchema(timeEntryRow) },
    handle: async ({ db, actor, query }) => {
      const q = query as {
        person?: string;
        project?: string;
        from?: string;
        to?: string;
        page: number;
        pageSize: number;
      };
      const list = await findTimeEntries(db, actor, {
        userId: q.person,
        projectId: q.project,
        from: q.from,
        to: q.to,
        page: q.page,
        pageSize: q.pageSize,
      });
      return {
        json: pageOf(
          list.rows.map((row) => withoutRates(actor, row)),
          list,
        ),
      };
    },
  },
  {
    method: "post",
    path: "/time-entries",
    operationId: "createTimeEntry",
    summary: "Log one entry in the week of its day (found or created); refused in a submitted or approved week.",
    tag: "Time entries",
    scope: "timesheet.edit",
    body: timeEntryInput,
    response: { status: 201, description: "The entry.", schema: timeEntryRow },
    handle: async ({ db, actor, body }) => ({
      status: 201,
      json: withoutRates(actor, await createTimeEntry(db, actor, body)),
    }),
  },
  {
    method: "get",
    path: "/time-entries/{id}",
    operationId: "getTimeEntry",
    summary: "One time entry.",
    tag: "Time entries",
    scope: "timesheet.read",
    response: { status: 200, description: "The entry.", schema: timeEntryRow },
    handle: async ({ db, actor, params }) => ({ json: withoutRates(actor, await getTimeEntry(db, actor, params.id!)) }),
  },
  {
    method: "patch",
    path: "/time-entries/{id}",
    operationId: "updateTimeEntry",
    summary: "Change one's own entry in a draft or rejected week (its day stays in the week); every field.",
    tag: "Time entries",
    scope: "timesheet.edit",
    body: updateTimeEntryInput.omit({ id: true }),
    response: { status: 200, description: "The entry.", schema: timeEntryRow },
    handle: async ({ db, actor, params, body }) => ({
      json: withoutRates(actor, await updateTimeEntry(db, actor, { ...(body as object), id: params.id })),
    }),
  },
  {
    method: "delete",
    path: "/time-entries/{id}",
    operationId: "deleteTimeEntry",
    summary: "Delete one's own entry from a draft or rejected week.",
    tag: "Time entries",
    scope: "timesheet.edit",
    response: { status: 200, description: "The deleted entry's id.", schema: z.object({ id: z.uuid() }) },
    handle: async ({ db, actor, params }) => ({ json: await deleteTimeEntry(db, actor, { id: params.id }) }),
  },

  // Calls.
  {
    method: "get",
    path: "/calls",
    operationId: "listCalls",
    summary: "Calls to do (todo) or done (history), with the filters of the calls page, paged.",
    tag: "Calls",
    scope: "call.read",
    query: z.object({
      view: z.enum(CALL_VIEWS).default("history"),
      q: z.string().trim().max(100).optional(),
      person: z.uuid().optional(),
      client: z.uuid().optional(),
      direction: z.enum(CALL_DIRECTIONS).optional(),
      status: z.enum(CALL_STATUSES).optional(),
      from: date.optional(),
      to: date.optional(),
      ...pagingQuery,
    }),
    response: { status: 200, description: "A page of calls.", schema: pageSchema(detail("A call.")) },
    handle: async ({ db, actor, query }) => {
      const { pageSize, ...filter } = query as Omit<FindCallsOptions, "size" | "timeZone"> & { pageSize: number };
      const settings = await getSettings(db);
      const list = await findCalls(db, {
        ...filter,
        size: pageSize,
        viewerId: actor.id,
        timeZone: settings.timezone,
        today: todayInZone(settings.timezone),
      });
      return { json: pageOf(list.rows, { page: filter.page, pageSize, total: list.total }) };
    },
  },
  {
    method: "post",
    path: "/calls",
    operationId: "logCall",
    summary: "Log a call that just happened (completed, with its duration), optionally with a follow-up.",
    tag: "Calls",
    scope: "call.edit",
    body: logCallInput,
    response: { status: 201, description: "The call and its follow-up.", schema: detail("call and followUp.") },
    handle: async ({ db, actor, body }) => ({ status: 201, json: await logCall(db, actor, body) }),
  },
  {
    method: "post",
    path: "/calls/schedule",
    operationId: "scheduleCall",
    summary: "Schedule a call to make or take later (scheduledAt is the firm's local time, e.g. 2026-03-02T10:30).",
    tag: "Calls",
    scope: "call.edit",
    body: scheduleCallInput,
    response: { status: 201, description: "The call, scheduled.", schema: callState },
    handle: async ({ db, actor, body }) => ({ status: 201, json: await scheduleCall(db, actor, body) }),
  },
  {
    method: "get",
    path: "/calls/{id}",
    operationId: "getCall",
    summary: "One call.",
    tag: "Calls",
    scope: "call.read",
    response: { status: 200, description: "The call.", schema: detail("The call.") },
    handle: async ({ db, params }) => ({ json: await getCall(db, params.id!) }),
  },
  {
    method: "patch",
    path: "/calls/{id}",
    operationId: "updateCall",
    summary: "Change a call's details (its status stays), with the version read; staff change only their own calls.",
    tag: "Calls",
    scope: "call.edit",
    body: updateCallInput.omit({ id: true }),
    response: { status: 200, description: "The call.", schema: callState },
    handle: async ({ db, actor, params, body }) => ({
      json: await updateCall(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/calls/{id}/complete",
    operationId: "completeCall",
    summary:
      "Complete a requested or scheduled call, with its duration; optionally schedules a follow-up. A billable call with a project is logged in its person's week.",
    tag: "Calls",
    scope: "call.edit",
    body: completeCallInput.omit({ id: true }),
    response: {
      status: 200,
      description: "The call, its follow-up (or null) and what became of its time (or null).",
      schema: z.object({
        call: callState,
        followUp: callState.nullable(),
        time: detail("The time logged.").nullable(),
      }),
    },
    handle: async ({ db, actor, params, body }) => ({
      json: await completeCall(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/calls/{id}/miss",
    operationId: "markCallMissed",
    summary:
      "Mark a requested or scheduled call missed, with what happened (no_answer, busy, voicemail, wrong_number).",
    tag: "Calls",
    scope: "call.edit",
    body: missCallInput.omit({ id: true }),
    response: { status: 200, description: "The call.", schema: callState },
    handle: async ({ db, actor, params, body }) => ({
      json: await markCallMissed(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/calls/{id}/schedule",
    operationId: "rescheduleCall",
    summary: "Schedule a requested call, or move a scheduled one to another time.",
    tag: "Calls",
    scope: "call.edit",
    body: scheduleExistingCallInput.omit({ id: true }),
    response: { status: 200, description: "The call.", schema: callState },
    handle: async ({ db, actor, params, body }) => ({
      json: await rescheduleCall(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/calls/{id}/retry",
    operationId: "retryCall",
    summary: "Schedule a missed call again.",
    tag: "Calls",
    scope: "call.edit",
    body: scheduleExistingCallInput.omit({ id: true }),
    response: { status: 200, description: "The call.", schema: callState },
    handle: async ({ db, actor, params, body }) => ({
      json: await retryCall(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/calls/{id}/cancel",
    operationId: "cancelCall",
    summary: "Cancel a requested or scheduled call.",
    tag: "Calls",
    scope: "call.edit",
    body: cancelCallInput.omit({ id: true }),
    response: { status: 200, description: "The call.", schema: callState },
    handle: async ({ db, actor, params, body }) => ({
      json: await cancelCall(db, actor, { ...(body as object), id: params.id }),
    }),
  },

  // Invoices and credit notes.
  {
    method: "get",
    path: "/invoices",
    operationId: "listInvoices",
    summary: "Invoices and credit notes, with the filters of the invoices page, paged.",
    tag: "Invoices",
    scope: "invoice.read",
    query: z.object({
      q: z.string().trim().max(100).optional(),
      status: z.enum(INVOICE_LIST_STATUSES).optional(),
      kind: z.enum(INVOICE_KINDS).optional(),
      client: z.uuid().optional(),
      from: date.optional(),
      to: date.optional(),
      paidFrom: date.optional(),
      paidTo: date.optional(),
      sort: z.enum(INVOICE_SORTS).optional(),
      dir: z.enum(["asc", "desc"]).optional(),
      ...pagingQuery,
    }),
    response: { status: 200, description: "A page of invoices.", schema: pageSchema(invoiceRow) },
    handle: async ({ db, query }) => {
      const { pageSize, ...filter } = query as { pageSize: number; page: number } & Record<string, string | undefined>;
      const settings = await getSettings(db);
      const list = await findInvoices(db, { ...filter, size: pageSize } as never, todayInZone(settings.timezone));
      return { json: pageOf(list.rows, { page: list.page, pageSize: list.pageSize, total: list.total }) };
    },
  },
  {
    method: "post",
    path: "/invoices",
    operationId: "createInvoice",
    summary: "Create a draft invoice.",
    tag: "Invoices",
    scope: "invoice.edit",
    body: createInvoiceInput,
    idempotent: true,
    response: { status: 201, description: "The draft.", schema: created },
    handle: async ({ db, actor, body }) => ({ status: 201, json: await createDraftInvoice(db, actor, body) }),
  },
  {
    method: "get",
    path: "/invoices/{id}",
    operationId: "getInvoice",
    summary: "One invoice with its lines, payments and credit notes.",
    tag: "Invoices",
    scope: "invoice.read",
    response: { status: 200, description: "The invoice.", schema: detail("The invoice and what belongs to it.") },
    handle: async ({ db, params }) => ({ json: await getInvoice(db, params.id!) }),
  },
  {
    method: "patch",
    path: "/invoices/{id}",
    operationId: "updateInvoice",
    summary:
      "Change a draft (invoice or credit note): every field of createInvoice, lines replacing the draft's, with the version read. A stale version is a 409 (invoice.stale); an issued document is refused (invoice.issued_read_only).",
    tag: "Invoices",
    scope: "invoice.edit",
    body: updateInvoiceBody,
    response: { status: 200, description: "The draft.", schema: versioned },
    handle: async ({ db, actor, params, body }) => ({
      json: await updateDraftInvoice(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/invoices/{id}/issue",
    operationId: "issueInvoice",
    summary: "Issue a draft: it takes its number and can no longer change.",
    tag: "Invoices",
    scope: "invoice.issue",
    body: invoiceRefInput.omit({ id: true }),
    idempotent: true,
    response: { status: 200, description: "The invoice.", schema: versioned },
    handle: async ({ db, actor, params, body }) => ({
      json: await issueInvoice(db, actor, { ...(body as object), id: params.id }),
    }),
  },
  {
    method: "post",
    path: "/invoices/{id}/payments",
    operationId: "recordPayment",
    summary: "Record a payment received for an issued invoice.",
    tag: "Invoices",
    scope: "payment.record",
    body: recordPaymentInput.omit({ invoiceId: true }),
    idempotent: true,
    response: { status: 201, description: "The payment.", schema: detail("The payment.") },
    handle: async ({ db, actor, params, body }) => ({
      status: 201,
      json: await recordPayment(db, actor, { ...(body as object), invoiceId: params.id }),
    }),
  },
  {
    method: "post",
    path: "/invoices/{id}/credit-notes",
    operationId: "createCreditNote",
    summary:
      "Credit an issued invoice: full (issued at once, cancels it) or partial (a draft credit note to adjust, then issue).",
    tag: "Invoices",
    scope: "invoice.credit",
    body: createCreditNoteInput.omit({ invoiceId: true }),
    idempotent: true,
    response: { status: 201, description: "The credit note.", schema: detail("The credit note.") },
    handle: async ({ db, actor, params, body }) => ({
      status: 201,
      json: await createCreditNote(db, actor, { ...(body as object), invoiceId: params.id }),
    }),
  },
  {
    method: "get",
    path: "/invoices/{id}/pdf",
    operationId: "getInvoicePdf",
    summary: "The invoice as a PDF (the same bytes every time once issued).",
    tag: "Invoices",
    scope: "invoice.read",
    response: { status: 200, description: "The PDF.", contentType: "application/pdf" },
    handle: async ({ db, params }) => {
      const { detail: invoice, document, brand } = await getInvoiceDocument(db, params.id!);
      // The same bytes as /bo/invoices/{id}/pdf: the look frozen at issue.
      const bytes = await renderInvoicePdf(document, invoice.issuedAt ?? invoice.updatedAt, {
        branding: pdfBrandingOf(brand),
      });
      return {
        response: new Response(new Uint8Array(bytes), {
          headers: {
            "content-type": "application/pdf",
            "content-length": String(bytes.length),
            "cache-control": "no-store",
          },
        }),
      };
    },
  },
];
