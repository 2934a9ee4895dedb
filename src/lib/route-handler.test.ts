import { beforeEach, describe, expect, it, vi } from "vitest";
import { NotFoundError, RateLimitedError } from "./errors";
import { backOfficeRoute } from "./route-handler";
import { type CurrentUser, signedInUser } from "./session";

// The session is the request's; here it is whoever the test says is signed in.
vi.mock("./session", () => ({
  signedInUser: vi.fn(),
  PASSWORD_CHANGE_REQUIRED_MESSAGE: "Choose your own password first.",
}));
const signIn = (user: CurrentUser | null) =>
  vi.mocked(signedInUser).mockResolvedValue(user ? { user, mayProceed: !user.mustChangePassword } : null);

const person = (role: CurrentUser["role"]): CurrentUser => ({
  id: "u1",
  name: "Pat",
  email: "pat@example.com",
  role,
  mustChangePassword: false,
  sessionId: "s1",
  secondFactorPending: false,
  mustSetUpTwoFactor: false,
  language: null,
});
const get = (path: string) => new Request(`http://bureau.test${path}`);
const params = <T>(value: T) => ({ params: Promise.resolve(value) });

describe("backOfficeRoute", () => {
  beforeEach(() => vi.mocked(signedInUser).mockReset());

  const pdf = backOfficeRoute<{ id: string }>({ permission: "invoice.read" }, async (_request, { params, user }) =>
    Response.json({ id: (await params).id, by: user.id }),
  );

  it("runs the handler for a holder of the permission, with the params and the user", async () => {
    signIn(person("manager"));
    const response = await pdf(get("/bo/invoices/i1/pdf"), params({ id: "i1" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "i1", by: "u1" });
  });

  it("sends a signed-out request to sign-in, coming back to the same path and query", async () => {
    signIn(null);
    const response = await pdf(get("/bo/invoices/i1/pdf?download=1"), params({ id: "i1" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `http://bureau.test/bo/login?next=${encodeURIComponent("/bo/invoices/i1/pdf?download=1")}`,
    );
  });

  it("answers 401 without a session when asked to (files embedded or downloaded by a page)", async () => {
    signIn(null);
    const handler = vi.fn(async () => new Response("the file"));
    const file = backOfficeRoute({ signedOut: "401" }, handler);
    const response = await file(get("/bo/settings/logo"), params({}));
    expect(response.status).toBe(401);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("Sign in to continue.");
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses a person who must first choose a password with 403 before any work, whatever their role", async () => {
    signIn({ ...person("admin"), mustChangePassword: true });
    const handler = vi.fn(async () => new Response("secret"));
    const response = await backOfficeRoute({ permission: "invoice.read" }, handler)(get("/bo/x"), params({}));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Choose your own password first.");
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses a role without the permission with 403 before any work", async () => {
    signIn(person("staff"));
    const handler = vi.fn(async () => new Response("secret"));
    const response = await backOfficeRoute({ permission: "invoice.read" }, handler)(get("/bo/x"), params({}));
    expect(response.status).toBe(403);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("You do not have permission to do this.");
    expect(handler).not.toHaveBeenCalled();
  });

  it("lets any signed-in user in when no permission is named", async () => {
    signIn(person("staff"));
    const response = await backOfficeRoute({}, async () => new Response("logo"))(get("/bo/settings/logo"), params({}));
    expect(await response.text()).toBe("logo");
  });

  it("answers the domain's errors with their status and message, never cached", async () => {
    signIn(person("admin"));
    const missing = backOfficeRoute({}, async () => {
      throw new NotFoundError("This invoice does not exist.");
    });
    const notFound = await missing(get("/bo/x"), params({}));
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("cache-control")).toBe("no-store");
    expect(await notFound.text()).toBe("This invoice does not exist.");

    const limited = backOfficeRoute({}, async () => {
      throw new RateLimitedError("Too many downloads.", 30);
    });
    const tooMany = await limited(get("/bo/x"), params({}));
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get("retry-after")).toBe("30");
  });

  it("throws anything unexpected on to Next.js and the error reporter", async () => {
    signIn(person("admin"));
    const failure = new Error("disk on fire");
    const broken = backOfficeRoute({}, async () => {
      throw failure;
    });
    await expect(broken(get("/bo/x"), params({}))).rejects.toBe(failure);
  });
});
