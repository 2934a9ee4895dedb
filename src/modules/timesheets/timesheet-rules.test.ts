import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refuse } from "@/lib/rule-result";
import {
  canApprove,
  canEdit,
  canPerform,
  canReject,
  canReopen,
  canWithdraw,
  canSubmit,
  entryValueMinor,
  formatDuration,
  parseDuration,
  resolveHourlyRate,
  statusAfterAction,
  TIMESHEET_STATUSES,
  validateEntries,
  type TimesheetStatus,
} from "./timesheet-rules";
import type { Actor } from "@/modules/audit/audit-log";

describe("parseDuration", () => {
  it.each([
    ["1.5", 90],
    ["1,5", 90],
    ["1:30", 90],
    ["7", 420],
    ["0:45", 45],
    [".5", 30],
    ["  7.5  ", 450],
    ["7.5 h", 450],
    ["7.5h", 450],
    ["8h", 480],
    ["1h30", 90],
    ["1h30m", 90],
    ["1 : 30", 90],
    ["45m", 45],
    ["45 min", 45],
    ["0.25", 15],
    ["0.01", 1], // 0.6 min rounds half-up to 1
    ["0.33", 20], // 19.8 min
    ["24", 1440],
    ["24:00", 1440],
    ["23:59", 1439],
    ["00:01", 1],
  ])("%s → %i minutes", (input, minutes) => {
    expect(parseDuration(input)).toEqual({ ok: true, minutes });
  });

  it.each(["", "   ", "0", "0:00", "0.0"])("%j means no entry (null, not an error)", (input) => {
    expect(parseDuration(input)).toEqual({ ok: true, minutes: null });
  });

  it.each([
    ["25", "timesheet.day_over_24_hours", "A day has at most 24 hours."],
    ["24.01", "timesheet.day_over_24_hours", "A day has at most 24 hours."],
    ["24:01", "timesheet.day_over_24_hours", "A day has at most 24 hours."],
    ["1500m", "timesheet.day_over_24_hours", "A day has at most 24 hours."],
    ["-1", "timesheet.duration_negative", "A duration cannot be negative."],
    ["-0:30", "timesheet.duration_negative", "A duration cannot be negative."],
    ["1:75", "timesheet.duration_minutes_over_59", "Minutes must be between 00 and 59, e.g. 1:30."],
    ["1:60", "timesheet.duration_minutes_over_59", "Minutes must be between 00 and 59, e.g. 1:30."],
    ["abc", "timesheet.duration_not_understood", "Enter hours like 7.5 or 7:30."],
    ["1:5", "timesheet.duration_not_understood", "Enter hours like 7.5 or 7:30."],
    ["1.2.3", "timesheet.duration_not_understood", "Enter hours like 7.5 or 7:30."],
    [".", "timesheet.duration_not_understood", "Enter hours like 7.5 or 7:30."],
    ["1.255", "timesheet.duration_too_precise", "Use at most 2 decimals, e.g. 7.25 or 7:15."],
  ])("refuses %s", (input, code, message) => {
    expect(parseDuration(input)).toEqual({ ok: false, code, message });
  });

  it("reads back every formatted duration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1440 }), (minutes) => {
        expect(parseDuration(formatDuration(minutes, "cell"))).toEqual({ ok: true, minutes });
        expect(parseDuration(formatDuration(minutes, "cell", "fr-FR"))).toEqual({ ok: true, minutes });
        expect(parseDuration(formatDuration(minutes, "decimal", "de-DE"))).toEqual({ ok: true, minutes });
      }),
    );
  });
});

describe("formatDuration", () => {
  it.each([
    [450, "decimal", "7.5 h"],
    [480, "decimal", "8 h"],
    [20, "decimal", "0.33 h"],
    [40, "decimal", "0.67 h"],
    [0, "decimal", "0 h"],
    [450, "cell", "7.5"],
    [5, "cell", "0.08"],
    [1440, "cell", "24"],
    [2535, "cell", "42.25"],
    [-90, "cell", "-1.5"],
  ] as const)("%i as %s → %s", (minutes, style, expected) => {
    expect(formatDuration(minutes, style)).toBe(expected);
  });

  it("uses the locale's decimal separator", () => {
    expect(formatDuration(450, "decimal", "fr-FR")).toBe("7,5 h");
    expect(formatDuration(2535 * 10, "decimal", "en-GB")).toBe("422.5 h");
    expect(formatDuration(2535 * 100, "decimal", "en-GB")).toBe("4,225 h");
    expect(formatDuration(2535 * 100, "cell", "en-GB")).toBe("4225");
    expect(formatDuration(450, "cell", "de-DE")).toBe("7,5");
  });

  it("refuses fractional minutes", () => {
    expect(() => formatDuration(1.5, "cell")).toThrow(RangeError);
  });
});

describe("timesheet state machine", () => {
  const owner: Actor = { id: "owner", name: "Owner", role: "staff" };
  const manager: Actor = { id: "manager", name: "Manager", role: "manager" };
  const admin: Actor = { id: "admin", name: "Admin", role: "admin" };
  const colleague: Actor = { id: "colleague", name: "Colleague", role: "staff" };

  it("maps actions to their resulting status", () => {
    expect(statusAfterAction("submit")).toBe("submitted");
    expect(statusAfterAction("approve")).toBe("approved");
    expect(statusAfterAction("reject")).toBe("rejected");
    expect(statusAfterAction("reopen")).toBe("draft");
  });

  it("lets only the owner edit, only a draft or rejected week", () => {
    const expected: Record<TimesheetStatus, boolean> = {
      draft: true,
      rejected: true,
      submitted: false,
      approved: false,
    };
    for (const status of TIMESHEET_STATUSES) {
      expect(canEdit({ status, actorId: "owner", ownerId: "owner" }).ok).toBe(expected[status]);
      expect(canEdit({ status, actorId: "manager", ownerId: "owner" })).toEqual({
        ok: false,
        code: "timesheet.not_owner",
        message: "Only the person whose timesheet this is can change it.",
      });
    }
    expect(canEdit({ status: "approved", actorId: "owner", ownerId: "owner" })).toEqual({
      ok: false,
      code: "timesheet.approved_read_only",
      message: "This timesheet is approved; ask a manager to reopen it to make changes.",
    });
    expect(canEdit({ status: "submitted", actorId: "owner", ownerId: "owner" })).toEqual({
      ok: false,
      code: "timesheet.awaiting_approval",
      message: "This timesheet is waiting for approval; withdraw it to change it.",
    });
  });

  it("lets the owner submit a draft or rejected week with entries", () => {
    expect(canSubmit({ status: "draft", ownerId: "owner", actor: owner, entryCount: 3 })).toEqual({ ok: true });
    expect(canSubmit({ status: "rejected", ownerId: "owner", actor: owner, entryCount: 3 })).toEqual({ ok: true });
    expect(canSubmit({ status: "submitted", ownerId: "owner", actor: owner, entryCount: 3 })).toEqual({
      ok: false,
      code: "timesheet.not_submittable",
      message: "This timesheet is submitted; only a draft or a rejected timesheet can be submitted.",
    });
    expect(canSubmit({ status: "approved", ownerId: "owner", actor: owner, entryCount: 3 }).ok).toBe(false);
    expect(canSubmit({ status: "draft", ownerId: "owner", actor: manager, entryCount: 3 })).toEqual({
      ok: false,
      code: "timesheet.not_owner",
      message: "Only the person whose timesheet this is can submit it.",
    });
    expect(canSubmit({ status: "draft", ownerId: "owner", actor: owner, entryCount: 0 })).toEqual({
      ok: false,
      code: "timesheet.empty",
      message: "Add at least one time entry before submitting.",
    });
  });

  it("lets a manager or admin approve someone else's submitted week", () => {
    expect(canApprove({ status: "submitted", ownerId: "owner", actor: manager })).toEqual({ ok: true });
    expect(canApprove({ status: "submitted", ownerId: "owner", actor: admin })).toEqual({ ok: true });
    expect(canApprove({ status: "submitted", ownerId: "owner", actor: colleague })).toEqual({
      ok: false,
      code: "timesheet.not_decider",
      message: "Only a manager or an administrator can approve timesheets.",
    });
    expect(canApprove({ status: "submitted", ownerId: "manager", actor: manager })).toEqual({
      ok: false,
      code: "timesheet.own_timesheet",
      message: "You cannot approve your own timesheet; another manager must do it.",
    });
    expect(canApprove({ status: "submitted", ownerId: "admin", actor: admin }).ok).toBe(false);
    expect(canApprove({ status: "draft", ownerId: "owner", actor: manager })).toEqual({
      ok: false,
      code: "timesheet.not_submitted",
      message: "This timesheet is a draft; only a submitted timesheet can be approved.",
    });
    expect(canApprove({ status: "approved", ownerId: "owner", actor: manager }).ok).toBe(false);
    expect(canApprove({ status: "rejected", ownerId: "owner", actor: manager }).ok).toBe(false);
  });

  it("requires a reason of 1–500 characters to reject", () => {
    const base = { status: "submitted" as const, ownerId: "owner", actor: manager };
    expect(canReject({ ...base, reason: "Monday is missing" })).toEqual({ ok: true });
    expect(canReject({ ...base, reason: "x".repeat(500) })).toEqual({ ok: true });
    expect(canReject({ ...base, reason: "   " })).toEqual({
      ok: false,
      code: "timesheet.rejection_reason_missing",
      message: "Give a reason for the rejection.",
    });
    expect(canReject({ ...base, reason: "x".repeat(501) })).toEqual({
      ok: false,
      code: "timesheet.rejection_reason_too_long",
      message: "The reason can be at most 500 characters long.",
    });
    expect(canReject({ ...base, actor: colleague, reason: "no" }).ok).toBe(false);
    expect(canReject({ ...base, ownerId: "manager", reason: "no" })).toEqual({
      ok: false,
      code: "timesheet.own_timesheet",
      message: "You cannot reject your own timesheet; another manager must do it.",
    });
    expect(canReject({ ...base, status: "approved", reason: "no" })).toEqual({
      ok: false,
      code: "timesheet.not_submitted",
      message: "This timesheet is approved; only a submitted timesheet can be rejected.",
    });
  });

  it("reopens an approved week only while nothing is invoiced", () => {
    expect(canReopen({ status: "approved", ownerId: "owner", actor: admin, hasInvoicedEntries: false })).toEqual({
      ok: true,
    });
    expect(canReopen({ status: "approved", ownerId: "owner", actor: manager, hasInvoicedEntries: true })).toEqual({
      ok: false,
      code: "timesheet.entries_invoiced",
      message: "Some entries of this week are on an invoice; delete the draft invoice or credit the issued one first.",
    });
    expect(canReopen({ status: "submitted", ownerId: "owner", actor: manager, hasInvoicedEntries: false })).toEqual({
      ok: false,
      code: "timesheet.not_approved",
      message: "This timesheet is submitted; only an approved timesheet can be reopened.",
    });
    expect(canReopen({ status: "approved", ownerId: "owner", actor: colleague, hasInvoicedEntries: false }).ok).toBe(
      false,
    );
    expect(canReopen({ status: "approved", ownerId: "manager", actor: manager, hasInvoicedEntries: false }).ok).toBe(
      false,
    );
  });

  it("only the owner withdraws, and only a submitted week", () => {
    expect(canWithdraw({ status: "submitted", ownerId: "owner", actor: owner })).toEqual({ ok: true });
    expect(canWithdraw({ status: "submitted", ownerId: "owner", actor: manager })).toEqual({
      ok: false,
      code: "timesheet.not_owner",
      message: "Only the person whose timesheet this is can withdraw it.",
    });
    for (const status of ["draft", "approved", "rejected"] as const)
      expect(canWithdraw({ status, ownerId: "owner", actor: owner })).toMatchObject({
        ok: false,
        code: "timesheet.not_withdrawable",
      });
    expect(canPerform("withdraw", { status: "submitted", ownerId: "owner", actor: owner })).toEqual({ ok: true });
  });

  it("dispatches generic actions and defaults to the safe answer", () => {
    expect(canPerform("submit", { status: "draft", ownerId: "owner", actor: owner, entryCount: 1 })).toEqual({
      ok: true,
    });
    expect(canPerform("submit", { status: "draft", ownerId: "owner", actor: owner }).ok).toBe(false);
    expect(canPerform("approve", { status: "submitted", ownerId: "owner", actor: manager })).toEqual({ ok: true });
    expect(canPerform("reject", { status: "submitted", ownerId: "owner", actor: manager }).ok).toBe(false);
    expect(canPerform("reopen", { status: "approved", ownerId: "owner", actor: manager }).ok).toBe(false);
    expect(
      canPerform("reopen", { status: "approved", ownerId: "owner", actor: manager, hasInvoicedEntries: false }),
    ).toEqual({ ok: true });
  });

  it("property: staff never decide, nobody decides on their own week", () => {
    const statuses = fc.constantFrom(...TIMESHEET_STATUSES);
    const roles = fc.constantFrom("admin" as const, "manager" as const, "staff" as const);
    fc.assert(
      fc.property(statuses, roles, fc.boolean(), (status, role, own) => {
        const actor: Actor = { id: "actor", name: "Actor", role };
        const ownerId = own ? "actor" : "someone";
        for (const result of [
          canApprove({ status, ownerId, actor }),
          canReject({ status, ownerId, actor, reason: "r" }),
          canReopen({ status, ownerId, actor, hasInvoicedEntries: false }),
        ]) {
          if (role === "staff" || own) expect(result.ok).toBe(false);
        }
      }),
    );
  });
});

describe("validateEntries", () => {
  const dayOver24Hours = {
    ok: false,
    code: "timesheet.day_total_over_24_hours",
    message: "The time logged on this day is more than 24 hours.",
  };
  const weekStart = "2026-03-09";
  const options = { weekStart, archivedProjectIds: ["archived"] };

  it("accepts a good week", () => {
    const result = validateEntries(
      [
        { key: "a", date: "2026-03-09", projectId: "p1", minutes: 480 },
        { key: "b", date: "2026-03-15", projectId: "p2", minutes: 60 },
      ],
      options,
    );
    expect(result).toEqual({ valid: true, entries: {}, days: {} });
  });

  it("reports each bad entry next to its cell", () => {
    const result = validateEntries(
      [
        { key: "before", date: "2026-03-08", projectId: "p1", minutes: 60 },
        { key: "after", date: "2026-03-16", projectId: "p1", minutes: 60 },
        { key: "bad-date", date: "2026-02-30", projectId: "p1", minutes: 60 },
        { key: "zero", date: "2026-03-10", projectId: "p1", minutes: 0 },
        { key: "fraction", date: "2026-03-10", projectId: "p1", minutes: 1.5 },
        { key: "too-long", date: "2026-03-11", projectId: "p1", minutes: 1441 },
        { key: "archived", date: "2026-03-12", projectId: "archived", minutes: 60 },
        { key: "many", date: "2026-03-01", projectId: "archived", minutes: -5 },
      ],
      options,
    );
    expect(result.valid).toBe(false);
    const outside = refuse("timesheet.entry_date_outside_week", "The date must be inside the timesheet's week.");
    const tooShort = refuse("timesheet.entry_too_short", "Enter a duration of at least one minute.");
    const archived = refuse("timesheet.project_archived", "This project is archived; choose another one.");
    expect(result.entries).toStrictEqual({
      before: [outside],
      after: [outside],
      "bad-date": [refuse("timesheet.entry_date_invalid", "Enter a valid date.")],
      zero: [tooShort],
      fraction: [tooShort],
      "too-long": [refuse("timesheet.day_over_24_hours", "A day has at most 24 hours.")],
      archived: [archived],
      many: [outside, tooShort, archived],
    });
    expect(result.days).toStrictEqual({ "2026-03-11": dayOver24Hours });
  });

  it("limits a day's total to 24 hours, counting the person's other entries", () => {
    const entries = [
      { key: "a", date: "2026-03-10", projectId: "p1", minutes: 720 },
      { key: "b", date: "2026-03-10", projectId: "p2", minutes: 720 },
    ];
    expect(validateEntries(entries, options).valid).toBe(true);
    const withOthers = validateEntries(entries, {
      ...options,
      archivedProjectIds: new Set(["archived"]),
      otherEntries: [
        { date: "2026-03-10", minutes: 1 },
        { date: "2026-03-11", minutes: 1440 },
      ],
    });
    expect(withOthers).toStrictEqual({
      valid: false,
      entries: {},
      days: { "2026-03-10": dayOver24Hours },
    });
  });

  it("refuses a week start that is not a Monday", () => {
    expect(() => validateEntries([], { weekStart: "2026-03-10", archivedProjectIds: [] })).toThrow(/not a Monday/);
  });
});

describe("rates and value", () => {
  it("falls back from project to client to firm", () => {
    expect(resolveHourlyRate({ projectRate: 12000, clientRate: 10000, firmRate: 8000 })).toBe(12000);
    expect(resolveHourlyRate({ projectRate: null, clientRate: 10000, firmRate: 8000 })).toBe(10000);
    expect(resolveHourlyRate({ clientRate: null, firmRate: 8000 })).toBe(8000);
    expect(resolveHourlyRate({})).toBeNull();
    expect(resolveHourlyRate({ projectRate: 0, clientRate: 10000, firmRate: 8000 })).toBe(0); // pro bono is a rate
  });

  it("values time to the cent, half up", () => {
    expect(entryValueMinor(90, 10000)).toBe(15000);
    expect(entryValueMinor(20, 10000)).toBe(3333); // 3333.33
    expect(entryValueMinor(40, 10000)).toBe(6667); // 6666.67
    expect(entryValueMinor(1, 30)).toBe(1); // 0.5
    expect(entryValueMinor(1, 29)).toBe(0); // 0.48
    expect(entryValueMinor(1440, 0)).toBe(0);
    expect(() => entryValueMinor(1.5, 100)).toThrow(RangeError);
  });
});
