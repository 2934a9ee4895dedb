// My account's language (issue 22, decision 067): a person chooses the language of their own
// interface and mails, or none for the firm's; only a language Bureau has a catalog for is kept.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { setOwnLanguage } from "../../src/modules/users/user-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor & { email: string };

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
});
afterAll(() => tearDownDatabase(database));

async function storedLanguage(): Promise<string | null | undefined> {
  const [row] = await database.db.select({ language: user.language }).from(user).where(eq(user.id, admin.id));
  return row?.language;
}

describe(`a person's own language on ${process.env.TEST_DB}`, () => {
  it("saves a language, clears it with null, and refuses an unknown one without changing anything", async () => {
    expect(await storedLanguage()).toBeNull();

    expect(await setOwnLanguage(database.db, admin, { language: "fr" })).toBe("fr");
    expect(await storedLanguage()).toBe("fr");

    await expect(setOwnLanguage(database.db, admin, { language: "xx" })).rejects.toMatchObject({
      name: "InvalidError",
      code: "user.language_unknown",
      fieldErrors: { language: "Choose a language from the list." },
    });
    expect(await storedLanguage()).toBe("fr");

    expect(await setOwnLanguage(database.db, admin, { language: "de" })).toBe("de");
    expect(await storedLanguage()).toBe("de");

    expect(await setOwnLanguage(database.db, admin, { language: null })).toBeNull();
    expect(await storedLanguage()).toBeNull();
  });
});
