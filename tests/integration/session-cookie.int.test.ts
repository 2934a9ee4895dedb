// The session cookie as production sets it: the browser tests run over plain http, where a Secure
// cookie would never come back, so the production settings are checked here on the real auth
// instance (src/lib/auth.ts) with a production configuration.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getAuth } from "../../src/lib/auth";
import { resetConfigForTests } from "../../src/lib/env";
import { ADMIN_PASSWORD, nextTestIp, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";
import { clientAddressHeader } from "../../src/lib/request";

function signIn(origin: string) {
  return getAuth().handler(
    new Request(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, [clientAddressHeader()]: nextTestIp() },
      body: JSON.stringify({ email: "admin@example.com", password: ADMIN_PASSWORD }),
    }),
  );
}

function sessionCookie(response: Response): { name: string; attributes: string[] } {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => /^(__Secure-)?better-auth\.session_token=/.test(value));
  if (!cookie) throw new Error(`no session cookie in ${response.headers.getSetCookie().join(" | ")}`);
  const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
  return { name: pair!.split("=")[0]!, attributes: attributes.map((attribute) => attribute.toLowerCase()) };
}

describe("session cookie in production over HTTPS", () => {
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("APP_URL", "https://bureau.example");
    resetConfigForTests();
    ({ database } = await setUpDatabase());
  });

  afterAll(async () => {
    await tearDownDatabase(database);
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  it("is Secure (with the __Secure- prefix), HttpOnly, SameSite=Lax, for the whole site, 7 days", async () => {
    const response = await signIn("https://bureau.example");
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    expect(cookie.name).toBe("__Secure-better-auth.session_token");
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/", `max-age=${7 * 24 * 3600}`]),
    );
  });
});
