// Two-factor sign-in (TOTP on a fixed clock, single-use recovery codes, the lock-out on the second
// factor, the firm's requirement, an administrator turning it off for someone who lost their phone
// and their codes), one's sessions, and the change of one's own address by a link.
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, email as outbox, recoveryCode, session, totpCredential, user } from "../../src/db/schema";
import { findSessionUser } from "../../src/lib/session-lookup";
import type { Actor } from "../../src/modules/audit/audit-log";
import { confirmEmailChange, EMAIL_CHANGE_TTL_MS, requestEmailChange } from "../../src/modules/auth/account-mutations";
import { revokeOtherOwnSessions, revokeOwnSession } from "../../src/modules/auth/session-mutations";
import { openTotpSecret, totpCodeAt } from "../../src/modules/auth/two-factor";
import {
  beginTotpSetup,
  confirmTotpSetup,
  disableTwoFactor,
  setTwoFactorPolicy,
  turnOffUserTwoFactor,
  verifySecondFactor,
} from "../../src/modules/auth/two-factor-mutations";
import { createUser } from "../../src/modules/users/user-mutations";
import { cookieHeaderFrom, nextTestIp, setUpDatabase, signInRequest, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor & { email: string };

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
});
afterAll(() => tearDownDatabase(database));

const PASSWORD = "a long unusual passphrase";
const unique = () => Math.random().toString(36).slice(2, 8);
const withCookie = (cookie: string) => new Headers({ cookie });
/** A fixed clock: 2026-03-02 09:00:00 UTC, on a 30-second step boundary. */
const T0 = new Date("2026-03-02T09:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function person(role: "admin" | "manager" | "staff" = "staff") {
  const address = `p.${unique()}@example.com`;
  const created = await createUser(database.db, admin, {
    name: `Person ${unique()}`,
    email: address,
    role,
    password: PASSWORD,
    defaultHourlyRate: null,
  });
  // Their own password, as after the first sign-in.
  await database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, created.id));
  return { id: created.id, name: created.name, role, email: address } as Actor & { email: string };
}

async function secretOf(userId: string) {
  const [row] = await database.db.select().from(totpCredential).where(eq(totpCredential.userId, userId));
  return openTotpSecret(row!.secret);
}

/** Two-factor on, set up at T0; returns the secret and the recovery codes. */
async function withTwoFactor(actor: Actor) {
  await beginTotpSetup(database.db, actor);
  const secret = await secretOf(actor.id);
  const { recoveryCodes } = await confirmTotpSetup(database.db, actor, { code: totpCodeAt(secret, T0) }, T0);
  return { secret, recoveryCodes };
}

async function signIn(address: string) {
  const response = await signInRequest(address, PASSWORD, nextTestIp());
  expect(response.status).toBe(200);
  const cookie = cookieHeaderFrom(response);
  const current = await findSessionUser(withCookie(cookie));
  return { cookie, current: current! };
}

describe(`two-factor sign-in on ${process.env.TEST_DB}`, () => {
  it("set-up: the secret is stored encrypted, a code of the app confirms it, 10 recovery codes kept hashed", async () => {
    const actor = await person();
    await beginTotpSetup(database.db, actor);
    const [stored] = await database.db.select().from(totpCredential).where(eq(totpCredential.userId, actor.id));
    const secret = openTotpSecret(stored!.secret);
    expect(stored!.secret).not.toContain(secret);
    expect(stored!.confirmedAt).toBeNull();
    // A wrong code, or one from an hour later, does not confirm it.
    await expect(confirmTotpSetup(database.db, actor, { code: "000000" }, T0)).rejects.toMatchObject({
      code: "account.second_factor_invalid",
    });
    await expect(
      confirmTotpSetup(database.db, actor, { code: totpCodeAt(secret, at(3600)) }, T0),
    ).rejects.toMatchObject({ code: "account.second_factor_invalid" });
    const { recoveryCodes } = await confirmTotpSetup(database.db, actor, { code: totpCodeAt(secret, T0) }, T0);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const rows = await database.db.select().from(recoveryCode).where(eq(recoveryCode.userId, actor.id));
    expect(rows).toHaveLength(10);
    for (const code of recoveryCodes) expect(rows.some((row) => row.codeHash.includes(code))).toBe(false);
    await expect(beginTotpSetup(database.db, actor)).rejects.toMatchObject({ code: "account.two_factor_already_on" });
  });

  it("sign-in: the password gives a session that is no use until the code; the code of the step before passes, a used one does not", async () => {
    const actor = await person();
    const { secret } = await withTwoFactor(actor);
    const { current } = await signIn(actor.email);
    expect(current.secondFactorPending).toBe(true);
    const signInOf = { userId: actor.id, sessionId: current.sessionId };
    // The code of T0 was used to confirm the set-up: refused again.
    await expect(
      verifySecondFactor(database.db, signInOf, { code: totpCodeAt(secret, T0) }, nextTestIp(), at(10)),
    ).rejects.toMatchObject({ code: "account.second_factor_invalid" });
    // One step later, the app's code (shown with a space) is accepted once, 20 seconds late.
    const code = totpCodeAt(secret, at(30));
    await verifySecondFactor(
      database.db,
      signInOf,
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      nextTestIp(),
      at(50),
    );
    const [row] = await database.db.select().from(session).where(eq(session.id, current.sessionId));
    expect(row?.secondFactorPending).toBe(false);
    // The same code on another sign-in: refused (replay).
    const second = await signIn(actor.email);
    await expect(
      verifySecondFactor(
        database.db,
        { userId: actor.id, sessionId: second.current.sessionId },
        { code },
        nextTestIp(),
        at(55),
      ),
    ).rejects.toMatchObject({ code: "account.second_factor_invalid" });
    const [audit] = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, actor.id), eq(auditEvent.action, "sign_in_second_factor")));
    expect(audit?.summary).toEqual({ method: "totp" });
  });

  it("people without two-factor sign in as before", async () => {
    const actor = await person();
    const { current } = await signIn(actor.email);
    expect(current.secondFactorPending).toBe(false);
    expect(current.mustSetUpTwoFactor).toBe(false);
  });

  it("a recovery code works once", async () => {
    const actor = await person();
    const { recoveryCodes } = await withTwoFactor(actor);
    const first = await signIn(actor.email);
    await verifySecondFactor(
      database.db,
      { userId: actor.id, sessionId: first.current.sessionId },
      { code: recoveryCodes[3]!.toUpperCase() },
      nextTestIp(),
      at(100),
    );
    const second = await signIn(actor.email);
    await expect(
      verifySecondFactor(
        database.db,
        { userId: actor.id, sessionId: second.current.sessionId },
        { code: recoveryCodes[3]! },
        nextTestIp(),
        at(110),
      ),
    ).rejects.toMatchObject({ code: "account.second_factor_invalid" });
    const [pending] = await database.db.select().from(session).where(eq(session.id, second.current.sessionId));
    expect(pending?.secondFactorPending).toBe(true);
  });

  it("the lock-out applies to the second factor: 5 wrong codes, then even the right one waits; a right password does not forgive them", async () => {
    const actor = await person();
    const { secret } = await withTwoFactor(actor);
    const { current } = await signIn(actor.email);
    const signInOf = { userId: actor.id, sessionId: current.sessionId };
    const now = new Date();
    for (let attempt = 0; attempt < 4; attempt += 1)
      await expect(
        verifySecondFactor(database.db, signInOf, { code: "000000" }, nextTestIp(), now),
      ).rejects.toMatchObject({ code: "account.second_factor_invalid" });
    // Signing in again with the right password forgives the password's failures, not these.
    const again = await signIn(actor.email);
    await expect(
      verifySecondFactor(
        database.db,
        { userId: actor.id, sessionId: again.current.sessionId },
        { code: "000000" },
        nextTestIp(),
        now,
      ),
    ).rejects.toMatchObject({ code: "account.second_factor_invalid" });
    await expect(
      verifySecondFactor(database.db, signInOf, { code: totpCodeAt(secret, now) }, nextTestIp(), now),
    ).rejects.toMatchObject({ code: "account.second_factor_locked" });
    // 15 minutes later the right code passes.
    const later = new Date(now.getTime() + 15 * 60 * 1000 + 1000);
    await verifySecondFactor(database.db, signInOf, { code: totpCodeAt(secret, later) }, nextTestIp(), later);
  });

  it("the firm's requirement holds administrators and managers without two-factor on My account; staff are not held", async () => {
    const manager = await person("manager");
    const staff = await person("staff");
    await expect(setTwoFactorPolicy(database.db, manager, { required: true })).rejects.toMatchObject({
      name: "ForbiddenError",
    });
    // An administrator without it cannot require it (they would be held at once).
    await expect(setTwoFactorPolicy(database.db, admin, { required: true })).rejects.toMatchObject({
      code: "account.two_factor_policy_needs_own",
    });
    await withTwoFactor(admin);
    await setTwoFactorPolicy(database.db, admin, { required: true });
    try {
      expect((await signIn(manager.email)).current.mustSetUpTwoFactor).toBe(true);
      expect((await signIn(staff.email)).current.mustSetUpTwoFactor).toBe(false);
      // Once set up, the manager goes on, and may not turn it off while it is required.
      const { secret } = await withTwoFactor(manager);
      const { current } = await signIn(manager.email);
      expect(current.secondFactorPending).toBe(true);
      await verifySecondFactor(
        database.db,
        { userId: manager.id, sessionId: current.sessionId },
        { code: totpCodeAt(secret, at(60)) },
        nextTestIp(),
        at(60),
      );
      const [completed] = await database.db.select().from(session).where(eq(session.id, current.sessionId));
      expect(completed?.secondFactorPending).toBe(false);
      await expect(
        disableTwoFactor(database.db, manager, { code: totpCodeAt(secret, at(90)) }, nextTestIp(), at(90)),
      ).rejects.toMatchObject({ code: "account.two_factor_required" });
    } finally {
      await setTwoFactorPolicy(database.db, admin, { required: false });
    }
  });

  it("turning it off takes a current code; then the password alone signs in", async () => {
    const actor = await person();
    const { secret } = await withTwoFactor(actor);
    await expect(disableTwoFactor(database.db, actor, { code: "123456" }, nextTestIp(), at(30))).rejects.toMatchObject({
      code: "account.second_factor_invalid",
    });
    await disableTwoFactor(database.db, actor, { code: totpCodeAt(secret, at(30)) }, nextTestIp(), at(30));
    expect(await database.db.select().from(recoveryCode).where(eq(recoveryCode.userId, actor.id))).toHaveLength(0);
    expect((await signIn(actor.email)).current.secondFactorPending).toBe(false);
  });
});

/** What the action may change about a person: to compare before and after a refusal. */
async function twoFactorFootprint(userId: string) {
  const count = async (table: typeof totpCredential | typeof recoveryCode | typeof session) =>
    (await database.db.select().from(table).where(eq(table.userId, userId))).length;
  const [audit] = await database.db
    .select({ value: sql<number>`count(*)::int` })
    .from(auditEvent)
    .where(and(eq(auditEvent.entityId, userId), eq(auditEvent.action, "reset_two_factor")));
  const [{ email: address } = { email: "" }] = await database.db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  const mails = (await database.db.select({ to: outbox.to }).from(outbox)).filter((row) =>
    (row.to as string[]).includes(address),
  ).length;
  return {
    authenticators: await count(totpCredential),
    recoveryCodes: await count(recoveryCode),
    sessions: await count(session),
    audits: audit?.value ?? 0,
    mails,
  };
}

describe(`an administrator turns off someone's two-factor sign-in on ${process.env.TEST_DB}`, () => {
  it("removes the authenticator and the recovery codes, ends every session, audits it and mails the person once", async () => {
    const admin = await person("admin");
    const target = await person("staff");
    await withTwoFactor(target);
    const sessions = [await signIn(target.email), await signIn(target.email)];
    expect(sessions.every((one) => one.current.secondFactorPending)).toBe(true);
    const before = await twoFactorFootprint(target.id);
    expect(before).toMatchObject({ authenticators: 1, recoveryCodes: 10, sessions: 2, audits: 0 });

    const result = await turnOffUserTwoFactor(database.db, admin, {
      userId: target.id,
      reason: "  Lost her phone; recovery codes were on it.  ",
    });
    expect(result).toEqual({ name: target.name, requiredAgain: false });

    const after = await twoFactorFootprint(target.id);
    expect(after).toEqual({
      authenticators: 0,
      recoveryCodes: 0,
      sessions: 0,
      audits: 1,
      mails: before.mails + 1,
    });
    for (const one of sessions) expect(await findSessionUser(withCookie(one.cookie))).toBeUndefined();
    const [audit] = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, target.id), eq(auditEvent.action, "reset_two_factor")));
    expect(audit).toMatchObject({
      actorId: admin.id,
      entity: "user",
      summary: { email: target.email, sessionsEnded: 2, reason: "Lost her phone; recovery codes were on it." },
    });
    const [mail] = (await database.db.select().from(outbox).where(eq(outbox.aboutId, target.id))).filter((row) =>
      row.subject.startsWith("Two-factor sign-in was turned off"),
    );
    expect(mail?.to).toEqual([target.email]);
    expect(mail?.text).toContain(`turned off for your back-office account by ${admin.name}`);
    expect(mail?.text).not.toContain("Lost her phone");

    // The password alone signs in now, and nothing holds a staff member.
    const again = await signIn(target.email);
    expect(again.current.secondFactorPending).toBe(false);
    expect(again.current.mustSetUpTwoFactor).toBe(false);
  });

  it("refuses managers and staff, and changes nothing", async () => {
    const target = await person("staff");
    await withTwoFactor(target);
    await signIn(target.email);
    const before = await twoFactorFootprint(target.id);
    for (const role of ["manager", "staff"] as const) {
      const actor = await person(role);
      await expect(turnOffUserTwoFactor(database.db, actor, { userId: target.id })).rejects.toMatchObject({
        name: "ForbiddenError",
      });
    }
    expect(await twoFactorFootprint(target.id)).toEqual(before);
  });

  it("refuses an administrator's own two-factor (My account is the way), and changes nothing", async () => {
    const admin = await person("admin");
    await withTwoFactor(admin);
    await signIn(admin.email);
    const before = await twoFactorFootprint(admin.id);
    await expect(turnOffUserTwoFactor(database.db, admin, { userId: admin.id })).rejects.toMatchObject({
      code: "account.two_factor_reset_self",
    });
    expect(await twoFactorFootprint(admin.id)).toEqual(before);
  });

  it("a second time (or two administrators at once) says it is already off and changes nothing", async () => {
    const [one, other] = [await person("admin"), await person("admin")];
    const target = await person("manager");
    await withTwoFactor(target);
    const results = await Promise.allSettled([
      turnOffUserTwoFactor(database.db, one, { userId: target.id }),
      turnOffUserTwoFactor(database.db, other, { userId: target.id }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === "rejected");
    expect(refused?.reason).toMatchObject({
      code: "account.two_factor_off",
      message: `Two-factor sign-in is already off for ${target.name}: nothing was changed.`,
    });
    await signIn(target.email);
    const before = await twoFactorFootprint(target.id);
    expect(before).toMatchObject({ authenticators: 0, recoveryCodes: 0, sessions: 1, audits: 1 });
    await expect(turnOffUserTwoFactor(database.db, one, { userId: target.id })).rejects.toMatchObject({
      code: "account.two_factor_off",
    });
    expect(await twoFactorFootprint(target.id)).toEqual(before);
  });

  it("refuses an unknown person and a reason too long, with the shared schema", async () => {
    const admin = await person("admin");
    await expect(
      turnOffUserTwoFactor(database.db, admin, { userId: "0190a0b0-0000-7000-8000-0000000000ff" }),
    ).rejects.toMatchObject({ code: "user.not_found" });
    const target = await person("staff");
    await withTwoFactor(target);
    await expect(
      turnOffUserTwoFactor(database.db, admin, { userId: target.id, reason: "x".repeat(501) }),
    ).rejects.toMatchObject({ fieldErrors: { reason: expect.any(String) } });
    expect((await twoFactorFootprint(target.id)).authenticators).toBe(1);
  });

  it("when the firm requires it of the person's role, their next sign-in holds them until they set it up again", async () => {
    const admin = await person("admin");
    await withTwoFactor(admin);
    const manager = await person("manager");
    await withTwoFactor(manager);
    await setTwoFactorPolicy(database.db, admin, { required: true });
    try {
      const result = await turnOffUserTwoFactor(database.db, admin, { userId: manager.id });
      expect(result.requiredAgain).toBe(true);
      const { current } = await signIn(manager.email);
      expect(current.secondFactorPending).toBe(false);
      expect(current.mustSetUpTwoFactor).toBe(true);
      const told = (await database.db.select().from(outbox).where(eq(outbox.aboutId, manager.id))).find((row) =>
        row.subject.startsWith("Two-factor sign-in was turned off"),
      );
      expect(told?.text).toContain("you will be asked to set it up again at your next sign-in");
    } finally {
      await setTwoFactorPolicy(database.db, admin, { required: false });
    }
  });
});

describe(`sessions on ${process.env.TEST_DB}`, () => {
  it("signs out one other session, then every other one, never another person's", async () => {
    const actor = await person();
    const other = await person();
    const sessions = [await signIn(actor.email), await signIn(actor.email), await signIn(actor.email)];
    const theirs = await signIn(other.email);
    const me = { ...actor, sessionId: sessions[0]!.current.sessionId };
    await expect(revokeOwnSession(database.db, me, { id: me.sessionId })).rejects.toMatchObject({
      code: "account.session_current",
    });
    await expect(revokeOwnSession(database.db, me, { id: theirs.current.sessionId })).rejects.toMatchObject({
      code: "account.session_not_found",
    });
    await revokeOwnSession(database.db, me, { id: sessions[1]!.current.sessionId });
    expect(await findSessionUser(withCookie(sessions[1]!.cookie))).toBeUndefined();
    expect(await findSessionUser(withCookie(sessions[2]!.cookie))).toBeTruthy();
    expect((await revokeOtherOwnSessions(database.db, me)).count).toBe(1);
    expect(await findSessionUser(withCookie(sessions[2]!.cookie))).toBeUndefined();
    expect(await findSessionUser(withCookie(sessions[0]!.cookie))).toBeTruthy();
    expect(await findSessionUser(withCookie(theirs.cookie))).toBeTruthy();
    const actions = await database.db
      .select({ action: auditEvent.action })
      .from(auditEvent)
      .where(eq(auditEvent.entityId, actor.id));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(["sign_out_session", "sign_out_other_sessions"]),
    );
  });
});

describe(`change of one's own address on ${process.env.TEST_DB}`, () => {
  async function lastLinkTo(address: string) {
    const rows = await database.db.select().from(outbox).orderBy(desc(outbox.id));
    const mail = rows.find((row) => (row.to as string[]).includes(address));
    return { mail, token: /\/bo\/login\/email\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? null };
  }

  it("asks the password, mails a link to the new address, changes it once, tells the old one", async () => {
    const actor = await person();
    const newAddress = `new.${unique()}@example.com`;
    await expect(
      requestEmailChange(database.db, actor, { newEmail: newAddress, currentPassword: "not my password" }),
    ).rejects.toMatchObject({ code: "user.current_password_wrong" });
    await expect(
      requestEmailChange(database.db, actor, { newEmail: admin.email, currentPassword: PASSWORD }),
    ).rejects.toMatchObject({ fieldErrors: { email: expect.any(String) } });
    await requestEmailChange(database.db, actor, { newEmail: newAddress.toUpperCase(), currentPassword: PASSWORD });
    const { mail, token } = await lastLinkTo(newAddress);
    expect(mail?.subject).toContain("Confirm");
    expect(token).toBeTruthy();
    // Nothing changed yet.
    expect((await signInRequest(actor.email, PASSWORD, nextTestIp())).status).toBe(200);

    expect((await confirmEmailChange(database.db, { token })).email).toBe(newAddress);
    await expect(confirmEmailChange(database.db, { token })).rejects.toMatchObject({ code: "account.link_invalid" });
    expect((await signInRequest(newAddress, PASSWORD, nextTestIp())).status).toBe(200);
    expect((await signInRequest(actor.email, PASSWORD, nextTestIp())).status).toBe(401);
    const told = await lastLinkTo(actor.email);
    expect(told.mail?.subject).toContain("changed");
    expect(told.mail?.text).toContain(newAddress);
    const [audit] = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, actor.id), eq(auditEvent.action, "change_email")));
    expect(audit?.summary).toEqual({ changes: { email: { from: actor.email, to: newAddress } } });
  });

  it("an expired link changes nothing; a newer request replaces the older link", async () => {
    const actor = await person();
    const first = `first.${unique()}@example.com`;
    const second = `second.${unique()}@example.com`;
    await requestEmailChange(database.db, actor, { newEmail: first, currentPassword: PASSWORD });
    const firstToken = (await lastLinkTo(first)).token;
    await requestEmailChange(database.db, actor, { newEmail: second, currentPassword: PASSWORD });
    const secondToken = (await lastLinkTo(second)).token;
    await expect(confirmEmailChange(database.db, { token: firstToken })).rejects.toMatchObject({
      code: "account.link_invalid",
    });
    await expect(
      confirmEmailChange(database.db, { token: secondToken }, new Date(Date.now() + EMAIL_CHANGE_TTL_MS + 1000)),
    ).rejects.toMatchObject({ code: "account.link_invalid" });
    const [row] = await database.db.select().from(user).where(eq(user.id, actor.id));
    expect(row?.email).toBe(actor.email);
  });
});
