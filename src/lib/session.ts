import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { can, type Permission, requirePermission } from "@/modules/users/permissions";
import { getAuth } from "./auth";
import { loginUrl, safeNextPath } from "./request";
import { type CurrentUser, currentUserOf, findSessionUser } from "./session-lookup";

export type { CurrentUser } from "./session-lookup";

/** The signed-in, active user of this request, or null. Read from the database on every request. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const requestHeaders = await headers();
  const fast = await findSessionUser(requestHeaders);
  if (fast !== undefined) return fast;
  const result = await getAuth().api.getSession({ headers: requestHeaders });
  if (!result) return null;
  return currentUserOf(result.user, result.session.id);
});

export async function currentPath(): Promise<string> {
  return safeNextPath((await headers()).get("x-bureau-path"), "/bo");
}

/**
 * The user every guard below lets in: pages, actions and route handlers all start here, so a rule
 * about using the back office at all (beyond having a session) is written once, in this function.
 */
export async function signedInUser(): Promise<CurrentUser | null> {
  return getCurrentUser();
}

/** Pages: the signed-in user, or a redirect to the sign-in page that comes back here. */
export async function requireUser(): Promise<CurrentUser> {
  const user = await signedInUser();
  if (!user) redirect(loginUrl(await currentPath()));
  return user;
}

/** Pages: the signed-in user holding this permission, or the 403 page. */
export async function requirePagePermission(permission: Permission): Promise<CurrentUser> {
  const user = await requireUser();
  if (!can(user, permission)) forbidden();
  return user;
}

/**
 * Actions: the acting user, holding this permission when one is named (any signed-in user
 * otherwise); never trusts the client. A refusal is a ForbiddenError, so the form shows it.
 */
export async function requireActor(permission?: Permission): Promise<CurrentUser> {
  const user = await requireUser();
  if (permission) requirePermission(user, permission);
  return user;
}
