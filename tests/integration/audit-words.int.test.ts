// The audit log in people's words (issue 22 item 4), against a real database: a settings save that
// changed nothing records nothing, the entity filter offers every entity the log holds, and the
// records events name are read in one statement per kind of record.
import { formFrom } from "../support/settings-form";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { findAuditEntities, findAuditEvents } from "../../src/modules/audit/audit-queries";
import { describeAuditEvents } from "../../src/modules/audit/audit-references";
import { createClient, createProject, setClientArchived } from "../../src/modules/clients/client-mutations";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { updateSettings } from "../../src/modules/settings/settings-mutations";
import { updateShareLinkSettings } from "../../src/modules/settings/settings-section-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
});
afterAll(() => tearDownDatabase(database));

async function settingsEvents(): Promise<number> {
  const [row] = await database.db.select({ value: count() }).from(auditEvent).where(eq(auditEvent.entity, "settings"));
  return row?.value ?? 0;
}

const viewer = { language: "en", locale: "en-GB", timezone: "Europe/Paris", currency: "EUR" };

describe(`the audit log in words on ${process.env.TEST_DB}`, () => {
  it("a settings save that changed something records it, one that changed nothing records nothing", async () => {
    const first = await getSettings(database.db);
    await updateSettings(database.db, admin, formFrom(first, { firmName: "Northwind" }));
    const afterChange = await settingsEvents();
    expect(afterChange).toBeGreaterThan(0);

    // The same form saved again as it stands: the VAT rates read back from jsonb in another key
    // order, the templates, the reminders: nothing differs, nothing is recorded.
    const saved = await getSettings(database.db);
    const again = await updateSettings(database.db, admin, formFrom(saved));
    expect(again.version).toBe(saved.version + 1);
    expect(await settingsEvents()).toBe(afterChange);

    // A section saved unchanged records nothing either; changed, it does.
    const current = await getSettings(database.db);
    await updateShareLinkSettings(database.db, admin, {
      shareLinkInMails: current.shareLinkInMails,
      shareLinkMailDays: current.shareLinkMailDays,
    });
    expect(await settingsEvents()).toBe(afterChange);
    await updateShareLinkSettings(database.db, admin, {
      shareLinkInMails: !current.shareLinkInMails,
      shareLinkMailDays: current.shareLinkMailDays,
    });
    expect(await settingsEvents()).toBe(afterChange + 1);
  });

  it("the entity filter offers every entity the log holds", async () => {
    const acme = await createClient(database.db, admin, { name: "Acme", currency: "EUR", paymentTermsDays: "30" });
    await createProject(database.db, admin, {
      clientId: acme.id,
      name: "Website",
      hourlyRate: "90",
      billableByDefault: true,
    });
    const entities = await findAuditEntities(database.db);
    expect(entities).toEqual(expect.arrayContaining(["client", "project", "settings", "user"]));
    expect(new Set(entities).size).toBe(entities.length);
  });

  it("names the records events point to, money in their currency, by one read per kind of record", async () => {
    const client = await createClient(database.db, admin, {
      name: "Globex",
      currency: "USD",
      paymentTermsDays: "30",
    });
    const project = await createProject(database.db, admin, {
      clientId: client.id,
      name: "Audit",
      hourlyRate: "120",
      billableByDefault: true,
    });
    await setClientArchived(database.db, admin, { id: client.id, version: client.version, archived: true });
    const { rows } = await findAuditEvents(database.db, { pageSize: 200 });
    const described = await describeAuditEvents(database.db, rows, viewer);
    const projectCreated = described.find((event) => event.entityId === project.id && event.action === "create")!;
    expect(projectCreated.description.sentence).toBe("Created project Audit");
    expect(projectCreated.description.details).toContain("Client: Globex");
    expect(projectCreated.description.details).toContain("Hourly rate: US$120.00");
    expect(projectCreated.description.details.join(" ")).not.toContain(client.id);
    const archived = described.find((event) => event.entityId === client.id && event.action === "archive")!;
    expect(archived.description.sentence).toBe("Archived client Globex");
    expect(archived.description.by).toBe(`by ${admin.name}`);
    const settingsSaved = described.find((event) => event.entity === "settings" && event.action === "update")!;
    expect(settingsSaved.description.details).toContainEqual(expect.stringMatching(/^Firm name: .+ → Northwind$/));
  });
});
