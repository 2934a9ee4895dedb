// A person's weekly capacity: the hours a week they work, against which the dashboard (and, with
// issue 24, planning) measures their time. The firm's working week in Settings; a person's own in
// their profile where it differs. Pure and browser-safe: the forms and the queries share it.
import { z } from "zod";

/** A French firm works 35 h a week by default (Code du travail, art. L3121-27); elsewhere 40 h. */
export function defaultWeeklyMinutes(country: string): number {
  return country.toUpperCase() === "FR" ? 35 * 60 : 40 * 60;
}

/** The firm's working week: the setting, else the default of its country. */
export function firmWeeklyMinutes(firm: { country: string; weeklyCapacityMinutes: number | null }): number {
  return firm.weeklyCapacityMinutes ?? defaultWeeklyMinutes(firm.country);
}

/** A person's week: their own capacity where the profile has one, else the firm's. */
export function personWeeklyMinutes(
  person: { weeklyCapacityMinutes: number | null } | null,
  firm: { country: string; weeklyCapacityMinutes: number | null },
): number {
  return person?.weeklyCapacityMinutes ?? firmWeeklyMinutes(firm);
}

export const WEEKLY_HOURS_MAX = 80;

/** 2100 → "35", 2250 → "37.5", 2265 → "37:45": hours as a person types them back. */
export function minutesToHoursText(minutes: number | null): string {
  if (minutes === null) return "";
  if (minutes % 30 === 0) return String(minutes / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

const HOURS_MESSAGE = `Enter hours a week between 1 and ${WEEKLY_HOURS_MAX}, e.g. 35 or 37.5.`;

/** Hours a week as typed ("35", "37.5", "37,5", "37:30"), in minutes; empty: null (the default). */
export const optionalWeeklyHoursInput = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const text = String(value ?? "").trim();
    if (text === "") return null;
    let minutes: number | null = null;
    const clock = /^(\d{1,2}):([0-5]\d)$/.exec(text);
    if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
    else if (/^\d{1,2}([.,]\d{1,2})?$/.test(text)) minutes = Math.round(Number(text.replace(",", ".")) * 60);
    if (minutes === null || minutes < 60 || minutes > WEEKLY_HOURS_MAX * 60) {
      ctx.addIssue({ code: "custom", message: HOURS_MESSAGE });
      return z.NEVER;
    }
    return minutes;
  });
