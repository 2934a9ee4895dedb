// Runs once when the server process starts (instrumentation.ts): validates the configuration, opens
// the database, applies migrations, and on first run creates the administrator.
import { count } from "drizzle-orm";
import { getDatabaseHandle } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { user } from "@/db/schema";
import { ConfigError, getConfig } from "@/lib/env";
import { getLogger } from "@/lib/logger";
import { startBackgroundWorker, stopBackgroundWorker } from "@/modules/mail/background-worker";
import { getSettings } from "@/modules/settings/settings-queries";
import { generatePassword } from "@/modules/users/password-policy";
import { createFirstAdmin } from "@/modules/users/user-mutations";

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
  const logger = getLogger();
  let handle;
  try {
    handle = getDatabaseHandle();
    await migrateDatabase(handle);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const db = handle.db;
  await getSettings(db);

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
        generated ? `  Password: ${password}   (shown once; you will choose your own at first sign-in)` : "  Password: the one in ADMIN_PASSWORD",
        "",
      ];
      console.log(lines.join("\n"));
    }
  }
  logger.info({ url: config.appUrl, database: handle.kind, dataDir: handle.kind === "pglite" ? config.dataDir : undefined }, "Bureau is ready");
  console.log(`\n  Bureau is running at ${config.appUrl}  (back office: ${loginUrl})\n`);

  // The background worker (outbox, reminders) runs here unless a separate `npm run worker` does.
  if (config.workerInProcess) startBackgroundWorker(db);

  const close = (signal: string) => {
    logger.info({ signal }, "shutting down");
    // Next.js stops accepting requests on the same signal; give those in flight a moment, then close.
    setTimeout(() => {
      stopBackgroundWorker()
        .catch(() => {})
        .then(() => handle.close())
        .finally(() => process.exit(0));
    }, 500).unref();
  };
  process.once("SIGTERM", () => close("SIGTERM"));
  process.once("SIGINT", () => close("SIGINT"));
}
