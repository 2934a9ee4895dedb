// Pure rules of how long the public forms' data is kept: job applications and contact messages
// are deleted a number of calendar months after they arrive (Settings → Public site), by the
// background worker's purges; the forms and the privacy notice state that period in days.

/** The bounds of a retention setting, in months (the settings form and its schema). */
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 120;

/** The date `months` calendar months before `now` (UTC): what arrived before it is purged. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

/** How many days a retention of `months` keeps what is received today (the forms' consent lines say so). */
export function retentionDays(months: number, now: Date = new Date()): number {
  return Math.round((now.getTime() - monthsBefore(now, months).getTime()) / 86_400_000);
}
