import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { can, type Permission, requirePermission } from "@/modules/users/permissions";
import { ForbiddenError } from "./errors";
import { getAuth } from "./auth";
import { loginUrl, safeNextPath } from "./request";
import { type CurrentUser, currentUserFromSession, findSessionUser } from "./session-lookup";

export type { CurrentUser } from "./session-lookup";

/** The signed-in, active user of this request, or null. Read from the database on every request. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const requestHeaders = await headers();
  const fast = await findSessionUser(requestHeaders);
  if (fast !== undefined) return fast;
  const result = await getAuth().api.getSession({ headers: requestHeaders });
  if (!result) return null;
  return currentUserFromSession(result.user, result.session.id);
});

export async function currentPath(): Promise<string> {
  return safeNextPath((await headers()).get("x-bureau-path"), "/bo");
}

/**
 * A person whose password an administrator set (or the first run generated) must choose their own
 * before anything else, and an administrator or manager must set up two-factor sign-in when the
 * firm requires it: until then the only page they may open is their account page, the only
 * actions those of their account's security (purpose "choose-password"), and signing out
 * (better-auth's endpoint) always works. A session still waiting for its second factor is no
 * session at all here. Every
 * guard below enforces it, so neither an RSC request that skips the shell layout, nor a replayed
 * server action, nor a file route gets past it: a layout is never an authorisation check.
 */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  "Choose your own password first: open My account (your password was set by an administrator).";
export const ACCOUNT_PATH = "/bo/account";

function isAccountPage(path: string): boolean {
  return path === ACCOUNT_PATH || path.startsWith(`${ACCOUNT_PATH}?`) || path.startsWith(`${ACCOUNT_PATH}/`);
}

/**
 * The user every guard below lets in: pages, actions and route handlers all start here, so a rule
 * about using the back office at all (beyond having a session) is written once, in this function.
 * `purpose` says what is asked for: the account page and changing one's own password are the only
 * things a person who must choose a password may do.
 */
export async function signedInUser(
  purpose: "use" | "choose-password" = "use",
): Promise<{ user: CurrentUser; mayProceed: boolean } | null> {
  const user = await getCurrentUser();
  // Signed in with the password only: the session is no use until the second factor is given.
  if (!user || user.secondFactorPending) return null;
  const held = user.mustChangePassword || user.mustSetUpTwoFactor;
  return { user, mayProceed: !held || purpose === "choose-password" };
}

export const TWO_FACTOR_SETUP_REQUIRED_MESSAGE =
  "Set up two-factor sign-in first: open My account (it is required for your role).";

/** Why a held person may not go on: the password to choose, or the second factor to set up. */
export function heldMessage(user: CurrentUser): string {
  return user.mustChangePassword ? PASSWORD_CHANGE_REQUIRED_MESSAGE : TWO_FACTOR_SETUP_REQUIRED_MESSAGE;
}

/** Pages: the signed-in user, or a redirect to the sign-in page that comes back here. */
export async function requireUser(): Promise<CurrentUser> {
  const path = await currentPath();
  const signedIn = await signedInUser(isAccountPage(path) ? "choose-password" : "use");
  if (!signedIn) redirect(loginUrl(path));
  if (!signedIn.mayProceed) redirect(`${ACCOUNT_PATH}?required=1`);
  return signedIn.user;
}

/** Pages: the signed-in user holding this permission, or the 403 page. */
export async function requirePagePermission(permission: Permission): Promise<CurrentUser> {
  const user = await requireUser();
  if (!can(user, permission)) forbidden();
  return user;
}

/**
 * Actions: the acting user, holding this permission when one is named (any signed-in user
 * otherwise); never trusts the client. A refusal is a ForbiddenError, so the form shows it. The
 * page an action is posted to says nothing about which action it is (any action can be posted to
 * any page), so the password rule goes by `purpose`, never by the path.
 */
export async function requireActor(
  permission?: Permission,
  purpose: "use" | "choose-password" = "use",
): Promise<CurrentUser> {
  const signedIn = await signedInUser(purpose);
  if (!signedIn) redirect(loginUrl(await currentPath()));
  if (!signedIn.mayProceed) throw new ForbiddenError(heldMessage(signedIn.user));
  if (permission) requirePermission(signedIn.user, permission);
  return signedIn.user;
}
