// Starts the background worker with the configuration: SMTP (or capture), the sender, and the
// periodic jobs. Used by the server's start-up (WORKER_IN_PROCESS) and by `npm run worker`.
import { purgeExpiredIdempotencyKeys } from "@/modules/api/api-idempotency";
import { purgeExpiredApplications } from "@/modules/jobs/job-mutations";
import type { Database } from "@/db/client";
import { getConfig } from "@/lib/env";
import { getLogger } from "@/lib/logger";
import { purgeExpiredMessages } from "@/modules/messages/message-mutations";
import { pruneRateLimitWindows } from "@/modules/rate-limits/rate-limit";
import { sendTimesheetReminders } from "@/modules/timesheets/timesheet-notifications";
import { drainWebhooks } from "@/modules/webhooks/webhook-delivery";
import { queueOverdueInvoiceEvents } from "@/modules/webhooks/webhook-overdue";
import { runRecurringInvoices } from "@/modules/recurring/recurring-runs";
import { runDailyReminders } from "./invoice-reminders";
import { startWorker, type RunningWorker } from "./mail-worker";
import { createSmtpTransport } from "./smtp-transport";

const globalForWorker = globalThis as unknown as { bureauWorker?: RunningWorker };

export function startBackgroundWorker(db: Database): RunningWorker {
  if (globalForWorker.bureauWorker) return globalForWorker.bureauWorker;
  const config = getConfig();
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
  const worker = startWorker(db, {
    transport,
    from: config.mailFrom,
    periodicJobs: [
      // Webhook deliveries that are due (decision 052): each try waits at most 10 s.
      {
        name: "webhook-deliveries",
        everyMs: 5 * 1000,
        run: (database) => drainWebhooks(database).then(() => undefined),
      },
      // invoice.overdue once per invoice whose due date passed with a balance (decision 055); the
      // pass is daily in effect (a due date passes once a day) and claims each invoice once.
      {
        name: "invoice-overdue-webhooks",
        everyMs: 60 * 60 * 1000,
        run: (database) => queueOverdueInvoiceEvents(database).then(() => undefined),
      },
      // Recurring invoices (decision 060): each due period's invoice, exactly once per template and
      // period; a pass late by months catches up every missed period.
      {
        name: "recurring-invoices",
        everyMs: 5 * 60 * 1000,
        run: (database) => runRecurringInvoices(database).then(() => undefined),
      },
      {
        name: "invoice-reminders",
        everyMs: 5 * 60 * 1000,
        run: (database) => runDailyReminders(database).then(() => undefined),
      },
      // The weekly timesheet reminder, when Settings has one (once per person and week).
      {
        name: "timesheet-reminders",
        everyMs: 5 * 60 * 1000,
        run: (database) => sendTimesheetReminders(database).then(() => undefined),
      },
      // Applications older than the retention setting are purged with their CV (idempotent).
      {
        name: "application-retention",
        everyMs: 60 * 60 * 1000,
        run: (database) => purgeExpiredApplications(database).then(() => undefined),
      },
      // Contact messages older than their retention setting, with their replies (idempotent).
      {
        name: "message-retention",
        everyMs: 60 * 60 * 1000,
        run: (database) => purgeExpiredMessages(database).then(() => undefined),
      },
      // API idempotency keys older than 24 hours, and rate-limit windows ended a day ago (decision 051).
      {
        name: "api-housekeeping",
        everyMs: 60 * 60 * 1000,
        run: async (database) => {
          await purgeExpiredIdempotencyKeys(database);
          await pruneRateLimitWindows(database);
        },
      },
    ],
  });
  getLogger().info(
    { smtp: Boolean(transport) },
    transport
      ? "background worker started"
      : "background worker started; SMTP_URL is not set, mail is kept as captured",
  );
  const running: RunningWorker = {
    wake: worker.wake,
    stop: async () => {
      await worker.stop();
      transport?.close?.();
      globalForWorker.bureauWorker = undefined;
    },
  };
  globalForWorker.bureauWorker = running;
  return running;
}

export async function stopBackgroundWorker(): Promise<void> {
  await globalForWorker.bureauWorker?.stop();
}
