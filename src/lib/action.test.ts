import { describe, expect, it } from "vitest";
import { failureOf, runAction } from "./action";
import {
  ConflictError,
  ForbiddenError,
  INPUT_INVALID,
  InvalidError,
  invalidFields,
  invalidFrom,
  NotFoundError,
  RateLimitedError,
} from "./errors";
import { parseInput } from "./parse-input";
import { refuse } from "./rule-result";
import { z } from "zod";

describe("runAction", () => {
  it("answers the work's result with the success message", async () => {
    expect(await runAction(async () => 42, "Saved.")).toEqual({ ok: true, data: 42, message: "Saved." });
  });

  it("passes a domain error's code on with its message, field messages and retry delay", async () => {
    const invalid = new InvalidError("Fix it.", { name: "Too long." }, "client.name_taken");
    expect(
      await runAction(async () => {
        throw invalid;
      }),
    ).toStrictEqual({ ok: false, message: "Fix it.", code: "client.name_taken", fieldErrors: { name: "Too long." } });
    expect(failureOf(new ConflictError("Reload.", "invoice.stale"))).toStrictEqual({
      ok: false,
      message: "Reload.",
      code: "invoice.stale",
    });
    expect(failureOf(new NotFoundError("Gone.", "invoice.not_found"))).toStrictEqual({
      ok: false,
      message: "Gone.",
      code: "invoice.not_found",
    });
    expect(failureOf(new RateLimitedError("Wait.", 30, "user.current_password_locked"))).toStrictEqual({
      ok: false,
      message: "Wait.",
      code: "user.current_password_locked",
      retryAfterSeconds: 30,
    });
  });

  it("answers no code for an error that has none", async () => {
    expect(failureOf(new ForbiddenError())).toStrictEqual({
      ok: false,
      message: "You do not have permission to do this.",
    });
    expect(failureOf(new InvalidError("Fix it."))).toStrictEqual({ ok: false, message: "Fix it.", fieldErrors: {} });
  });

  it("throws what is not a domain error", async () => {
    const unexpected = new TypeError("boom");
    await expect(
      runAction(async () => {
        throw unexpected;
      }),
    ).rejects.toBe(unexpected);
  });
});

describe("errors from refusals", () => {
  it("puts a refusal's message next to its field and keeps its code", () => {
    const error = invalidFrom(refuse("invoice.issue_date_in_future", "Not in the future.", "issueDate"));
    expect(error).toBeInstanceOf(InvalidError);
    expect(error.message).toBe("Not in the future.");
    expect(error.fieldErrors).toEqual({ issueDate: "Not in the future." });
    expect(error.code).toBe("invoice.issue_date_in_future");
    expect(invalidFrom(refuse("invoice.payment_amount_over_balance", "Too much.", "amount"), "Check.").message).toBe(
      "Check.",
    );
    expect(invalidFrom(refuse("invoice.already_issued", "Issued.")).fieldErrors).toEqual({});
  });

  it("collects several field refusals under input.invalid, one under its own code", () => {
    const one = invalidFields([refuse("client.name_taken", "Taken.", "name")]);
    expect(one).toMatchObject({ message: "Please correct the highlighted fields.", code: "client.name_taken" });
    expect(one.fieldErrors).toEqual({ name: "Taken." });
    const several = invalidFields([
      refuse("settings.timezone_unknown", "Choose a timezone.", "timezone"),
      refuse("settings.currency_unknown", "Choose a currency.", "currency"),
      refuse("settings.currency_unknown", "Second message for the same field.", "currency"),
    ]);
    expect(several.code).toBe(INPUT_INVALID);
    expect(several.fieldErrors).toEqual({ timezone: "Choose a timezone.", currency: "Choose a currency." });
  });

  it("gives a refused schema the code input.invalid", () => {
    const error = (() => {
      try {
        parseInput(z.object({ name: z.string().min(1, "Enter a name.") }), { name: "" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidError);
    expect(error).toMatchObject({ code: INPUT_INVALID, fieldErrors: { name: "Enter a name." } });
  });
});
