import { client, project, timeEntry, timesheet } from "@/db/schema";
import { addDaysToDate, isoWeekMonday, todayInZone, weekDays } from "@/lib/dates";
import { recordAudit } from "@/modules/audit/audit-log";
import { getSettings } from "@/modules/settings/settings-queries";
import { parseDuration, resolveHourlyRate, type TimesheetStatus } from "@/modules/timesheets/timesheet-rules";
import type { DemoContext, DemoUser } from "@/modules/users/users-seed";

// Demo data: clients with projects (one archived), and timesheets in every state over the last
// weeks, each with the audit events the app would have written. Plain inserts: the seed script
// runs outside Next.js, where the action helpers (next/navigation) cannot load.

type Row = { projectId: string; description: string; billable: boolean; cells: string[] };

export async function seedClientsAndTimesheets(context: DemoContext) {
  const { db, users } = context;
  const admin = users.find((demo) => demo.role === "admin")!;
  const manager = users.find((demo) => demo.role === "manager")!;
  const staff = users.filter((demo) => demo.role === "staff");
  const settings = await getSettings(db);

  await db.transaction(async (tx) => {
    const insertClient = async (values: typeof client.$inferInsert) => {
      const [created] = await tx.insert(client).values(values).returning();
      await recordAudit(tx, admin, {
        entity: "client",
        entityId: created!.id,
        action: "create",
        summary: { name: created!.name, currency: created!.currency },
      });
      return created!;
    };
    const insertProject = async (values: typeof project.$inferInsert) => {
      const [created] = await tx.insert(project).values(values).returning();
      await recordAudit(tx, admin, {
        entity: "project",
        entityId: created!.id,
        action: "create",
        summary: { clientId: created!.clientId, name: created!.name },
      });
      return created!;
    };
    const acme = await insertClient({
      name: "Acme Industries",
      billingEmail: "accounts@acme.example",
      phone: "+33 4 72 00 00 00",
      addressLine1: "3 quai Rambaud",
      postalCode: "69002",
      city: "Lyon",
      country: "FR",
      vatNumber: "FR40303265045",
      registrationNumber: "303265045",
      // The purchasing department's reference, asked on every invoice (Peppol, XRechnung: BT-10).
      buyerReference: "ACHATS-2231",
      currency: "EUR",
      paymentTermsDays: 30,
      defaultHourlyRate: 9500,
    });
    const globex = await insertClient({
      name: "Globex GmbH",
      billingEmail: "ap@globex.example",
      addressLine1: "Friedrichstraße 68",
      postalCode: "10117",
      city: "Berlin",
      countrySubdivision: "Berlin",
      country: "DE",
      // A Leitweg-ID with valid check digits (ISO 7064 MOD 97-10), as German public buyers give.
      buyerReference: "04011000-1234512345-06",
      vatNumber: "DE123456789",
      currency: "EUR",
      paymentTermsDays: 14,
    });
    const initech = await insertClient({
      name: "Initech Ltd",
      billingEmail: "finance@initech.example",
      addressLine1: "1 Finsbury Avenue",
      postalCode: "EC2M 2PP",
      city: "London",
      country: "GB",
      vatNumber: "GB123456789",
      buyerReference: "FIN-7731",
      currency: "GBP",
      paymentTermsDays: 45,
      defaultHourlyRate: 12000,
    });
    await insertClient({
      name: "Umbrella Corp (former client)",
      city: "Lille",
      country: "FR",
      currency: "EUR",
      paymentTermsDays: 30,
      archivedAt: new Date(),
    });
    const website = await insertProject({
      clientId: acme.id,
      name: "Website redesign",
      code: "ACM-WEB",
      hourlyRate: 11000,
      budgetMinutes: 200 * 60,
    });
    const support = await insertProject({ clientId: acme.id, name: "Support retainer", code: "ACM-SUP" });
    const audit = await insertProject({ clientId: globex.id, name: "Security audit", hourlyRate: 13000 });
    const migration = await insertProject({ clientId: initech.id, name: "Data migration" });
    const presales = await insertProject({ clientId: initech.id, name: "Pre-sales", billableByDefault: false });
    await insertProject({ clientId: acme.id, name: "Legacy intranet", archivedAt: new Date() });
    const rates = new Map(
      [website, support, audit, migration, presales].map((item) => [
        item.id,
        resolveHourlyRate({
          projectRate: item.hourlyRate,
          clientRate: [acme, globex, initech].find((owner) => owner.id === item.clientId)?.defaultHourlyRate,
          firmRate: settings.defaultHourlyRate,
        }),
      ]),
    );

    const thisWeek = isoWeekMonday(todayInZone(settings.timezone));
    const row = (projectId: string, description: string, cells: string[], billable = true): Row => ({
      projectId,
      description,
      billable,
      cells,
    });
    const fullWeek = [
      row(website.id, "Design review and build", ["4", "5:30", "3", "6", "4", "", ""]),
      row(support.id, "Tickets", ["2", "1,5", "2", "", "1", "", ""]),
      row(presales.id, "Proposal", ["1", "", "2", "1", "", "", ""], false),
    ];
    const lighterWeek = [
      row(audit.id, "Audit interviews", ["3", "6", "6", "", "5", "", ""]),
      row(migration.id, "Mapping", ["4", "", "1:30", "7", "2", "", ""]),
    ];

    const addWeek = async (owner: DemoUser, back: number, rows: Row[], status: TimesheetStatus, reason?: string) => {
      const weekStart = addDaysToDate(thisWeek, -7 * back);
      const decided = status === "approved" || status === "rejected";
      const [sheet] = await tx
        .insert(timesheet)
        .values({
          userId: owner.id,
          weekStart,
          status,
          submittedAt: status === "draft" ? null : new Date(),
          decidedById: decided ? manager.id : null,
          decidedAt: decided ? new Date() : null,
          rejectionReason: reason ?? null,
        })
        .returning();
      const days = weekDays(weekStart);
      const entries = rows.flatMap((item, position) =>
        item.cells.flatMap((cell, day) => {
          const parsed = parseDuration(cell);
          if (!parsed.ok || parsed.minutes === null) return [];
          return [
            {
              timesheetId: sheet!.id,
              userId: owner.id,
              projectId: item.projectId,
              date: days[day]!,
              minutes: parsed.minutes,
              description: item.description,
              billable: item.billable,
              position,
              hourlyRate: status === "approved" ? (rates.get(item.projectId) ?? null) : null,
            },
          ];
        }),
      );
      if (entries.length > 0) await tx.insert(timeEntry).values(entries);
      await recordAudit(tx, owner, {
        entity: "timesheet",
        entityId: sheet!.id,
        action: "create",
        summary: { weekStart, entries: entries.length },
      });
      if (status !== "draft")
        await recordAudit(tx, owner, {
          entity: "timesheet",
          entityId: sheet!.id,
          action: "submit",
          summary: { weekStart },
        });
      if (decided)
        await recordAudit(tx, manager, {
          entity: "timesheet",
          entityId: sheet!.id,
          action: status === "approved" ? "approve" : "reject",
          summary: reason ? { reason } : {},
        });
      return sheet!;
    };

    for (const [index, person] of staff.entries()) {
      const rows = index === 0 ? fullWeek : lighterWeek;
      await addWeek(person, 4, rows, "approved");
      await addWeek(person, 3, rows, "approved");
      if (index === 1)
        await addWeek(
          person,
          2,
          rows,
          "rejected",
          "Thursday has no description for the migration work; please add one.",
        );
      else await addWeek(person, 2, rows, "approved");
      await addWeek(person, 1, rows, "submitted");
      await addWeek(
        person,
        0,
        rows.map((item) => ({ ...item, cells: item.cells.map((cell, day) => (day < 2 ? cell : "")) })),
        "draft",
      );
    }
    // The manager's own submitted week: only the admin (or another manager) may approve it.
    await addWeek(manager, 1, [row(website.id, "Account management", ["2", "2", "2", "2", "2", "", ""])], "submitted");
  });
}
