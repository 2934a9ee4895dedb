// `npm run worker`: the background worker alone (outbox delivery, daily reminders), next to one or
// more server instances started with WORKER_IN_PROCESS=false. PostgreSQL only: the embedded
// database belongs to the server process, which runs the worker itself.
import { openDatabase, setDatabaseHandle } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { ConfigError, getConfig } from "../src/lib/env";
import { getLogger } from "../src/lib/logger";
import { startBackgroundWorker } from "../src/modules/mail/background-worker";

let config;
try {
  config = getConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? `\nBureau worker cannot start:\n${error.message}\n` : error);
  process.exit(1);
}
if (!config.databaseUrl) {
  console.error(
    "\nBureau worker cannot start: DATABASE_URL is not set.\n" +
      "On the embedded database the server runs the worker itself (WORKER_IN_PROCESS=true, the default);\n" +
      "a separate worker needs PostgreSQL.\n",
  );
  process.exit(1);
}
const handle = openDatabase({
  databaseUrl: config.databaseUrl,
  poolSize: 4,
  preparedStatements: config.databasePreparedStatements,
});
setDatabaseHandle(handle);
await migrateDatabase(handle);
const worker = startBackgroundWorker(handle.db);
getLogger().info({ smtp: Boolean(config.smtpUrl) }, "Bureau worker running");
console.log(
  `\n  Bureau worker running (${config.smtpUrl ? "SMTP configured" : "no SMTP_URL: mail is kept as captured"}). Ctrl+C to stop.\n`,
);

let stopping = false;
const shutdown = (signal: string) => {
  // Ctrl+C reaches every process of the terminal's group and npm forwards it as well: act once
  // (a second signal must not kill the worker while it finishes the mail in hand).
  if (stopping) return;
  stopping = true;
  getLogger().info({ signal }, "worker shutting down");
  worker
    .stop()
    .catch(() => {})
    .then(() => handle.close())
    .finally(() => process.exit(0));
};
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
