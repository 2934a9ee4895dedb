// better-auth: sessions, password hashing (scrypt) and the sign-in endpoint. Bureau adds the
// database-backed lock-out around sign-in, and refuses deactivated users.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { getDb } from "@/db/client";
import { account, session, user, verification } from "@/db/schema";
import {
  acceptSignInAttempt,
  lockoutMessage,
  normaliseEmail,
  reserveSignInAttempt,
} from "@/modules/auth/sign-in-lockout";
import { twoFactorStateOf } from "@/modules/auth/two-factor-state";
import { getConfig } from "./env";
import { clientIpFrom } from "./request";

export const SIGN_IN_FAILED_MESSAGE = "Email or password is incorrect";
export const SESSION_DAYS = 7;
/** A session used this long after it was last renewed gets its full SESSION_DAYS again. */
export const SESSION_RENEWAL_SECONDS = 24 * 60 * 60;

/** Each sign-in request's reserved attempt (sign-in-lockout.ts), from the before hook to the after hook. */
const signInAttempts = new WeakMap<Request, number[]>();

function createAuth() {
  const config = getConfig();
  const db = getDb();
  const appOrigin = new URL(config.appUrl).origin;
  const trustedOrigins = [appOrigin];
  // The same machine under its other loopback name, so a quick start works from either address.
  if (/^http:\/\/localhost(:\d+)?$/.test(appOrigin)) trustedOrigins.push(appOrigin.replace("localhost", "127.0.0.1"));
  if (/^http:\/\/127\.0\.0\.1(:\d+)?$/.test(appOrigin))
    trustedOrigins.push(appOrigin.replace("127.0.0.1", "localhost"));

  return betterAuth({
    appName: "Bureau",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      autoSignIn: false,
    },
    session: {
      additionalFields: {
        secondFactorPending: { type: "boolean", input: false, required: false, defaultValue: false },
      },
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Renewed on use: a session used after a day gets its full 7 days again.
      updateAge: SESSION_RENEWAL_SECONDS,
    },
    user: {
      additionalFields: {
        role: { type: "string", input: false, required: false, defaultValue: "staff" },
        active: { type: "boolean", input: false, required: false, defaultValue: true },
        mustChangePassword: { type: "boolean", input: false, required: false, defaultValue: false },
        language: { type: "string", input: false, required: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A person with two-factor on gets a session that is no use until the code is given
          // (signedInUser treats it as none; /bo/login/two-factor completes it), written so from
          // its first row: there is no moment when the password alone opens the back office. The
          // address is the one Bureau's limits use (decision 018), never a header the client wrote.
          before: async (created, ctx) => ({
            data: {
              ...created,
              ipAddress: ctx?.headers ? clientIpFrom(ctx.headers) : (created.ipAddress ?? null),
              secondFactorPending: (await twoFactorStateOf(db, created.userId)).enabled,
            },
          }),
        },
      },
    },
    // Bureau's own lock-out (database-backed, shared by instances) replaces the in-memory limiter.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => uuidv7() },
      useSecureCookies: config.isProduction && config.appUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // Only sign-in and sign-out answer over HTTP; everything else goes through Bureau's own
    // audited actions. The session is read on the server (getAuth().api.getSession); over HTTP,
    // /get-session would hand the session token to any script of the page, which is exactly what
    // the HttpOnly cookie keeps from it.
    disabledPaths: [
      "/get-session",
      "/update-session",
      "/verify-password",
      "/delete-user/callback",
      "/sign-up/email",
      "/change-password",
      "/set-password",
      "/update-user",
      "/delete-user",
      "/change-email",
      "/request-password-reset",
      "/reset-password",
      "/forget-password",
      "/send-verification-email",
      "/verify-email",
      "/list-sessions",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
      "/link-social",
      "/unlink-account",
      "/list-accounts",
      "/account-info",
      "/refresh-token",
      "/get-access-token",
      "/sign-in/social",
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = normaliseEmail(ctx.body?.email);
        const attempt = await reserveSignInAttempt(db, email, clientIpFrom(ctx.headers ?? new Headers()));
        if (!attempt.allowed) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { message: lockoutMessage(attempt.retryAfterSeconds), code: "SIGN_IN_LOCKED" },
            { "Retry-After": String(attempt.retryAfterSeconds) },
          );
        }
        if (ctx.request) signInAttempts.set(ctx.request, attempt.hitIds);
        // A deactivated account answers exactly like a wrong password (no account enumeration); its
        // reserved attempt stays counted as a failure.
        const [existing] = await db
          .select({ active: user.active })
          .from(user)
          .where(eq(sql`lower(${user.email})`, email))
          .limit(1);
        if (existing && !existing.active) {
          throw new APIError("UNAUTHORIZED", { message: SIGN_IN_FAILED_MESSAGE, code: "INVALID_EMAIL_OR_PASSWORD" });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const returned = ctx.context.returned;
        if (isAPIError(returned)) {
          if (returned.statusCode === 429) return;
          // The attempt reserved before the check is the failure's record.
          throw new APIError("UNAUTHORIZED", { message: SIGN_IN_FAILED_MESSAGE, code: "INVALID_EMAIL_OR_PASSWORD" });
        }
        if (ctx.context.newSession) {
          const hitIds = ctx.request ? (signInAttempts.get(ctx.request) ?? []) : [];
          await acceptSignInAttempt(db, normaliseEmail(ctx.body?.email), hitIds);
        }
      }),
    },
    logger: { level: "error" },
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { bureauAuth?: Auth };

export function getAuth(): Auth {
  globalForAuth.bureauAuth ??= createAuth();
  return globalForAuth.bureauAuth;
}

/** Tests: forget the instance so the next getAuth() uses the database the test set. */
export function resetAuthForTests(): void {
  globalForAuth.bureauAuth = undefined;
}
