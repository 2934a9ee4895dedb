// Runs once when the server process starts (instrumentation.ts): validates the configuration, opens
// the database, applies migrations, and on first run creates the administrator.
import { count } from "drizzle-orm";
import { getDatabaseHandle } from "@/db/client";
import { answerQueryTimingRequests } from "@/db/query-timing";
import { migrateDatabase } from "@/db/migrate";
import { user } from "@/db/schema";
import { ConfigError, getConfig } from "@/lib/env";
import { getLogger } from "@/lib/logger";
import { unrealSenderWarning } from "@/modules/mail/mail-identity";
import { startBackgroundWorker, stopBackgroundWorker } from "@/modules/mail/background-worker";
import { getSettings } from "@/modules/settings/settings-queries";
import { generatePassword } from "@/modules/users/password-policy";
import { createFirstAdmin } from "@/modules/users/user-mutations";
import { installClientAddressHook } from "./client-address";

const DEFAULT_ADMIN_EMAIL = "admin@example.com";

function fail(message: string): never {
  // Plain text on stderr, so a person starting Bureau reads it at once; then stop.
  console.error(`\nBureau cannot start:\n${message}\n`);
  process.exit(1);
}

export async function startUp(): Promise<void> {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // Before anything else: the per-address limits read the address this hook writes on each request.
  installClientAddressHook(config.trustedProxies);
  const logger = getLogger();
  let handle;
  try {
    handle = getDatabaseHandle();
    await migrateDatabase(handle);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const db = handle.db;
  const firm = await getSettings(db);
  // Mail from localhost or *.test is refused or filed as spam: said at start-up, still written (a trial works).
  const unrealSender = unrealSenderWarning(firm, config.mailFrom);
  if (unrealSender) logger.warn({ mailFrom: config.mailFrom }, unrealSender);

  const loginUrl = `${config.appUrl}/bo/login`;
  const [users] = await db.select({ value: count() }).from(user);
  if ((users?.value ?? 0) === 0) {
    const generated = !config.adminPassword;
    const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    const password = config.adminPassword ?? generatePassword();
    const created = await createFirstAdmin(db, { email, password, generated });
    if (created) {
      const lines = [
        "",
        "  Bureau: first run, an administrator was created.",
        `  Sign in at ${loginUrl}`,
        `  Email:    ${email}`,
        generated
          ? `  Password: ${password}   (shown once; you will choose your own at first sign-in)`
          : "  Password: the one in ADMIN_PASSWORD",
        "",
      ];
      console.log(lines.join("\n"));
    }
  }
  logger.info(
    {
      url: config.appUrl,
      database: handle.kind,
      dataDir: handle.kind === "pglite" ? config.dataDir : undefined,
      process: config.processIndex,
    },
    "Bureau is ready",
  );
  // Once per instance, not once per server process (scripts/serve.mjs).
  if (config.processIndex === 1) console.log(`\n  Bureau is running at ${config.appUrl}  (back office: ${loginUrl})\n`);
  if (config.benchEnabled) answerQueryTimingRequests();

  // The background worker (outbox, reminders) runs here unless a separate `npm run worker` does.
  if (config.workerInProcess) startBackgroundWorker(db);

  closeOnSignals(() => handle.close());
}

/** How long a stop may wait for requests still running before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 25_000;

/**
 * Stopping cleanly (SIGTERM from a process manager or an orchestrator, Ctrl+C).
 *
 * `next start` handles these signals itself: it stops accepting connections at once, lets every
 * request in flight finish, then calls process.exit. So Bureau must neither close the database nor
 * exit before that (doing so cut off the requests still running: tests/system/faults.sys.test.ts).
 * On the signal the background worker stops taking mail and finishes the mail in hand; Next.js's
 * exit is held until the worker has stopped, then the database is closed and the process exits
 * with Next.js's code. A request still running after SHUTDOWN_LIMIT_MS does not hold the process
 * forever (orchestrators kill after their own grace period anyway: give them at least this long).
 */
function closeOnSignals(closeDatabase: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // A terminal's Ctrl+C reaches every process of the group, and npm forwards it too: once is enough.
    if (stopping) return;
    stopping = true;
    const logger = getLogger();
    logger.info({ signal }, "shutting down");
    const workerStopped = stopBackgroundWorker().catch((error: unknown) =>
      logger.error({ err: error }, "stopping the background worker failed"),
    );
    const exit = process.exit.bind(process);
    let exiting = false;
    process.exit = ((code?: number | string | null) => {
      if (!exiting) {
        exiting = true;
        void workerStopped
          .then(closeDatabase)
          .catch(() => {})
          .finally(() => exit(code));
      }
      return undefined as never;
    }) as typeof process.exit;
    setTimeout(() => {
      logger.warn({ limitMs: SHUTDOWN_LIMIT_MS }, "requests still running at the shutdown limit; exiting");
      exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
