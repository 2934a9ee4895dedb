import pino from "pino";
import { getConfig } from "./env";

const globalForLogger = globalThis as unknown as { bureauLogger?: pino.Logger };

/** JSON lines on stdout; one logger per process. */
export function getLogger(): pino.Logger {
  if (!globalForLogger.bureauLogger) {
    let level = "info";
    try {
      level = getConfig().logLevel;
    } catch {
      // A bad configuration is reported by start-up; logging must still work meanwhile.
    }
    globalForLogger.bureauLogger = pino({
      level,
      base: { service: "bureau" },
      redact: {
        paths: ["password", "*.password", "currentPassword", "newPassword", "headers.cookie", "headers.authorization"],
        censor: "[redacted]",
      },
    });
  }
  return globalForLogger.bureauLogger;
}
