import { describe, expect, it } from "vitest";
import {
  availableActions,
  type CallAction,
  type CallStatus,
  canAssignTo,
  canChangeCall,
  canLogTime,
  canTransition,
  completionMessage,
  durationInputValue,
  formatCallDuration,
  formatPhone,
  instantToWallTime,
  isOverdue,
  isWallTime,
  parseCallDuration,
  parsePhone,
  statusAfter,
  timeEntryMinutes,
  wallTimeToInstant,
  canTakeCall,
} from "./call-rules";

const STATUSES: CallStatus[] = ["requested", "scheduled", "completed", "missed", "cancelled"];
const ACTIONS: CallAction[] = ["schedule", "reschedule", "retry", "complete", "miss", "cancel"];

describe("call state machine", () => {
  // Exactly the allowed pairs; every other pair is refused.
  const allowed = new Set([
    "requested:schedule",
    "requested:complete",
    "requested:miss",
    "requested:cancel",
    "scheduled:reschedule",
    "scheduled:complete",
    "scheduled:miss",
    "scheduled:cancel",
    "missed:retry",
  ]);
  const REFUSAL_CODES: Record<CallAction, string> = {
    schedule: "call.not_schedulable",
    reschedule: "call.not_reschedulable",
    retry: "call.not_retryable",
    complete: "call.not_completable",
    miss: "call.not_missable",
    cancel: "call.not_cancellable",
  };
  for (const status of STATUSES) {
    for (const action of ACTIONS) {
      const key = `${status}:${action}`;
      it(`${key} is ${allowed.has(key) ? "allowed" : "refused"}`, () => {
        const result = canTransition(status, action);
        expect(result.ok).toBe(allowed.has(key));
        if (!result.ok) {
          expect(result.message).toMatch(/call/);
          expect(result.code).toBe(REFUSAL_CODES[action]);
        }
      });
    }
  }

  it("leads where the state machine says", () => {
    expect(statusAfter("schedule")).toBe("scheduled");
    expect(statusAfter("reschedule")).toBe("scheduled");
    expect(statusAfter("retry")).toBe("scheduled");
    expect(statusAfter("complete")).toBe("completed");
    expect(statusAfter("miss")).toBe("missed");
    expect(statusAfter("cancel")).toBe("cancelled");
  });

  it("completed and cancelled calls are final; missed can only be retried", () => {
    expect(availableActions("completed")).toEqual([]);
    expect(availableActions("cancelled")).toEqual([]);
    expect(availableActions("missed")).toEqual(["retry"]);
    expect(availableActions("requested")).toEqual(["complete", "miss", "schedule", "cancel"]);
    expect(availableActions("scheduled")).toEqual(["complete", "miss", "reschedule", "cancel"]);
  });

  it("marks calls to do whose time has passed as overdue", () => {
    const now = new Date("2026-03-12T10:00:00Z");
    expect(isOverdue({ status: "scheduled", scheduledAt: new Date("2026-03-12T09:59:00Z") }, now)).toBe(true);
    expect(isOverdue({ status: "scheduled", scheduledAt: new Date("2026-03-12T10:01:00Z") }, now)).toBe(false);
    expect(isOverdue({ status: "requested", scheduledAt: null }, now)).toBe(false);
    expect(isOverdue({ status: "completed", scheduledAt: new Date("2026-03-01T09:00:00Z") }, now)).toBe(false);
  });
});

describe("who may change a call", () => {
  const call = { assignedUserId: "u-assigned", createdById: "u-creator" };
  it("admins and managers change any call", () => {
    expect(canChangeCall({ id: "x", role: "admin" }, call).ok).toBe(true);
    expect(canChangeCall({ id: "x", role: "manager" }, call).ok).toBe(true);
  });
  it("staff change the calls assigned to them or logged by them, no other", () => {
    expect(canChangeCall({ id: "u-assigned", role: "staff" }, call).ok).toBe(true);
    expect(canChangeCall({ id: "u-creator", role: "staff" }, call).ok).toBe(true);
    expect(canChangeCall({ id: "someone", role: "staff" }, call)).toMatchObject({
      ok: false,
      code: "call.not_own_call",
      message: expect.stringMatching(/own calls/),
    });
    expect(canChangeCall({ id: "someone", role: "staff" }, { assignedUserId: null, createdById: null }).ok).toBe(false);
  });
  it("staff assign calls only to themselves", () => {
    expect(canAssignTo({ id: "me", role: "staff" }, "me").ok).toBe(true);
    expect(canAssignTo({ id: "me", role: "staff" }, null).ok).toBe(true);
    expect(canAssignTo({ id: "me", role: "staff" }, "other")).toMatchObject({
      ok: false,
      code: "call.assign_to_self_only",
    });
    expect(canAssignTo({ id: "me", role: "manager" }, "other").ok).toBe(true);
  });
});

describe("phone numbers", () => {
  it("reads national forms with the firm's country as default region", () => {
    expect(parsePhone("01 23 45 67 89", "FR")).toEqual({ ok: true, e164: "+33123456789" });
    expect(parsePhone("06.12.34.56.78", "FR")).toEqual({ ok: true, e164: "+33612345678" });
    expect(parsePhone("020 7946 0958", "GB")).toEqual({ ok: true, e164: "+442079460958" });
    expect(parsePhone("(212) 555-0123", "US")).toEqual({ ok: true, e164: "+12125550123" });
  });
  it("reads international forms whatever the firm's country", () => {
    expect(parsePhone("+44 20 7946 0958", "FR")).toEqual({ ok: true, e164: "+442079460958" });
    expect(parsePhone("0044 20 7946 0958", "FR")).toEqual({ ok: true, e164: "+442079460958" });
    expect(parsePhone("+33 (0)1 23 45 67 89", "GB")).toEqual({ ok: true, e164: "+33123456789" });
    expect(parsePhone("tel:+4930123456", "FR")).toMatchObject({ ok: true, e164: "+4930123456" });
  });
  it("empty is no phone", () => {
    expect(parsePhone("", "FR")).toEqual({ ok: true, e164: null });
    expect(parsePhone("   ", "FR")).toEqual({ ok: true, e164: null });
    expect(parsePhone(null, "FR")).toEqual({ ok: true, e164: null });
  });
  it("refuses garbage and impossible numbers", () => {
    for (const garbage of [
      "hello",
      "12",
      "0000000000",
      "+999 123 456",
      "01 23 45",
      "call me maybe 0123",
      "+33 1 23 45 67 89 12 34",
      "x".repeat(50),
      "<script>",
    ]) {
      expect(parsePhone(garbage, "FR"), garbage).toMatchObject({
        ok: false,
        code: expect.stringMatching(/^call\.phone_/),
        message: expect.any(String),
      });
    }
    expect(parsePhone("x".repeat(50), "FR")).toMatchObject({ code: "call.phone_too_long" });
    expect(parsePhone("hello", "FR")).toMatchObject({ code: "call.phone_not_understood" });
    expect(parsePhone("+999 123 456", "FR")).toMatchObject({ code: "call.phone_invalid" });
    expect(parsePhone("01 23 45", "FR")).toMatchObject({ code: "call.phone_invalid_for_country" });
  });
  it("formats the firm's country nationally and others internationally", () => {
    expect(formatPhone("+33123456789", "FR")).toBe("01 23 45 67 89");
    expect(formatPhone("+442079460958", "FR")).toBe("+44 20 7946 0958");
    expect(formatPhone("+442079460958", "GB")).toBe("020 7946 0958");
    // Kept answers are per firm country: the same number again, for each country, as before.
    expect([
      formatPhone("+442079460958", "FR"),
      formatPhone("+442079460958", "GB"),
      formatPhone("not a number", "GB"),
    ]).toEqual(["+44 20 7946 0958", "020 7946 0958", "not a number"]);
  });
});

describe("call durations", () => {
  it("reads minutes, clock forms and units into seconds", () => {
    expect(parseCallDuration("15")).toEqual({ ok: true, seconds: 900 });
    expect(parseCallDuration("12:30")).toEqual({ ok: true, seconds: 750 });
    expect(parseCallDuration("1:02:03")).toEqual({ ok: true, seconds: 3723 });
    expect(parseCallDuration("1h 5m")).toEqual({ ok: true, seconds: 3900 });
    expect(parseCallDuration("90s")).toEqual({ ok: true, seconds: 90 });
    expect(parseCallDuration("2.5")).toEqual({ ok: true, seconds: 150 });
    expect(parseCallDuration("")).toEqual({ ok: true, seconds: null });
  });
  it("refuses zero, more than a day and nonsense", () => {
    for (const [bad, code] of [
      ["0", "call.duration_too_short"],
      ["0:00", "call.duration_too_short"],
      ["1441", "call.duration_too_long"],
      ["25h", "call.duration_too_long"],
      ["abc", "call.duration_not_understood"],
      ["-5", "call.duration_not_understood"],
      ["12:75", "call.duration_over_59"],
      ["1:75:00", "call.duration_over_59"],
    ]) {
      expect(parseCallDuration(bad), bad).toMatchObject({ ok: false, code });
    }
    expect(parseCallDuration("1440")).toEqual({ ok: true, seconds: 86_400 });
  });
  it("formats and refills", () => {
    expect(formatCallDuration(750)).toBe("12:30");
    expect(formatCallDuration(3723)).toBe("1:02:03");
    expect(formatCallDuration(59)).toBe("0:59");
    expect(durationInputValue(900)).toBe("15");
    expect(durationInputValue(750)).toBe("12:30");
    expect(durationInputValue(null)).toBe("");
  });
  it("a started minute counts in the timesheet", () => {
    expect(timeEntryMinutes(10)).toBe(1);
    expect(timeEntryMinutes(60)).toBe(1);
    expect(timeEntryMinutes(61)).toBe(2);
    expect(timeEntryMinutes(86_400)).toBe(1440);
  });
});

describe("logging a call as time", () => {
  const base = { status: "completed" as CallStatus, projectId: "p", timeEntryId: null, durationSeconds: 600 };
  it("needs a completed call with a project, once", () => {
    expect(canLogTime(base).ok).toBe(true);
    expect(canLogTime({ ...base, status: "scheduled" })).toMatchObject({
      ok: false,
      code: "call.not_completed",
      message: expect.stringMatching(/completed/),
    });
    expect(canLogTime({ ...base, projectId: null })).toMatchObject({
      ok: false,
      code: "call.project_missing",
      message: expect.stringMatching(/project/),
    });
    expect(canLogTime({ ...base, timeEntryId: "e" })).toMatchObject({
      ok: false,
      code: "call.already_logged",
      message: expect.stringMatching(/already/),
    });
    expect(canLogTime({ ...base, durationSeconds: null })).toMatchObject({ ok: false, code: "call.no_duration" });
  });
});

describe("wall-clock times in the firm's timezone", () => {
  it("converts both ways across daylight saving", () => {
    expect(wallTimeToInstant("2026-03-12T14:30", "Europe/Paris").toISOString()).toBe("2026-03-12T13:30:00.000Z");
    expect(wallTimeToInstant("2026-07-12T14:30", "Europe/Paris").toISOString()).toBe("2026-07-12T12:30:00.000Z");
    expect(instantToWallTime(new Date("2026-07-12T12:30:00Z"), "Europe/Paris")).toBe("2026-07-12T14:30");
    expect(() => wallTimeToInstant("2026-13-01T10:00", "Europe/Paris")).toThrow(RangeError);
  });

  it("refuses days that do not exist instead of moving them, and years before 1900", () => {
    for (const value of [
      "2026-02-30T10:00",
      "2026-04-31T10:00",
      "2025-02-29T10:00",
      "0000-01-01T10:00",
      "0050-06-01T12:00",
      "2026-03-12T24:00",
    ])
      expect(isWallTime(value)).toBe(false);
    expect(isWallTime("2028-02-29T10:00")).toBe(true);
    expect(() => wallTimeToInstant("0001-01-01T00:00", "Europe/Paris")).toThrow(RangeError);
  });
});

describe("taking a call", () => {
  it("a call still to do that nobody has may be taken; an assigned or finished one may not", () => {
    expect(canTakeCall({ status: "requested", assignedUserId: null }).ok).toBe(true);
    expect(canTakeCall({ status: "scheduled", assignedUserId: null }).ok).toBe(true);
    expect(canTakeCall({ status: "requested", assignedUserId: "someone" })).toMatchObject({
      code: "call.already_taken",
    });
    expect(canTakeCall({ status: "completed", assignedUserId: null })).toMatchObject({ code: "call.not_takeable" });
  });
});

describe("completionMessage", () => {
  it("says where a completed call's time went, or why it did not", () => {
    expect(completionMessage(null)).toBe("Call completed.");
    const logged = {
      logged: true as const,
      timesheetId: "t",
      weekStart: "2026-11-23",
      minutes: 45,
      personName: "Sam",
      intoApprovedWeek: false,
    };
    expect(completionMessage(logged)).toBe(
      "Call completed; its 45 min went into Sam's timesheet for the week of 2026-11-23.",
    );
    expect(completionMessage({ ...logged, intoApprovedWeek: true })).toMatch(
      /as approved time, among the client's unbilled time\.$/,
    );
    expect(completionMessage({ logged: false, reason: "The week is submitted." })).toBe(
      'Call completed. Its time was not logged: The week is submitted. Use "Log as time…" once that is done.',
    );
  });
});
