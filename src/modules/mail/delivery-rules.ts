// Pure rules of delivery: back-off between tries, and which errors are worth another try.

export const MAX_ATTEMPTS = 8;
/** A claimed row is the worker's for this long; after it, another worker may take it again. */
export const DEFAULT_LEASE_MS = 5 * 60 * 1000;

/** Delay before try `attempt + 1` after try `attempt` failed: base · 2^(attempt−1), capped, ±10 % jitter. */
export function backoffDelayMs(
  attempt: number,
  baseMs = 30_000,
  maxMs = 6 * 60 * 60 * 1000,
  random: () => number = Math.random,
): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const jitter = 1 + (random() * 0.2 - 0.1);
  return Math.max(0, Math.round(raw * jitter));
}

/** SMTP 5xx answers (bad address, refused content) will not get better by trying again. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const response = (error as { response?: unknown }).response;
    return [typeof code === "string" ? code : null, typeof response === "string" ? response : error.message]
      .filter(Boolean)
      .join(": ")
      .slice(0, 2000);
  }
  return String(error).slice(0, 2000);
}
