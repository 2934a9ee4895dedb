// Demo calls in every status: requested (callback requests), scheduled (one overdue), completed
// (one with a follow-up, one logged as time when a project exists), missed (voicemail, wrong
// number) and cancelled. Written with Drizzle directly, each audited: the mutations import
// next/navigation through src/lib/action.ts, which the seed script (tsx, react-server) cannot load.
import { and, asc, eq, isNull } from "drizzle-orm";
import { call, client, project, timeEntry, timesheet } from "@/db/schema";
import { dateInZone, isoWeekMonday } from "@/lib/dates";
import { recordAudit, SYSTEM_ACTOR } from "@/modules/audit/audit-log";
import { getSettings } from "@/modules/settings/settings-queries";
import type { DemoContext } from "@/modules/users/users-seed";
import { parsePhone, timeEntryDescription, timeEntryMinutes } from "./call-rules";

type NewCall = typeof call.$inferInsert;

export async function seedCalls(context: DemoContext): Promise<void> {
  const { db } = context;
  const settings = await getSettings(db);
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);
  const phone = (text: string) => {
    const parsed = parsePhone(text, settings.country);
    if (!parsed.ok) throw new Error(`seed phone ${text}: ${parsed.message}`);
    return parsed.e164;
  };
  const person = (prefix: string, role: "admin" | "manager" | "staff") => {
    const found =
      context.users.find((demo) => demo.email.startsWith(prefix)) ?? context.users.find((demo) => demo.role === role);
    if (!found) throw new Error("seedCalls needs the demo users");
    return found;
  };
  const manager = person("manager@", "manager");
  const sofia = person("staff@", "staff");
  const theo = person("theo@", "staff");

  // A client and project seeded before, if any; the calls work without them too.
  const [first] = await db
    .select({ projectId: project.id, clientId: project.clientId })
    .from(project)
    .innerJoin(client, eq(client.id, project.clientId))
    .where(and(isNull(project.archivedAt), isNull(client.archivedAt)))
    .orderBy(asc(client.name), asc(project.name))
    .limit(1);

  await db.transaction(async (tx) => {
    const insert = async (
      values: Omit<NewCall, "createdById"> & { createdById?: string | null },
      by: { id: string; name: string } | null,
    ) => {
      const [row] = await tx
        .insert(call)
        .values({ createdById: by?.id ?? null, ...values })
        .returning();
      await recordAudit(tx, by ?? SYSTEM_ACTOR, {
        entity: "call",
        entityId: row!.id,
        action: "seed",
        summary: { status: row!.status, contactName: row!.contactName },
      });
      return row!;
    };
    const claire = { contactName: "Claire Martin", phone: phone("01 42 68 53 00"), clientId: first?.clientId ?? null };
    const louis = { contactName: "Louis Bernard", phone: phone("04 72 10 30 30"), clientId: first?.clientId ?? null };
    const peter = { contactName: "Peter Walsh", phone: phone("+44 20 7946 0958") };
    const ana = { contactName: "Ana Souza", phone: phone("+351 21 321 3000") };

    await insert(
      {
        direction: "outbound",
        status: "requested",
        contactName: "Hélène Garnier",
        phone: phone("06 12 34 56 78"),
        email: "helene@example.org",
        subject: "Asked to be called back about a quote",
        notes: "From the contact page.",
      },
      null,
    );
    await insert(
      {
        direction: "outbound",
        status: "requested",
        ...peter,
        subject: "Wants to discuss a retainer",
        assignedUserId: sofia.id,
      },
      sofia,
    );
    await insert(
      {
        direction: "outbound",
        status: "scheduled",
        ...claire,
        subject: "Kick-off of the redesign",
        scheduledAt: hoursFromNow(3),
        assignedUserId: sofia.id,
      },
      sofia,
    );
    await insert(
      {
        direction: "outbound",
        status: "scheduled",
        ...louis,
        subject: "Chase the signed proposal",
        scheduledAt: hoursFromNow(-26),
        assignedUserId: theo.id,
      },
      theo,
    );
    await insert(
      {
        direction: "inbound",
        status: "scheduled",
        ...ana,
        subject: "Candidate interview, first round",
        scheduledAt: hoursFromNow(28),
        assignedUserId: manager.id,
      },
      manager,
    );

    const startedAt = hoursFromNow(-5);
    const logged = await insert(
      {
        direction: "inbound",
        status: "completed",
        ...claire,
        subject: "Feedback on the mock-ups",
        notes: "Likes version B; wants a darker footer.",
        startedAt,
        durationSeconds: 1100,
        projectId: first?.projectId ?? null,
        billable: Boolean(first),
        assignedUserId: sofia.id,
      },
      sofia,
    );
    if (first) {
      const date = dateInZone(startedAt, settings.timezone);
      await tx
        .insert(timesheet)
        .values({ userId: sofia.id, weekStart: isoWeekMonday(date) })
        .onConflictDoNothing();
      const [sheet] = await tx
        .select()
        .from(timesheet)
        .where(and(eq(timesheet.userId, sofia.id), eq(timesheet.weekStart, isoWeekMonday(date))));
      if (sheet && (sheet.status === "draft" || sheet.status === "rejected")) {
        const [entry] = await tx
          .insert(timeEntry)
          .values({
            timesheetId: sheet.id,
            userId: sofia.id,
            projectId: first.projectId,
            date,
            minutes: timeEntryMinutes(1100),
            description: timeEntryDescription(logged),
            billable: true,
            position: 99,
          })
          .returning();
        await tx
          .update(call)
          .set({ timeEntryId: entry!.id, version: logged.version + 1 })
          .where(eq(call.id, logged.id));
        await recordAudit(tx, sofia, {
          entity: "call",
          entityId: logged.id,
          action: "log_time",
          summary: { timeEntryId: entry!.id, timesheetId: sheet.id },
        });
      }
    }

    const followUp = await insert(
      {
        direction: "outbound",
        status: "scheduled",
        ...louis,
        subject: "Send the revised budget",
        scheduledAt: hoursFromNow(70),
        assignedUserId: theo.id,
      },
      theo,
    );
    await insert(
      {
        direction: "outbound",
        status: "completed",
        ...louis,
        subject: "Budget review",
        notes: "Budget approved in principle.",
        scheduledAt: hoursFromNow(-50),
        startedAt: hoursFromNow(-50),
        durationSeconds: 1920,
        assignedUserId: theo.id,
        followUpCallId: followUp.id,
      },
      theo,
    );
    await insert(
      {
        direction: "outbound",
        status: "missed",
        ...peter,
        subject: "Introduce the team",
        outcome: "voicemail",
        notes: "Left a message.",
        scheduledAt: hoursFromNow(-8),
        startedAt: hoursFromNow(-8),
        assignedUserId: sofia.id,
      },
      sofia,
    );
    await insert(
      {
        direction: "outbound",
        status: "missed",
        contactName: "Marc Petit",
        phone: phone("05 56 00 00 01"),
        subject: "Prospect from the fair",
        outcome: "wrong_number",
        scheduledAt: hoursFromNow(-30),
        startedAt: hoursFromNow(-30),
        assignedUserId: theo.id,
      },
      theo,
    );
    await insert(
      {
        direction: "outbound",
        status: "cancelled",
        ...ana,
        subject: "Second interview",
        scheduledAt: hoursFromNow(10),
        assignedUserId: manager.id,
      },
      manager,
    );
  });
}
