import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConflictError, ForbiddenError, NotFoundError } from "./errors";
import { orErrorPage } from "./page-errors";

// notFound() and forbidden() throw errors whose digest tells Next.js which page to render.
const digestOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (error: { digest?: string }) => error.digest ?? String(error),
  );

describe("orErrorPage", () => {
  // forbidden() is an experimental API that Next.js enables from next.config's authInterrupts.
  beforeEach(() => vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true"));
  afterEach(() => vi.unstubAllEnvs());

  it("passes the value through", async () => {
    await expect(orErrorPage(Promise.resolve(42))).resolves.toBe(42);
  });

  it("turns NotFoundError into the 404 page and ForbiddenError into the 403 page", async () => {
    expect(await digestOf(orErrorPage(Promise.reject(new NotFoundError())))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    expect(await digestOf(orErrorPage(Promise.reject(new ForbiddenError())))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
  });

  it("lets any other error through to the error boundary", async () => {
    const conflict = new ConflictError();
    await expect(orErrorPage(Promise.reject(conflict))).rejects.toBe(conflict);
    const unexpected = new Error("boom");
    await expect(orErrorPage(Promise.reject(unexpected))).rejects.toBe(unexpected);
  });
});
