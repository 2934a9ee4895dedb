// Test data for the invoice tests, written straight to the database: clients, projects and
// approved time (the clients and timesheets modules have their own tests for how those are made).
import { v7 as uuidv7 } from "uuid";
import type { Database } from "../../src/db/client";
import { client, project, timeEntry, timesheet, user } from "../../src/db/schema";
import { addDaysToDate, isoWeekMonday, todayInZone } from "../../src/lib/dates";
import { receivedTotalsOf, receivedTotalsSelect } from "../../src/modules/invoices/invoice-totals-queries";
import type { InvoiceListFilter } from "../../src/modules/invoices/invoice-schemas";

export const today = () => todayInZone("Europe/Paris");

export async function insertClient(db: Database, overrides: Partial<typeof client.$inferInsert> = {}) {
  const [row] = await db
    .insert(client)
    .values({
      name: `Client ${uuidv7().slice(-8)}`,
      currency: "EUR",
      paymentTermsDays: 30,
      addressLine1: "1 Main Street",
      postalCode: "75001",
      city: "Paris",
      country: "FR",
      vatNumber: "FR15901234567",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertProject(
  db: Database,
  clientId: string,
  overrides: Partial<typeof project.$inferInsert> = {},
) {
  const [row] = await db
    .insert(project)
    .values({ clientId, name: `Project ${uuidv7().slice(-8)}`, ...overrides })
    .returning();
  return row!;
}

export async function insertUser(db: Database, name = "Tess Timekeeper") {
  const [row] = await db
    .insert(user)
    .values({ name, email: `${uuidv7()}@example.com`, role: "staff", emailVerified: true })
    .returning();
  return row!;
}

/** Approved, billable entries (one per minutes value) in a past week of `userId`'s timesheets. */
export async function insertApprovedTime(
  db: Database,
  {
    userId,
    projectId,
    minutes,
    hourlyRate = 9000,
    weeksAgo = 1,
    status = "approved" as const,
  }: {
    userId: string;
    projectId: string;
    minutes: number[];
    hourlyRate?: number;
    weeksAgo?: number;
    status?: "approved" | "submitted";
  },
) {
  const weekStart = isoWeekMonday(addDaysToDate(today(), -7 * weeksAgo));
  const [sheet] = await db
    .insert(timesheet)
    .values({ userId, weekStart, status })
    .onConflictDoUpdate({ target: [timesheet.userId, timesheet.weekStart], set: { status } })
    .returning();
  const rows = await db
    .insert(timeEntry)
    .values(
      minutes.map((value, index) => ({
        timesheetId: sheet!.id,
        userId,
        projectId,
        date: addDaysToDate(weekStart, index % 5),
        minutes: value,
        hourlyRate,
        description: `Work ${index + 1}`,
      })),
    )
    .returning();
  return rows;
}

export const line = (overrides: Record<string, unknown> = {}) => ({
  description: "Consulting",
  quantity: "1",
  unit: "day",
  unitPrice: "800",
  discount: "",
  taxRateBp: 2000,
  timeEntryIds: [] as string[],
  ...overrides,
});

export function draftInput(clientId: string, overrides: Record<string, unknown> = {}) {
  const issueDate = today();
  return {
    clientId,
    currency: "EUR",
    issueDate,
    dueDate: addDaysToDate(issueDate, 30),
    servicePeriodStart: "",
    servicePeriodEnd: "",
    notes: "",
    footer: "",
    lines: [line()],
    ...overrides,
  };
}

/**
 * Per currency, the payments received in a filter's paid range, as the list reads them (from the
 * summary table or, with `useSummaries: false`, from the payments). A search is refused: its
 * matching clients are the list's to find.
 */
export async function findReceivedTotals(
  db: Database,
  filter: InvoiceListFilter,
  today: string,
  options: { useSummaries?: boolean } = {},
) {
  return receivedTotalsOf(
    await receivedTotalsSelect(db, filter, today, {
      matchingClientIds: filter.q ? undefined : [],
      useSummaries: options.useSummaries,
    }),
  );
}
