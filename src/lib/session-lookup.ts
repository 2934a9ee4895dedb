import "server-only";
import { parseCookies } from "better-auth/cookies";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { type Role, session, user } from "@/db/schema";
import { mustSetUpTwoFactor, twoFactorStateOf } from "@/modules/auth/two-factor-state";
import type { Actor } from "@/modules/audit/audit-log";
import { getAuth, SESSION_DAYS, SESSION_RENEWAL_SECONDS } from "./auth";

export type CurrentUser = Actor & {
  email: string;
  mustChangePassword: boolean;
  sessionId: string;
  /** Signed in with the password only: the second factor is still to be given (/bo/login/two-factor). */
  secondFactorPending: boolean;
  /** Two-factor sign-in is required for this person's role and they have not set it up yet. */
  mustSetUpTwoFactor: boolean;
  /** The language this person chose for their interface; null: the firm's (decision 067). */
  language: string | null;
};

/** How often a session's last use (its updated_at) is written: at most once in this many milliseconds. */
export const SESSION_LAST_USE_PRECISION_MS = 5 * 60 * 1000;

export function currentUserOf(
  row: {
    id: string;
    name: string;
    email: string;
    role?: string | null;
    active?: boolean | null;
    mustChangePassword?: boolean | null;
    language?: string | null;
  },
  sessionId: string,
  twoFactor: { secondFactorPending: boolean; enabled: boolean; required: boolean },
): CurrentUser | null {
  if (row.active === false) return null;
  const role = (row.role ?? "staff") as Role;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role,
    mustChangePassword: Boolean(row.mustChangePassword),
    sessionId,
    secondFactorPending: twoFactor.secondFactorPending,
    mustSetUpTwoFactor: mustSetUpTwoFactor(role, twoFactor),
    language: row.language ?? null,
  };
}

/** The fallback path (better-auth's getSession): the two-factor state read on its own. */
export async function currentUserFromSession(
  row: Parameters<typeof currentUserOf>[0],
  sessionId: string,
): Promise<CurrentUser | null> {
  const db = getDb();
  const [state, [pending]] = await Promise.all([
    twoFactorStateOf(db, row.id),
    db.select({ value: session.secondFactorPending }).from(session).where(eq(session.id, sessionId)).limit(1),
  ]);
  return currentUserOf(row, sessionId, { ...state, secondFactorPending: pending?.value ?? false });
}

const hmac = { name: "HMAC", hash: "SHA-256" } as const;
const globalForSession = globalThis as unknown as { bureauSessionKey?: { secret: string; key: Promise<CryptoKey> } };

function signingKey(secret: string): Promise<CryptoKey> {
  if (globalForSession.bureauSessionKey?.secret !== secret) {
    globalForSession.bureauSessionKey = {
      secret,
      key: crypto.subtle.importKey("raw", new TextEncoder().encode(secret), hmac, false, ["verify"]),
    };
  }
  return globalForSession.bureauSessionKey.key;
}

/**
 * Every page asks for the session, so the common case is read here in one query instead of going
 * through better-auth's getSession (its context, two queries and its cookie handling): a cookie
 * signed as better-auth signs it (HMAC-SHA-256 of the token with the secret, better-call's
 * format), naming a session that exists, has not expired and is not due for renewal. Anything
 * else (no or badly signed cookie, unknown or expired session, renewal due, a "don't remember
 * me" or cached-session cookie) returns undefined and better-auth decides, with its writes and
 * cookies, exactly as before. null only when the session is valid but its user is deactivated.
 */
export async function findSessionUser(requestHeaders: Headers): Promise<CurrentUser | null | undefined> {
  const cookieHeader = requestHeaders.get("cookie");
  if (!cookieHeader) return undefined;
  const auth = getAuth();
  const context = await auth.$context;
  const cookies = parseCookies(cookieHeader);
  if (cookies.has(context.authCookies.sessionData.name) || cookies.has(context.authCookies.dontRememberToken.name))
    return undefined;
  const value = cookies.get(context.authCookies.sessionToken.name);
  if (!value) return undefined;
  const dot = value.lastIndexOf(".");
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (dot < 1 || signature.length !== 44 || !signature.endsWith("=")) return undefined;
  let signatureBytes: Uint8Array<ArrayBuffer>;
  try {
    signatureBytes = Uint8Array.from(atob(signature), (character) => character.charCodeAt(0));
  } catch {
    return undefined;
  }
  const valid = await crypto.subtle.verify(
    hmac,
    await signingKey(context.secret),
    signatureBytes,
    new TextEncoder().encode(token),
  );
  if (!valid) return undefined;
  const [row] = await getDb()
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      active: user.active,
      mustChangePassword: user.mustChangePassword,
      language: user.language,
      secondFactorPending: session.secondFactorPending,
      lastUsedAt: session.updatedAt,
      twoFactorEnabled: sql<boolean>`exists (select 1 from totp_credentials t where t.user_id = ${user.id} and t.confirmed_at is not null)`,
      twoFactorRequired: sql<boolean>`coalesce((select s.require_two_factor_for_managers from settings s limit 1), false)`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token))
    .limit(1);
  if (!row) return undefined;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  // better-auth renews a session once it is SESSION_RENEWAL_SECONDS old (its updateAge rule).
  const renewalDue = expiresAt - SESSION_DAYS * 86_400_000 + SESSION_RENEWAL_SECONDS * 1000 <= now;
  if (expiresAt <= now || renewalDue) return undefined;
  // The sessions page shows when each session was last used, to within a few minutes.
  if (now - row.lastUsedAt.getTime() > SESSION_LAST_USE_PRECISION_MS)
    await getDb()
      .update(session)
      .set({ updatedAt: new Date(now) })
      .where(eq(session.id, row.sessionId));
  return currentUserOf(row, row.sessionId, {
    secondFactorPending: row.secondFactorPending,
    enabled: Boolean(row.twoFactorEnabled),
    required: Boolean(row.twoFactorRequired),
  });
}
