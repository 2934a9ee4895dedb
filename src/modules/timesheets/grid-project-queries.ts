import "server-only";
import { and, eq, gte, lt } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { timeEntry, user } from "@/db/schema";
import { addDaysToDate } from "@/lib/dates";
import {
  type ClientOption,
  countActiveProjects,
  findClientOptions,
  type TimePerson,
} from "@/modules/clients/client-queries";

// The projects an editable week grid offers. A small firm gets every active project in each row's
// picker. A large one (thousands of projects) would send them all with every grid and repeat them
// in every row's <select> (megabytes of HTML), so its grid starts with a short list, the projects
// the person has logged time on lately plus those the week already uses, and a search finds the rest.

/** Above this many active projects, the grid starts with the short list and a search. */
export const GRID_ALL_PROJECTS_UP_TO = 200;
/** "Lately": the 12 weeks before the week being edited, and the week itself. */
const RECENT_DAYS = 12 * 7;

export type GridProjects = { options: ClientOption[]; complete: boolean };

/** The person whose time it is, with their role: staff pick only the projects open to them. */
export async function timePerson(db: Executor, userId: string): Promise<TimePerson> {
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, userId));
  // An unknown person gets the narrowest choice; the mutations refuse their time anyway.
  return row ?? { id: userId, role: "staff" };
}

/** Clients left without any project the person may use are not offered. */
const withProjects = (options: ClientOption[]) => options.filter((option) => option.projects.length > 0);

export async function findGridProjects(
  db: Executor,
  input: { userId: string; weekStart: string; projectIds: readonly string[] },
): Promise<GridProjects> {
  const person = await timePerson(db, input.userId);
  if ((await countActiveProjects(db)) <= GRID_ALL_PROJECTS_UP_TO)
    return { options: withProjects(await findClientOptions(db, undefined, person)), complete: true };
  const recent = await db
    .selectDistinct({ projectId: timeEntry.projectId })
    .from(timeEntry)
    .where(
      and(
        eq(timeEntry.userId, input.userId),
        gte(timeEntry.date, addDaysToDate(input.weekStart, -RECENT_DAYS)),
        lt(timeEntry.date, addDaysToDate(input.weekStart, 7)),
      ),
    );
  const projectIds = new Set([...input.projectIds, ...recent.map((row) => row.projectId)]);
  return {
    options: withProjects(await findClientOptions(db, { projectIds: [...projectIds] }, person)),
    complete: false,
  };
}
