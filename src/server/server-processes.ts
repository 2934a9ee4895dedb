// How many `next start` processes one Bureau instance runs (scripts/serve.mjs). Plain TypeScript
// without imports: scripts/serve.mjs loads it in plain Node.js before anything is built.

/** The most server processes one instance may run. */
export const MAX_SERVER_PROCESSES = 64;

/**
 * WEB_CONCURRENCY when set (1 to 64); otherwise one process per core on PostgreSQL and one on the
 * embedded database, which only one process may open. Throws an Error saying what is wrong.
 */
export function serverProcessCount(env: Record<string, string | undefined>, cores: number): number {
  const text = (env.WEB_CONCURRENCY ?? "").trim();
  const embedded = !(env.DATABASE_URL ?? "").trim();
  if (text === "") return embedded ? 1 : Math.max(1, Math.min(cores, MAX_SERVER_PROCESSES));
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_SERVER_PROCESSES) {
    throw new Error(
      `WEB_CONCURRENCY must be a whole number of server processes from 1 to ${MAX_SERVER_PROCESSES} (got "${text}").`,
    );
  }
  const count = Number(text);
  if (embedded && count > 1) {
    throw new Error(
      `WEB_CONCURRENCY=${count} needs PostgreSQL (DATABASE_URL): the embedded database can be opened by one process only.`,
    );
  }
  return count;
}
