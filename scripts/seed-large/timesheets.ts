// Three years of weekly timesheets: every person fills a grid of rows (project, task) × days;
// old weeks are approved with their rate frozen, recent ones in every state, a few left behind.
import { resolveHourlyRate } from "../../src/modules/timesheets/timesheet-rules";
import { at, dateOf as dateString, FIRM_RATE, type Generation, WEEKS } from "./context";
import type { Firm, Person } from "./firm";
import { uuidV7At } from "./random";
import { REJECTION_REASONS, TASKS } from "./vocabulary";

type Status = "draft" | "submitted" | "approved" | "rejected";

export type Entry = {
  id: string;
  timesheetId: string;
  person: Person;
  projectIndex: number;
  day: number;
  minutes: number;
  description: string;
  billable: boolean;
  approved: boolean;
  hourlyRate: number | null;
  invoiceLineId: string | null;
  position: number;
  createdAt: number;
};

function statusFor(age: number, roll: number): Status {
  if (age === 0) return "draft";
  if (age === 1) return roll < 0.55 ? "submitted" : roll < 0.8 ? "approved" : roll < 0.93 ? "draft" : "rejected";
  if (age <= 3) return roll < 0.82 ? "approved" : roll < 0.93 ? "submitted" : roll < 0.97 ? "rejected" : "draft";
  return roll < 0.99 ? "approved" : roll < 0.994 ? "submitted" : roll < 0.997 ? "rejected" : "draft";
}

/** Writes the timesheets and returns the entries: they are written after the invoices that bill some of them. */
export async function generateTimesheets(gen: Generation, firm: Firm): Promise<Entry[]> {
  const random = gen.random("timesheets");
  const currentWeek = WEEKS - 1;
  const todayDow = gen.today - (gen.firstMonday + currentWeek * 7); // 0 on Monday
  // Which weeks each person has a timesheet for: holidays leave a few out; this week only if started.
  const plan: { person: Person; week: number }[] = [];
  for (const person of firm.people) {
    for (let week = person.startWeek; week <= person.endWeek; week += 1) {
      if (week === currentWeek ? todayDow === 0 || random.chance(0.15) : week < currentWeek - 1 && random.chance(0.06))
        continue;
      plan.push({ person, week });
    }
  }
  const perWeek = gen.counts.timeEntries / Math.max(1, plan.length);

  const timesheets = gen.writer("timesheets", [
    "id",
    "user_id",
    "week_start",
    "status",
    "submitted_at",
    "decided_by_id",
    "decided_at",
    "rejection_reason",
    "version",
    "created_at",
    "updated_at",
  ]);
  const entries: Entry[] = [];
  const assignments = new Map<Person, { until: number; projects: number[] }>();
  const eligible = (projectIndex: number, fromDay: number, toDay: number) => {
    const project = firm.projects[projectIndex]!;
    return project.createdDay <= fromDay && (project.archivedDay === null || project.archivedDay > toDay);
  };

  for (const { person, week } of plan) {
    const monday = gen.firstMonday + week * 7;
    // Every 6 to 10 weeks a person moves to 2 to 5 other projects, mostly of the big clients.
    let assignment = assignments.get(person);
    if (!assignment || assignment.until < week) {
      const length = random.int(6, 10);
      const projects: number[] = [];
      const wanted = random.int(2, 5);
      for (let attempt = 0; attempt < 60 && projects.length < wanted; attempt += 1) {
        const candidates = firm.projectsByClient[random.weighted(firm.clientWeights)]!;
        const candidate = random.pick(candidates);
        if (!projects.includes(candidate) && (eligible(candidate, monday, monday + length * 7) || attempt > 40))
          projects.push(candidate);
      }
      assignment = { until: week + length - 1, projects };
      assignments.set(person, assignment);
    }

    const age = currentWeek - week;
    const status = statusFor(age, random.next());
    const createdAt = at(monday, 8.5);
    const submittedAt = status === "draft" ? null : at(monday + 4, 16 + random.int(0, 3));
    const decided = status === "approved" || status === "rejected";
    let decidedAt = decided ? submittedAt! + random.int(6, 80) * 3_600_000 : null;
    if (decidedAt !== null && decidedAt >= gen.startOfToday)
      decidedAt = gen.startOfToday - random.int(1, 12) * 3_600_000;
    const deciders = firm.deciders.filter((candidate) => candidate !== person);
    const decider = decided ? random.pick(deciders.length > 0 ? deciders : firm.deciders) : null;
    const id = uuidV7At(random, createdAt);
    const version =
      status === "draft" ? random.int(1, 4) : status === "submitted" ? random.int(2, 5) : random.int(3, 6);
    await timesheets.add([
      id,
      person.id,
      dateString(monday),
      status,
      submittedAt === null ? null : new Date(submittedAt),
      decider?.id ?? null,
      decidedAt === null ? null : new Date(decidedAt),
      status === "rejected" ? random.pick(REJECTION_REASONS) : null,
      version,
      new Date(createdAt),
      new Date(decidedAt ?? submittedAt ?? createdAt),
    ]);

    // The grid: rows of (project, task, billable), a cell per worked day; this week up to yesterday.
    const days = week === currentWeek ? Math.max(1, Math.min(5, todayDow)) : 5;
    const wanted = Math.max(1, Math.round(perWeek * (0.7 + 0.6 * random.next()) * (days / 5)));
    const rows = Math.max(1, Math.ceil(wanted / Math.max(1, days - 1)));
    const cells = Array.from({ length: rows * days }, (_, cell) => cell);
    const take = Math.min(wanted, cells.length);
    for (let index = 0; index < take; index += 1) {
      const other = index + Math.floor(random.next() * (cells.length - index));
      [cells[index], cells[other]] = [cells[other]!, cells[index]!];
    }
    const rowInfo = Array.from({ length: rows }, (_, row) => {
      const projectIndex = assignment.projects[row % Math.max(1, assignment.projects.length)] ?? 0;
      const project = firm.projects[projectIndex]!;
      return {
        projectIndex,
        project,
        description: random.pick(TASKS),
        billable: project.billable ? random.chance(0.95) : random.chance(0.1),
      };
    });
    const weekMinutes = random.int(1_800, 2_700) * (days / 5);
    const approved = status === "approved";
    for (const cell of cells.slice(0, take).sort((a, b) => a - b)) {
      const row = Math.floor(cell / days);
      const day = monday + (cell % days);
      const info = rowInfo[row]!;
      const minutes = Math.min(
        720,
        Math.max(15, Math.round(((weekMinutes / take) * (0.6 + 0.8 * random.next())) / 15) * 15),
      );
      const client = firm.clients[info.project.clientIndex]!;
      entries.push({
        id: uuidV7At(random, at(day, 18)),
        timesheetId: id,
        person,
        projectIndex: info.projectIndex,
        day,
        minutes,
        description: info.description,
        billable: info.billable,
        approved,
        hourlyRate: approved
          ? resolveHourlyRate({
              projectRate: info.project.hourlyRate,
              clientRate: client.defaultHourlyRate,
              firmRate: FIRM_RATE,
            })
          : null,
        invoiceLineId: null,
        position: row,
        createdAt: Math.min(at(day, 18), gen.startOfToday - 60_000),
      });
    }
  }
  await timesheets.finish();
  return entries;
}

export async function writeEntries(gen: Generation, firm: Firm, entries: Entry[]) {
  const writer = gen.writer("time_entries", [
    "id",
    "timesheet_id",
    "user_id",
    "project_id",
    "date",
    "minutes",
    "description",
    "billable",
    "hourly_rate",
    "invoice_line_id",
    "position",
    "created_at",
    "updated_at",
  ]);
  for (const entry of entries) {
    await writer.add([
      entry.id,
      entry.timesheetId,
      entry.person.id,
      firm.projects[entry.projectIndex]!.id,
      dateString(entry.day),
      entry.minutes,
      entry.description,
      entry.billable,
      entry.hourlyRate,
      entry.invoiceLineId,
      entry.position,
      new Date(entry.createdAt),
      new Date(entry.createdAt),
    ]);
  }
  await writer.finish();
}
