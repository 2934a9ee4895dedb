import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, auditEvent, session, user } from "../../src/db/schema";
import { getAuth } from "../../src/lib/auth";
import { currentUserFromSession, findSessionUser } from "../../src/lib/session-lookup";
import { ConflictError, ForbiddenError, InvalidError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  changeOwnPassword,
  createUser,
  resetUserPassword,
  setUserActive,
  updateUser,
} from "../../src/modules/users/user-mutations";
import {
  ADMIN_PASSWORD,
  cookieHeaderFrom,
  nextTestIp,
  setUpDatabase,
  signInRequest,
  tearDownDatabase,
} from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor & { email: string };

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
});
afterAll(() => tearDownDatabase(database));

async function countRows(table: typeof user | typeof account | typeof auditEvent | typeof session) {
  const [row] = await database.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: "Sam Staff",
  email: `sam.${Math.random().toString(36).slice(2, 8)}@example.com`,
  role: "staff",
  defaultHourlyRate: "85.50",
  password: "a long unusual passphrase",
  ...overrides,
});

async function sessionCount(userId: string) {
  const [row] = await database.db.select({ value: count() }).from(session).where(eq(session.userId, userId));
  return row?.value ?? 0;
}

describe(`users on ${process.env.TEST_DB}`, () => {
  it("an admin creates a user with a hashed password, must-change flag and an audit event in one go", async () => {
    const input = newUser({ email: "  New.Person@Example.com " });
    const created = await createUser(database.db, admin, input);
    expect(created.email).toBe("new.person@example.com");
    expect(created.role).toBe("staff");
    expect(created.defaultHourlyRate).toBe(8550);
    expect(created.mustChangePassword).toBe(true);
    const [credential] = await database.db.select().from(account).where(eq(account.userId, created.id));
    expect(credential?.password).toBeTruthy();
    expect(credential?.password).not.toContain(input.password as string);
    const events = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "user"), eq(auditEvent.entityId, created.id)));
    expect(events).toHaveLength(1);
    expect(events[0]?.actorId).toBe(admin.id);
    expect(events[0]?.action).toBe("create");
  });

  it("refuses bad input with a message per field and writes nothing", async () => {
    const before = await Promise.all([countRows(user), countRows(account), countRows(auditEvent)]);
    await expect(
      createUser(database.db, admin, newUser({ name: "", email: "not-an-email", role: "owner", password: "short" })),
    ).rejects.toMatchObject({
      fieldErrors: {
        name: expect.any(String),
        email: expect.any(String),
        role: expect.any(String),
        password: expect.any(String),
      },
    });
    await expect(createUser(database.db, admin, newUser({ password: "password1234" }))).rejects.toMatchObject({
      fieldErrors: { password: expect.stringMatching(/too common/) },
      code: "user.password_common",
    });
    await expect(createUser(database.db, admin, newUser({ email: "ADMIN@example.com" }))).rejects.toMatchObject({
      fieldErrors: { email: "A user with this email already exists." },
      code: "user.email_taken",
    });
    expect(await Promise.all([countRows(user), countRows(account), countRows(auditEvent)])).toEqual(before);
  });

  it("only admins manage users", async () => {
    const manager: Actor = { id: admin.id, name: "M", role: "manager" };
    await expect(createUser(database.db, manager, newUser())).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      setUserActive(database.db, { ...manager, role: "staff" }, { id: admin.id, active: false }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("a save based on a stale version is refused and changes nothing", async () => {
    const created = await createUser(database.db, admin, newUser());
    const first = await updateUser(database.db, admin, {
      id: created.id,
      version: created.version,
      name: "First edit",
      role: "manager",
      defaultHourlyRate: "",
    });
    expect(first.version).toBe(created.version + 1);
    await expect(
      updateUser(database.db, admin, {
        id: created.id,
        version: created.version,
        name: "Second edit",
        role: "staff",
        defaultHourlyRate: "",
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    const [row] = await database.db.select().from(user).where(eq(user.id, created.id));
    expect(row?.name).toBe("First edit");
    expect(row?.role).toBe("manager");
    expect(row?.defaultHourlyRate).toBeNull();
  });

  it("keeps at least one active administrator", async () => {
    const [row] = await database.db.select().from(user).where(eq(user.id, admin.id));
    await expect(
      updateUser(database.db, admin, {
        id: admin.id,
        version: row!.version,
        name: "Admin",
        role: "staff",
        defaultHourlyRate: "",
      }),
    ).rejects.toBeInstanceOf(InvalidError);
    await expect(setUserActive(database.db, admin, { id: admin.id, active: false })).rejects.toBeInstanceOf(
      InvalidError,
    );
  });
});

describe(`sign-in and sessions on ${process.env.TEST_DB}`, () => {
  it("signs in with the right password and gets a session cookie", async () => {
    const response = await signInRequest("admin@example.com", ADMIN_PASSWORD, nextTestIp());
    expect(response.status).toBe(200);
    expect(cookieHeaderFrom(response)).toContain("better-auth.session_token=");
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const current = await getAuth().api.getSession({ headers: new Headers({ cookie: cookieHeaderFrom(response) }) });
    expect(current?.user.email).toBe("admin@example.com");
    expect(current?.user.role).toBe("admin");
    // 7 days,.
    const days = (current!.session.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("says the same thing for a wrong password and an unknown email", async () => {
    const ip = nextTestIp();
    const wrong = await signInRequest("admin@example.com", "not the password at all", ip);
    const unknown = await signInRequest("nobody@example.com", "not the password at all", ip);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).message).toBe("Email or password is incorrect");
    expect((await unknown.json()).message).toBe("Email or password is incorrect");
  });

  it("locks an email out after 5 failures in 15 minutes with 429 and Retry-After, even from other addresses", async () => {
    const created = await createUser(database.db, admin, newUser({ email: "locked@example.com" }));
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInRequest("locked@example.com", "wrong password here", nextTestIp())).status).toBe(401);
    }
    const locked = await signInRequest("locked@example.com", "a long unusual passphrase", nextTestIp());
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await locked.json()).message).toMatch(/Try again in 15 minutes/);
    expect(await sessionCount(created.id)).toBe(0);
  });

  it("locks an address out after 5 failures whatever the emails", async () => {
    const ip = nextTestIp();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInRequest(`someone${attempt}@example.com`, "wrong password here", ip)).status).toBe(401);
    }
    expect((await signInRequest("admin@example.com", ADMIN_PASSWORD, ip)).status).toBe(429);
    expect((await signInRequest("admin@example.com", ADMIN_PASSWORD, nextTestIp())).status).toBe(200);
  });

  it("checks exactly 5 of 20 concurrent wrong passwords for one account; the others wait (security review, finding h)", async () => {
    await createUser(database.db, admin, newUser({ email: "burst@example.com" }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signInRequest("burst@example.com", "wrong password here", nextTestIp())),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it("a successful sign-in gives its place back: an address signing in often is never locked out by it", async () => {
    const ip = nextTestIp();
    for (let attempt = 0; attempt < 8; attempt++) {
      expect((await signInRequest("admin@example.com", ADMIN_PASSWORD, ip)).status).toBe(200);
    }
    // Four failures still leave the address one attempt.
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signInRequest(`nobody${attempt}@example.com`, "wrong password here", ip)).status).toBe(401);
    }
    expect((await signInRequest("admin@example.com", ADMIN_PASSWORD, ip)).status).toBe(200);
  });

  it("deactivating a user ends their sessions at once and refuses their sign-in like a wrong password", async () => {
    const created = await createUser(database.db, admin, newUser({ email: "leaver@example.com" }));
    const signedIn = await signInRequest("leaver@example.com", "a long unusual passphrase", nextTestIp());
    expect(signedIn.status).toBe(200);
    expect(await sessionCount(created.id)).toBe(1);
    await setUserActive(database.db, admin, { id: created.id, active: false });
    expect(await sessionCount(created.id)).toBe(0);
    expect(await getAuth().api.getSession({ headers: new Headers({ cookie: cookieHeaderFrom(signedIn) }) })).toBeNull();
    const refused = await signInRequest("leaver@example.com", "a long unusual passphrase", nextTestIp());
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe("Email or password is incorrect");
    await setUserActive(database.db, admin, { id: created.id, active: true });
    expect((await signInRequest("leaver@example.com", "a long unusual passphrase", nextTestIp())).status).toBe(200);
  });

  it("sign-out deletes the session on the server", async () => {
    const signedIn = await signInRequest("admin@example.com", ADMIN_PASSWORD, nextTestIp());
    const cookie = cookieHeaderFrom(signedIn);
    const out = await getAuth().handler(
      new Request("http://localhost:3000/api/auth/sign-out", {
        method: "POST",
        headers: { cookie, origin: "http://localhost:3000" },
      }),
    );
    expect(out.status).toBe(200);
    expect(await getAuth().api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("a password reset by an admin ends the user's sessions and asks for a new one", async () => {
    const created = await createUser(database.db, admin, newUser({ email: "reset@example.com" }));
    await signInRequest("reset@example.com", "a long unusual passphrase", nextTestIp());
    await resetUserPassword(database.db, admin, { id: created.id, password: "another long passphrase" });
    expect(await sessionCount(created.id)).toBe(0);
    expect((await signInRequest("reset@example.com", "a long unusual passphrase", nextTestIp())).status).toBe(401);
    expect((await signInRequest("reset@example.com", "another long passphrase", nextTestIp())).status).toBe(200);
    const [row] = await database.db.select().from(user).where(eq(user.id, created.id));
    expect(row?.mustChangePassword).toBe(true);
  });

  it("changing one's own password asks the current one, clears the must-change flag and ends other sessions", async () => {
    const created = await createUser(database.db, admin, newUser({ email: "changer@example.com" }));
    const actor: Actor = { id: created.id, name: created.name, role: "staff" };
    const first = await signInRequest("changer@example.com", "a long unusual passphrase", nextTestIp());
    await signInRequest("changer@example.com", "a long unusual passphrase", nextTestIp());
    const current = await getAuth().api.getSession({ headers: new Headers({ cookie: cookieHeaderFrom(first) }) });
    await expect(
      changeOwnPassword(
        database.db,
        { ...actor, sessionId: current!.session.id },
        {
          currentPassword: "wrong one",
          newPassword: "my own new passphrase",
          confirmPassword: "my own new passphrase",
        },
      ),
    ).rejects.toMatchObject({ fieldErrors: { currentPassword: "The current password is incorrect." } });
    await expect(
      changeOwnPassword(database.db, actor, {
        currentPassword: "a long unusual passphrase",
        newPassword: "my own new passphrase",
        confirmPassword: "different",
      }),
    ).rejects.toMatchObject({ fieldErrors: { confirmPassword: expect.any(String) } });
    await changeOwnPassword(
      database.db,
      { ...actor, sessionId: current!.session.id },
      {
        currentPassword: "a long unusual passphrase",
        newPassword: "my own new passphrase",
        confirmPassword: "my own new passphrase",
      },
    );
    expect(await sessionCount(created.id)).toBe(1);
    const [row] = await database.db.select().from(user).where(eq(user.id, created.id));
    expect(row?.mustChangePassword).toBe(false);
    expect((await signInRequest("changer@example.com", "my own new passphrase", nextTestIp())).status).toBe(200);
  });
});

describe(`the session read of every page on ${process.env.TEST_DB}`, () => {
  // findSessionUser answers the common case in one query; anything else is left to better-auth
  // (undefined), which then decides exactly as it did alone.
  const withCookie = (cookie: string) => new Headers({ cookie });
  const sign = async (token: string) => {
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(process.env.BETTER_AUTH_SECRET!),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const signature = btoa(
      String.fromCharCode(...new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(token)))),
    );
    return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  };

  it("reads a valid session as better-auth does, and leaves every other case to better-auth", async () => {
    const created = await createUser(database.db, admin, newUser({ email: "reader@example.com", role: "manager" }));
    const cookie = cookieHeaderFrom(
      await signInRequest("reader@example.com", "a long unusual passphrase", nextTestIp()),
    );
    const official = await getAuth().api.getSession({ headers: withCookie(cookie) });
    expect(await findSessionUser(withCookie(cookie))).toEqual(
      await currentUserFromSession(official!.user, official!.session.id),
    );
    expect(await findSessionUser(withCookie(cookie))).toMatchObject({
      id: created.id,
      role: "manager",
      email: "reader@example.com",
      mustChangePassword: true,
    });

    // No cookie, another cookie, a forged signature, a token signed right but unknown: better-auth decides (and says no).
    expect(await findSessionUser(new Headers())).toBeUndefined();
    expect(await findSessionUser(withCookie("theme=dark"))).toBeUndefined();
    const [row] = await database.db.select().from(session).where(eq(session.userId, created.id));
    const forged = `better-auth.session_token=${encodeURIComponent(`${row!.token}.${"A".repeat(43)}=`)}`;
    expect(await findSessionUser(withCookie(forged))).toBeUndefined();
    expect(await getAuth().api.getSession({ headers: withCookie(forged) })).toBeNull();
    const unknown = await sign("an-unknown-token-of-the-right-shape");
    expect(await findSessionUser(withCookie(unknown))).toBeUndefined();
    expect(await getAuth().api.getSession({ headers: withCookie(unknown) })).toBeNull();
    expect(await findSessionUser(withCookie(await sign(row!.token)))).toMatchObject({ id: created.id });

    // Due for renewal (used more than a day after it was last renewed): better-auth renews it, then it is read directly again.
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(session.id, row!.id));
    expect(await findSessionUser(withCookie(cookie))).toBeUndefined();
    const renewed = await getAuth().api.getSession({ headers: withCookie(cookie) });
    expect((renewed!.session.expiresAt.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(6.9);
    expect(await findSessionUser(withCookie(cookie))).toMatchObject({ id: created.id });

    // Expired: better-auth refuses it and deletes it.
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, row!.id));
    expect(await findSessionUser(withCookie(cookie))).toBeUndefined();
    expect(await getAuth().api.getSession({ headers: withCookie(cookie) })).toBeNull();
    expect(await sessionCount(created.id)).toBe(0);
  });

  it("a deactivated user's session reads as nobody", async () => {
    const created = await createUser(database.db, admin, newUser({ email: "paused@example.com" }));
    const cookie = cookieHeaderFrom(
      await signInRequest("paused@example.com", "a long unusual passphrase", nextTestIp()),
    );
    // Deactivating ends the sessions; a session row left behind (as by a crash between the two) still gives no one.
    await database.db.update(user).set({ active: false }).where(eq(user.id, created.id));
    expect(await findSessionUser(withCookie(cookie))).toBeNull();
  });
});
