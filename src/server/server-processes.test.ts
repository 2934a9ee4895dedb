import { describe, expect, it } from "vitest";
import { serverProcessCount } from "./server-processes";

describe("server processes of an instance", () => {
  it("runs one per core on PostgreSQL and one on the embedded database by default", () => {
    expect(serverProcessCount({ DATABASE_URL: "postgres://db/bureau" }, 4)).toBe(4);
    expect(serverProcessCount({ DATABASE_URL: "postgres://db/bureau", WEB_CONCURRENCY: "  " }, 2)).toBe(2);
    expect(serverProcessCount({ DATABASE_URL: "postgres://db/bureau" }, 0)).toBe(1);
    expect(serverProcessCount({ DATABASE_URL: "postgres://db/bureau" }, 256)).toBe(64);
    expect(serverProcessCount({}, 8)).toBe(1);
    expect(serverProcessCount({ DATABASE_URL: "" }, 8)).toBe(1);
  });

  it("takes WEB_CONCURRENCY as given, refusing what cannot work", () => {
    expect(serverProcessCount({ DATABASE_URL: "postgres://db/bureau", WEB_CONCURRENCY: "3" }, 2)).toBe(3);
    expect(serverProcessCount({ WEB_CONCURRENCY: "1" }, 8)).toBe(1);
    for (const value of ["0", "65", "-1", "2.5", "two", "1e1"]) {
      expect(() => serverProcessCount({ DATABASE_URL: "postgres://db/bureau", WEB_CONCURRENCY: value }, 2)).toThrow(
        /^WEB_CONCURRENCY must be a whole number of server processes from 1 to 64/,
      );
    }
    expect(() => serverProcessCount({ WEB_CONCURRENCY: "2" }, 2)).toThrow(
      "WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL): the embedded database can be opened by one process only.",
    );
  });
});
