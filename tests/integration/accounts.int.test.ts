// Invitations and password resets by e-mail: single-use links that expire, mails read from the
// outbox, no account enumeration, the limits per e-mail and per client address.
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountToken, auditEvent, email as outbox, session, user } from "../../src/db/schema";
import { ForbiddenError, InvalidError, RateLimitedError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  acceptInvitation,
  admitPasswordResetRequest,
  INVITATION_TTL_MS,
  inviteUser,
  issuePasswordReset,
  resendInvitation,
  RESET_TTL_MS,
  resetPasswordWithToken,
  revokeInvitation,
} from "../../src/modules/auth/account-mutations";
import { createUser } from "../../src/modules/users/user-mutations";
import { getUser } from "../../src/modules/users/user-queries";
import { cookieHeaderFrom, nextTestIp, setUpDatabase, signInRequest, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor & { email: string };

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
});
afterAll(() => tearDownDatabase(database));

const unique = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = "a long unusual passphrase";

/** The newest mail to this address, and the token of the link it carries. */
async function lastMailTo(address: string) {
  const rows = await database.db.select().from(outbox).orderBy(desc(outbox.id));
  const mail = rows.find((row) => (row.to as string[]).includes(address));
  if (!mail) return null;
  const token = /\/bo\/login\/(?:invitation|reset)\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? null;
  return { mail, token };
}

async function mailsTo(address: string) {
  const rows = await database.db.select().from(outbox);
  return rows.filter((row) => (row.to as string[]).includes(address)).length;
}

async function sessionsOf(userId: string) {
  const [row] = await database.db.select({ value: count() }).from(session).where(eq(session.userId, userId));
  return row?.value ?? 0;
}

describe(`invitations on ${process.env.TEST_DB}`, () => {
  it("an admin invites: the account exists without a password, the mail carries a 7-day link", async () => {
    const address = `invitee.${unique()}@example.com`;
    const created = await inviteUser(database.db, admin, { name: "Ivy Invitee", email: address, role: "manager" });
    expect(created.role).toBe("manager");
    const { mail, token } = (await lastMailTo(address))!;
    expect(mail.subject).toContain("invited");
    expect(token).toBeTruthy();
    const [link] = await database.db.select().from(accountToken).where(eq(accountToken.userId, created.id));
    expect(link?.kind).toBe("invitation");
    expect(link?.tokenHash).not.toBe(token);
    expect(Math.abs(link!.expiresAt.getTime() - Date.now() - INVITATION_TTL_MS)).toBeLessThan(60_000);
    // No password yet: signing in fails like any wrong password.
    expect((await signInRequest(address, PASSWORD, nextTestIp())).status).toBe(401);
    expect((await getUser(database.db, created.id)).invited).toBe(true);

    const accepted = await acceptInvitation(database.db, { token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(accepted.email).toBe(address);
    expect((await signInRequest(address, PASSWORD, nextTestIp())).status).toBe(200);
    expect((await getUser(database.db, created.id)).invited).toBe(false);
    const [audit] = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, created.id), eq(auditEvent.action, "accept_invitation")));
    expect(audit?.actorId).toBe(created.id);
  });

  it("a link works once, even when used twice at the same moment", async () => {
    const address = `twice.${unique()}@example.com`;
    await inviteUser(database.db, admin, { name: "Twice", email: address, role: "staff" });
    const { token } = (await lastMailTo(address))!;
    const input = { token, password: PASSWORD, confirmPassword: PASSWORD };
    const results = await Promise.allSettled([
      acceptInvitation(database.db, input),
      acceptInvitation(database.db, input),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(InvalidError);
    expect(refused.reason.code).toBe("account.link_invalid");
    await expect(acceptInvitation(database.db, input)).rejects.toMatchObject({ code: "account.link_invalid" });
  });

  it("an expired link is refused and sets no password", async () => {
    const address = `late.${unique()}@example.com`;
    const created = await inviteUser(database.db, admin, { name: "Late", email: address, role: "staff" });
    const { token } = (await lastMailTo(address))!;
    const later = new Date(Date.now() + INVITATION_TTL_MS + 1000);
    await expect(
      acceptInvitation(database.db, { token, password: PASSWORD, confirmPassword: PASSWORD }, later),
    ).rejects.toMatchObject({ code: "account.link_invalid" });
    expect((await signInRequest(address, PASSWORD, nextTestIp())).status).toBe(401);
    const [row] = await database.db.select().from(user).where(eq(user.id, created.id));
    expect(row?.emailVerified).toBe(false);
  });

  it("sending again replaces the link; revoking stops it and deactivates the account", async () => {
    const address = `again.${unique()}@example.com`;
    const created = await inviteUser(database.db, admin, { name: "Again", email: address, role: "staff" });
    const first = (await lastMailTo(address))!.token;
    await resendInvitation(database.db, admin, { userId: created.id });
    const second = (await lastMailTo(address))!.token;
    expect(second).not.toBe(first);
    await expect(
      acceptInvitation(database.db, { token: first, password: PASSWORD, confirmPassword: PASSWORD }),
    ).rejects.toMatchObject({ code: "account.link_invalid" });
    await revokeInvitation(database.db, admin, { userId: created.id });
    await expect(
      acceptInvitation(database.db, { token: second, password: PASSWORD, confirmPassword: PASSWORD }),
    ).rejects.toMatchObject({ code: "account.link_invalid" });
    const [row] = await database.db.select().from(user).where(eq(user.id, created.id));
    expect(row?.active).toBe(false);
    // Sent again: active once more, a fresh link works.
    await resendInvitation(database.db, admin, { userId: created.id });
    const third = (await lastMailTo(address))!.token;
    await acceptInvitation(database.db, { token: third, password: PASSWORD, confirmPassword: PASSWORD });
    await expect(resendInvitation(database.db, admin, { userId: created.id })).rejects.toMatchObject({
      code: "account.invitation_not_pending",
    });
  });

  it("only administrators invite; a taken address, bad input and a common password are refused", async () => {
    const manager = { id: admin.id, name: "Manager", role: "manager" as const };
    await expect(
      inviteUser(database.db, manager, { name: "X", email: `x.${unique()}@example.com`, role: "staff" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      inviteUser(database.db, admin, { name: "Dup", email: admin.email.toUpperCase(), role: "staff" }),
    ).rejects.toMatchObject({ fieldErrors: { email: expect.any(String) } });
    await expect(inviteUser(database.db, admin, { name: "", email: "nope", role: "owner" })).rejects.toMatchObject({
      fieldErrors: { name: expect.any(String), email: expect.any(String), role: expect.any(String) },
    });
    const address = `common.${unique()}@example.com`;
    await inviteUser(database.db, admin, { name: "Common", email: address, role: "staff" });
    const { token } = (await lastMailTo(address))!;
    await expect(
      acceptInvitation(database.db, { token, password: "password1234", confirmPassword: "password1234" }),
    ).rejects.toMatchObject({ fieldErrors: { password: expect.any(String) } });
    // The refusal did not spend the link.
    await acceptInvitation(database.db, { token, password: PASSWORD, confirmPassword: PASSWORD });
  });
});

describe(`password reset on ${process.env.TEST_DB}`, () => {
  async function person() {
    const address = `reset.${unique()}@example.com`;
    const created = await createUser(database.db, admin, {
      name: "Rita Reset",
      email: address,
      role: "staff",
      defaultHourlyRate: null,
      password: "the first password of rita",
    });
    return { ...created, address };
  }

  it("an unknown address gets the same answer as a known one, and no mail or link", async () => {
    const known = await person();
    const unknown = `nobody.${unique()}@example.com`;
    const ip = nextTestIp();
    expect(await admitPasswordResetRequest(database.db, { email: known.address }, ip)).toBe(known.address);
    expect(await admitPasswordResetRequest(database.db, { email: unknown }, ip)).toBe(unknown);
    expect(await issuePasswordReset(database.db, known.address)).toBe(true);
    expect(await issuePasswordReset(database.db, unknown)).toBe(false);
    expect(await mailsTo(unknown)).toBe(0);
    const { mail, token } = (await lastMailTo(known.address))!;
    expect(mail.subject).toContain("Reset");
    expect(token).toBeTruthy();
  });

  it("the link works once, within the hour, and signs the person out everywhere", async () => {
    const rita = await person();
    const signedIn = await signInRequest(rita.address, "the first password of rita", nextTestIp());
    expect(cookieHeaderFrom(signedIn)).toContain("session_token");
    expect(await sessionsOf(rita.id)).toBe(1);
    await issuePasswordReset(database.db, rita.address);
    const { token } = (await lastMailTo(rita.address))!;

    const late = new Date(Date.now() + RESET_TTL_MS + 1000);
    await expect(
      resetPasswordWithToken(database.db, { token, password: PASSWORD, confirmPassword: PASSWORD }, late),
    ).rejects.toMatchObject({ code: "account.link_invalid" });

    await resetPasswordWithToken(database.db, { token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(await sessionsOf(rita.id)).toBe(0);
    expect((await signInRequest(rita.address, "the first password of rita", nextTestIp())).status).toBe(401);
    expect((await signInRequest(rita.address, PASSWORD, nextTestIp())).status).toBe(200);
    const [row] = await database.db.select().from(user).where(eq(user.id, rita.id));
    expect(row?.mustChangePassword).toBe(false);
    await expect(
      resetPasswordWithToken(database.db, { token, password: `${PASSWORD} 2`, confirmPassword: `${PASSWORD} 2` }),
    ).rejects.toMatchObject({ code: "account.link_invalid" });
    const events = await database.db
      .select({ action: auditEvent.action })
      .from(auditEvent)
      .where(eq(auditEvent.entityId, rita.id));
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(["password_reset_requested", "reset_password_by_email"]),
    );
    // The person is told their password changed.
    expect((await lastMailTo(rita.address))!.mail.subject).toContain("was changed");
  });

  it("a newer link replaces the older one; a deactivated account gets none", async () => {
    const rita = await person();
    await issuePasswordReset(database.db, rita.address);
    const first = (await lastMailTo(rita.address))!.token;
    await issuePasswordReset(database.db, rita.address);
    await expect(
      resetPasswordWithToken(database.db, { token: first, password: PASSWORD, confirmPassword: PASSWORD }),
    ).rejects.toMatchObject({ code: "account.link_invalid" });
    await database.db.update(user).set({ active: false }).where(eq(user.id, rita.id));
    const before = await mailsTo(rita.address);
    expect(await issuePasswordReset(database.db, rita.address)).toBe(false);
    expect(await mailsTo(rita.address)).toBe(before);
  });

  it("requests are limited to 5 per 15 minutes per address and per e-mail, known or not", async () => {
    const ip = nextTestIp();
    const now = new Date();
    for (let i = 0; i < 5; i++)
      await admitPasswordResetRequest(database.db, { email: `spray.${i}.${unique()}@example.com` }, ip, now);
    const refused = await admitPasswordResetRequest(
      database.db,
      { email: `more.${unique()}@example.com` },
      ip,
      now,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);

    const target = `target.${unique()}@example.com`;
    for (let i = 0; i < 5; i++) await admitPasswordResetRequest(database.db, { email: target }, nextTestIp(), now);
    await expect(admitPasswordResetRequest(database.db, { email: target }, nextTestIp(), now)).rejects.toMatchObject({
      code: "account.reset_rate_limited",
    });
    await expect(
      admitPasswordResetRequest(database.db, { email: "not an address" }, nextTestIp()),
    ).rejects.toMatchObject({
      fieldErrors: { email: expect.any(String) },
    });
  });
});
