// What every part of the large seed shares: the target counts, the calendar (days as integers,
// instants as milliseconds), the random streams and the table writers.
import { createRandom, type Random } from "./random";
import type { TableWriter } from "./loader";

export const FIRM_TIMEZONE = "Europe/Paris";
export const FIRM_RATE = 9000;
export const WEEKS = 156;

/** The firm at scale 1 (issue 10); every count is multiplied by the scale, with a floor so tiny scales stay coherent. */
export const BASE_COUNTS = {
  people: [50, 5],
  clients: [2_000, 4],
  projects: [10_000, 8],
  timeEntries: [400_000, 300],
  invoices: [100_000, 60],
  calls: [100_000, 60],
  jobs: [200, 3],
  applications: [20_000, 20],
  messages: [50_000, 20],
} as const;

export type Counts = { -readonly [K in keyof typeof BASE_COUNTS]: number };

export function targetCounts(scale: number): Counts {
  const counts = {} as Counts;
  for (const [key, [base, floor]] of Object.entries(BASE_COUNTS) as [keyof Counts, readonly [number, number]][])
    counts[key] = Math.max(floor, Math.round(base * scale));
  return counts;
}

// ---------------------------------------------------------------------------------------
// Calendar: a day is the integer number of days since 1970-01-01 (UTC), as fast as it gets for
// a few million dates; strings only when a row is written.

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function dayOf(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

const dateStrings = new Map<number, string>();
export function dateOf(day: number): string {
  let text = dateStrings.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dateStrings.set(day, text);
  }
  return text;
}

/** ISO day of the week, Monday 1 … Sunday 7 (1970-01-01 was a Thursday). */
export function isoDayOfWeek(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

export function mondayOf(day: number): number {
  return day - isoDayOfWeek(day) + 1;
}

/** An instant on a day at a local hour of the firm (Paris, taken as UTC+1: close enough for seeded times). */
export function at(day: number, hours: number): number {
  return day * DAY_MS + (hours - 1) * HOUR_MS;
}

export function monthKey(day: number): string {
  return dateOf(day).slice(0, 7);
}

export function firstDayOfNextMonth(day: number): number {
  const date = new Date(day * DAY_MS);
  return Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS);
}

// ---------------------------------------------------------------------------------------

export type Generation = {
  seed: number;
  scale: number;
  counts: Counts;
  /** Today in the firm's timezone: everything seeded happened before it, except planned calls. */
  today: number;
  /** The instant today starts in the firm's timezone. */
  startOfToday: number;
  /** Monday of the first of the WEEKS weeks of timesheets (the current week is the last). */
  firstMonday: number;
  random(stream: string): Random;
  writer(table: string, columns: readonly string[]): TableWriter;
};

export function streamFactory(seed: number) {
  return (stream: string) => createRandom(seed, stream);
}
