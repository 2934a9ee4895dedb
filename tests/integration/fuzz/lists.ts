// Every list page's URL parameters, fuzzed (the security review's finding f: `/bo/clients?q=a%00b`,
// `?page=1e308`, `/bo/messages?page=1e400` were 500s). A list page parses its search params with
// its list definition (src/lib/search-params.ts) and runs its query with what the parse gives;
// each case below runs that same query. The registry checks that every list page under
// src/app/bo/(shell) has a case, and that its source parses with the case's definition.
import { todayInZone } from "../../../src/lib/dates";
import { MAX_PAGE_SIZE } from "../../../src/lib/search-params";
import { auditList } from "../../../src/modules/audit/audit-schemas";
import { findAuditEvents } from "../../../src/modules/audit/audit-queries";
import { runReadsTogether } from "../../../src/db/select-together";
import { callFormOptionsRead, callListRead, completeCallList } from "../../../src/modules/calls/call-queries";
import { callList } from "../../../src/modules/calls/call-schemas";
import { clientNameRead, findClientName, findClients } from "../../../src/modules/clients/client-queries";
import { clientList } from "../../../src/modules/clients/client-schemas";
import { findInvoices } from "../../../src/modules/invoices/invoice-list-queries";
import { invoiceList } from "../../../src/modules/invoices/invoice-schemas";
import { findJobPage } from "../../../src/modules/jobs/job-queries";
import { jobList } from "../../../src/modules/jobs/job-schemas";
import { findEmails } from "../../../src/modules/mail/mail-queries";
import { outboxList } from "../../../src/modules/mail/outbox-schemas";
import { findQuotes } from "../../../src/modules/quotes/quote-queries";
import { findExpenses } from "../../../src/modules/expenses/expense-queries";
import { expenseList } from "../../../src/modules/expenses/expense-schemas";
import { quoteList } from "../../../src/modules/quotes/quote-schemas";
import { countMessagesByStatus, findMessages } from "../../../src/modules/messages/message-queries";
import { messageList } from "../../../src/modules/messages/message-schemas";
import {
  countAwaitingApproval,
  findTimesheetPeople,
  findTimesheets,
} from "../../../src/modules/timesheets/timesheet-queries";
import { timesheetList } from "../../../src/modules/timesheets/timesheet-schemas";
import { findMoneyReport } from "../../../src/modules/reports/money-report-queries";
import { pageOf, reportRange } from "../../../src/modules/reports/report-rules";
import {
  ageingReport,
  moneyReport,
  profitabilityReport,
  salesJournal,
  timeReport,
  utilisationReport,
} from "../../../src/modules/reports/report-schemas";
import { findAgeingInvoices, findAgeingReport } from "../../../src/modules/reports/ageing-report-queries";
import { findUtilisationReport } from "../../../src/modules/reports/utilisation-report-queries";
import { findProfitabilityReport } from "../../../src/modules/reports/profitability-report-queries";
import { findBudgetUsage } from "../../../src/modules/clients/project-budget-queries";
import { findSalesJournalRows, findSalesJournalTotals } from "../../../src/modules/reports/sales-journal-queries";
import {
  findTimeReport,
  findTimeReportChoices,
  findTimeReportEntries,
} from "../../../src/modules/reports/time-report-queries";
import type { FuzzContext } from "./harness";

/** What a list page shows of its read: how many rows, which page, out of how many rows (when paged). */
export type ListAnswer = { rows: number; page?: number; total?: number };

type Definition = {
  path: string;
  schema: { shape: Record<string, unknown> };
  parse: (params: Record<string, string | string[] | undefined>) => Record<string, unknown>;
};

export type ListCase = {
  /** The file that parses the page's search params: it must call `<definition>.parse(`. */
  file: string;
  /** The name the file knows the list definition by. */
  definition: string;
  list: Definition;
  /** The page's reads, as the page runs them with its parsed parameters. */
  read: (ctx: FuzzContext, params: never) => Promise<ListAnswer>;
};

const TIME_ZONE = "Europe/Paris";

/** Keyed by the page's route. */
export const LIST_CASES: Record<string, ListCase> = {
  "/bo/invoices": {
    file: "src/app/bo/(shell)/invoices/page.tsx",
    definition: "invoiceList",
    list: invoiceList,
    read: async (ctx, filter: ReturnType<typeof invoiceList.parse>) => {
      const [list] = await Promise.all([
        findInvoices(ctx.db, filter, todayInZone(TIME_ZONE)),
        findClientName(ctx.db, filter.client),
      ]);
      return { rows: list.rows.length, page: list.page, total: list.total };
    },
  },
  "/bo/clients": {
    file: "src/app/bo/(shell)/clients/page.tsx",
    definition: "clientList",
    list: clientList,
    read: async (ctx, params: ReturnType<typeof clientList.parse>) => {
      const list = await findClients(ctx.db, {
        q: params.q,
        archived: params.archived,
        sort: params.sort,
        direction: params.dir,
        page: params.page,
        pageSize: params.size,
      });
      return { rows: list.rows.length, page: list.page, total: list.total };
    },
  },
  "/bo/timesheets": {
    file: "src/app/bo/(shell)/timesheets/page.tsx",
    definition: "timesheetList",
    list: timesheetList,
    read: async (ctx, params: ReturnType<typeof timesheetList.parse>) => {
      const [list] = await Promise.all([
        findTimesheets(ctx.db, ctx.admin, {
          view: params.view,
          status: params.status,
          week: params.week,
          userId: params.person,
          page: params.page,
          pageSize: params.view === "queue" ? MAX_PAGE_SIZE : params.size,
        }),
        countAwaitingApproval(ctx.db, ctx.admin),
        findTimesheetPeople(ctx.db),
      ]);
      return { rows: list.rows.length, page: list.page, total: list.total };
    },
  },
  "/bo/calls": {
    file: "src/app/bo/(shell)/calls/page.tsx",
    definition: "callList",
    list: callList,
    read: async (ctx, query: ReturnType<typeof callList.parse>) => {
      const options = { ...query, viewerId: ctx.admin.id, timeZone: TIME_ZONE, today: todayInZone(TIME_ZONE) };
      const { list: page } = await runReadsTogether(ctx.db, {
        list: callListRead(ctx.db, options),
        options: callFormOptionsRead(ctx.db, ctx.admin, TIME_ZONE),
        client: clientNameRead(ctx.db, query.client),
      });
      const list = await completeCallList(ctx.db, options, page);
      return { rows: list.rows.length, page: list.page, total: list.total };
    },
  },
  "/bo/messages": {
    file: "src/app/bo/(shell)/messages/page.tsx",
    definition: "messageList",
    list: messageList,
    read: async (ctx, params: ReturnType<typeof messageList.parse>) => {
      const [messages, counts] = await Promise.all([
        findMessages(ctx.db, params.status, params.size, (params.page - 1) * params.size),
        countMessagesByStatus(ctx.db),
      ]);
      return { rows: messages.length, page: params.page, total: counts[params.status] };
    },
  },
  "/bo/outbox": {
    file: "src/app/bo/(shell)/outbox/page.tsx",
    definition: "outboxList",
    list: outboxList,
    read: async (ctx, params: ReturnType<typeof outboxList.parse>) => {
      const list = await findEmails(ctx.db, { status: params.status, page: params.page, pageSize: params.size });
      return { rows: list.rows.length, page: params.page, total: list.total };
    },
  },
  "/bo/quotes": {
    file: "src/app/bo/(shell)/quotes/page.tsx",
    definition: "quoteList",
    list: quoteList,
    read: async (ctx, params: ReturnType<typeof quoteList.parse>) => {
      const list = await findQuotes(ctx.db, {
        timezone: "Europe/Paris",
        q: params.q,
        status: params.status,
        page: params.page,
        pageSize: params.size,
      });
      return { rows: list.rows.length, page: params.page, total: list.total };
    },
  },
  "/bo/expenses": {
    file: "src/app/bo/(shell)/expenses/page.tsx",
    definition: "expenseList",
    list: expenseList,
    read: async (ctx, params: ReturnType<typeof expenseList.parse>) => {
      const lists = await findExpenses(ctx.db, ctx.admin, params);
      return { rows: lists.mine.rows.length, page: params.page, total: lists.mine.total };
    },
  },
  "/bo/audit": {
    file: "src/app/bo/(shell)/audit/page.tsx",
    definition: "auditList",
    list: auditList,
    read: async (ctx, params: ReturnType<typeof auditList.parse>) => {
      const list = await findAuditEvents(ctx.db, { entity: params.entity, page: params.page, pageSize: params.size });
      return { rows: list.rows.length, page: list.page, total: list.total };
    },
  },
  "/bo/jobs": {
    file: "src/app/bo/(shell)/jobs/page.tsx",
    definition: "jobList",
    list: jobList,
    read: async (ctx, params: ReturnType<typeof jobList.parse>) => {
      const { rows } = await findJobPage(ctx.db, {
        withNewApplications: params.applications === "new",
        status: params.status,
        sort: params.sort,
        dir: params.dir,
        today: "2026-03-02",
        limit: params.size,
        offset: (params.page - 1) * params.size,
      });
      return { rows: rows.length };
    },
  },
  "/bo/reports": {
    file: "src/app/bo/(shell)/reports/page.tsx",
    definition: "timeReport",
    list: timeReport,
    read: async (ctx, params: ReturnType<typeof timeReport.parse>) => {
      const range = reportRange(params, todayInZone(TIME_ZONE));
      const filter = { ...params, ...range };
      await findTimeReportChoices(ctx.db, params);
      if (params.group === "entry") {
        const list = await findTimeReportEntries(ctx.db, ctx.admin, filter, 5000, {
          page: params.page,
          pageSize: params.size,
        });
        return { rows: list.rows.length, page: list.page, total: list.total };
      }
      const report = await findTimeReport(ctx.db, ctx.admin, params.group, filter, 5000);
      return { rows: pageOf(report.rows, params).length, page: params.page, total: report.rows.length };
    },
  },
  "/bo/reports/money": {
    file: "src/app/bo/(shell)/reports/money/page.tsx",
    definition: "moneyReport",
    list: moneyReport,
    read: async (ctx, params: ReturnType<typeof moneyReport.parse>) => {
      const report = await findMoneyReport(ctx.db, params.group, reportRange(params, todayInZone(TIME_ZONE)));
      return { rows: report.rows.length };
    },
  },
  "/bo/reports/ageing": {
    file: "src/app/bo/(shell)/reports/ageing/page.tsx",
    definition: "ageingReport",
    list: ageingReport,
    read: async (ctx, params: ReturnType<typeof ageingReport.parse>) => {
      const asOf = params.asOf ?? todayInZone(TIME_ZONE);
      const [report] = await Promise.all([
        findAgeingReport(ctx.db, { asOf, client: params.client }),
        params.client ? findAgeingInvoices(ctx.db, { asOf, client: params.client }) : null,
      ]);
      return { rows: pageOf(report.rows, params).length, page: params.page, total: report.rows.length };
    },
  },
  "/bo/reports/utilisation": {
    file: "src/app/bo/(shell)/reports/utilisation/page.tsx",
    definition: "utilisationReport",
    list: utilisationReport,
    read: async (ctx, params: ReturnType<typeof utilisationReport.parse>) => {
      const range = reportRange(params, todayInZone(TIME_ZONE));
      const report = await findUtilisationReport(
        ctx.db,
        ctx.admin,
        { ...params, ...range },
        {
          country: "FR",
          weeklyCapacityMinutes: null,
        },
      );
      return { rows: report.rows.length };
    },
  },
  "/bo/reports/journal": {
    file: "src/app/bo/(shell)/reports/journal/page.tsx",
    definition: "salesJournal",
    list: salesJournal,
    read: async (ctx, params: ReturnType<typeof salesJournal.parse>) => {
      const range = reportRange(params, todayInZone(TIME_ZONE));
      const [rows] = await Promise.all([
        findSalesJournalRows(ctx.db, range, 101),
        findSalesJournalTotals(ctx.db, range),
      ]);
      return { rows: rows.length };
    },
  },
  "/bo/reports/profitability": {
    file: "src/app/bo/(shell)/reports/profitability/page.tsx",
    definition: "profitabilityReport",
    list: profitabilityReport,
    read: async (ctx, params: ReturnType<typeof profitabilityReport.parse>) => {
      const range = reportRange(params, todayInZone(TIME_ZONE));
      const report = await findProfitabilityReport(ctx.db, ctx.admin, { ...params, ...range }, 5000);
      const shown = params.project ? report.rows : pageOf(report.rows, params);
      await findBudgetUsage(
        ctx.db,
        { projectIds: shown.map((row) => row.projectId) },
        { timezone: TIME_ZONE, defaultHourlyRate: 5000 },
      );
      return { rows: shown.length, page: params.page, total: report.rows.length };
    },
  },
};
