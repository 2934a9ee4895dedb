import { formFrom } from "../support/settings-form";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, settings } from "../../src/db/schema";
import { ConflictError, ForbiddenError, InvalidError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { findAuditEvents } from "../../src/modules/audit/audit-queries";
import { consumeRateLimit, getRateLimitState } from "../../src/modules/rate-limits/rate-limit";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { updateLogo, updateSettings } from "../../src/modules/settings/settings-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
});
afterAll(() => tearDownDatabase(database));

describe(`settings on ${process.env.TEST_DB}`, () => {
  it("starts with the defaults", async () => {
    const row = await getSettings(database.db);
    expect(row).toMatchObject({
      currency: "EUR",
      locale: "en-GB",
      timezone: "Europe/Paris",
      paymentTermsDays: 30,
      invoiceNumberPattern: "{YYYY}-{SEQ:4}",
      creditNoteNumberPattern: "CN-{YYYY}-{SEQ:4}",
    });
    // A French firm's four rates, then one 0 % rate per other VAT category, each with its mention.
    expect(row.taxRates.map((rate) => `${rate.category}:${rate.basisPoints}`)).toEqual([
      "S:2000",
      "S:1000",
      "S:550",
      "S:210",
      "Z:0",
      "AE:0",
      "O:0",
      "E:0",
      "K:0",
      "G:0",
    ]);
    expect(
      row.taxRates.filter((rate) => rate.category !== "S" && rate.category !== "Z").every((rate) => rate.mention),
    ).toBe(true);
    expect(row.taxRates.filter((rate) => rate.isDefault).map((rate) => rate.basisPoints)).toEqual([2000]);
    expect(row.reminders).toEqual({ enabled: false, daysAfterDue: [3, 10, 30] });
    expect(row.applicationRetentionMonths).toBe(12);
    expect(row.messageRetentionMonths).toBe(12);
  });

  it("an admin saves the settings; the change is audited in the same transaction", async () => {
    const before = await getSettings(database.db);
    const updated = await updateSettings(
      database.db,
      admin,
      formFrom(before, {
        firmName: "Northwind Consulting",
        vatNumber: "FR 32 901234567",
        iban: "FR76 3000 6000 0112 3456 7890 189",
        messageRetentionMonths: "24",
      }),
    );
    expect(updated.firmName).toBe("Northwind Consulting");
    expect(updated.messageRetentionMonths).toBe(24);
    expect(updated.applicationRetentionMonths).toBe(before.applicationRetentionMonths);
    expect(updated.iban).toBe("FR7630006000011234567890189");
    expect(updated.version).toBe(before.version + 1);
    const events = await findAuditEvents(database.db, { entity: "settings" });
    expect(events.rows[0]?.summary).toMatchObject({
      changes: {
        firmName: { from: before.firmName, to: "Northwind Consulting" },
        messageRetentionMonths: { from: 12, to: 24 },
      },
    });
  });

  it("refuses a stale version, a bad VAT shape, clashing number series, and non-admins, changing nothing", async () => {
    const current = await getSettings(database.db);
    const [auditBefore] = await database.db.select({ value: count() }).from(auditEvent);
    await expect(
      updateSettings(database.db, admin, formFrom(current, { version: current.version - 1, firmName: "Stale" })),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(
      updateSettings(database.db, admin, formFrom(current, { messageRetentionMonths: "121" })),
    ).rejects.toMatchObject({ fieldErrors: { messageRetentionMonths: "Between 1 and 120 months." } });
    await expect(updateSettings(database.db, admin, formFrom(current, { vatNumber: "FR123" }))).rejects.toMatchObject({
      fieldErrors: { vatNumber: expect.any(String) },
      code: "settings.vat_number_shape",
    });
    await expect(
      updateSettings(database.db, admin, formFrom(current, { creditNoteNumberPattern: current.invoiceNumberPattern })),
    ).rejects.toBeInstanceOf(InvalidError);
    await expect(
      updateSettings(database.db, admin, formFrom(current, { creditNoteNumberPattern: current.invoiceNumberPattern })),
    ).rejects.toMatchObject({
      fieldErrors: { creditNoteNumberPattern: "Credit notes need their own number series." },
      code: "settings.credit_note_series_same",
    });
    // Both series the same broken pattern: each field gets its pattern's message; that the series
    // are the same is said once the patterns themselves are right (every error of one submission).
    await expect(
      updateSettings(
        database.db,
        admin,
        formFrom(current, { invoiceNumberPattern: "{YYYY}", creditNoteNumberPattern: "{YYYY}" }),
      ),
    ).rejects.toMatchObject({
      fieldErrors: {
        invoiceNumberPattern: "The pattern must contain exactly one sequence token {SEQ:n}, e.g. {SEQ:4}.",
        creditNoteNumberPattern: "The pattern must contain exactly one sequence token {SEQ:n}, e.g. {SEQ:4}.",
      },
      code: "input.invalid",
    });
    await expect(
      updateSettings(database.db, admin, formFrom(current, { invoiceNumberPattern: "INV-{SEQ:4}-{XX}" })),
    ).rejects.toMatchObject({
      fieldErrors: { invoiceNumberPattern: expect.any(String) },
      code: "invoice.number_pattern_unknown_token",
    });
    await expect(
      updateSettings(database.db, admin, formFrom(current, { timezone: "Mars/Olympus" })),
    ).rejects.toMatchObject({ fieldErrors: { timezone: expect.any(String) } });
    await expect(updateSettings(database.db, { ...admin, role: "manager" }, formFrom(current))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    const after = await getSettings(database.db);
    expect(after).toEqual(current);
    const [auditAfter] = await database.db.select({ value: count() }).from(auditEvent);
    expect(auditAfter?.value).toBe(auditBefore?.value);
  });

  it("names every field in error in one refusal, the checks across fields included", async () => {
    const current = await getSettings(database.db);
    const refusal = updateSettings(
      database.db,
      admin,
      formFrom(current, {
        country: "FR",
        vatNumber: "FR123",
        iban: "FR76 3000 6000 0112 3456 7890 188",
        invoiceNumberPattern: "INV-{SEQ:4}-{XX}",
        timezone: "Mars/Olympus",
        paymentTermsDays: "",
        remindersEnabled: true,
        reminderDays: "",
      }),
    );
    await expect(refusal).rejects.toBeInstanceOf(InvalidError);
    const { fieldErrors } = (await refusal.catch((error: unknown) => error)) as InvalidError;
    expect(Object.keys(fieldErrors).sort()).toEqual(
      ["iban", "invoiceNumberPattern", "paymentTermsDays", "reminderDays", "timezone", "vatNumber"].sort(),
    );
    expect(await getSettings(database.db)).toEqual(current);
  });

  it("takes a PNG logo by its bytes and refuses anything else", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await updateLogo(database.db, admin, { bytes: png });
    const [row] = await database.db.select({ logo: settings.logo, type: settings.logoMimeType }).from(settings);
    expect(row?.type).toBe("image/png");
    expect(Buffer.from(row!.logo!).equals(Buffer.from(png))).toBe(true);
    await expect(
      updateLogo(database.db, admin, { bytes: new TextEncoder().encode("<svg onload=alert(1)>") }),
    ).rejects.toMatchObject({ fieldErrors: { logo: expect.any(String) }, code: "settings.logo_not_image" });
    const events = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "settings"), eq(auditEvent.action, "update_logo")));
    expect(events).toHaveLength(1);
  });
});

describe(`rate limits on ${process.env.TEST_DB}`, () => {
  it("allows the limit within the window, then says how long to wait", async () => {
    const rule = { bucket: "test", limit: 3, windowMs: 60_000 };
    const start = new Date("2026-03-01T10:00:00Z");
    for (let index = 0; index < 3; index++) {
      expect((await consumeRateLimit(database.db, rule, "key", new Date(start.getTime() + index * 1000))).allowed).toBe(
        true,
      );
    }
    const refused = await consumeRateLimit(database.db, rule, "key", new Date(start.getTime() + 10_000));
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 50 });
    expect((await getRateLimitState(database.db, rule, "key", new Date(start.getTime() + 60_001))).allowed).toBe(true);
    expect((await getRateLimitState(database.db, rule, "other", new Date(start.getTime() + 10_000))).allowed).toBe(
      true,
    );
  });
});
