import type { Metadata } from "next";
import Link from "@/components/app-link";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { getDb } from "@/db/client";
import { addDaysToDate, isValidDateString, isoWeekMonday, todayInZone } from "@/lib/dates";
import { requirePagePermission } from "@/lib/session";
import { can } from "@/modules/users/permissions";
import { getPageSettings } from "@/modules/settings/page-settings";
import { TimesheetGrid } from "@/modules/timesheets/components/timesheet-grid";
import { weekLabel } from "@/modules/timesheets/components/timesheet-status-badge";
import { findGridProjects } from "@/modules/timesheets/grid-project-queries";
import { gridDays, gridGroups } from "@/modules/timesheets/timesheet-grid-data";
import {
  findPreviousWeekRows,
  findTimesheetIdForWeek,
  findTimesheetPeople,
} from "@/modules/timesheets/timesheet-queries";
import { firstParam as one } from "@/lib/search-params";

export const metadata: Metadata = { title: "New timesheet" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreateTimesheetPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requirePagePermission("timesheet.edit");
  const params = await searchParams;
  const choosesPerson = can(viewer, "timesheet.create_for_others");
  const db = getDb();
  const settings = await getPageSettings();
  const weekInput = one(params.week);
  const week = isoWeekMonday(isValidDateString(weekInput) ? weekInput : todayInZone(settings.timezone));
  const people = choosesPerson ? (await findTimesheetPeople(db)).filter((person) => person.active) : [];
  const requestedPerson = one(params.person);
  const person = choosesPerson && people.some((item) => item.id === requestedPerson) ? requestedPerson : viewer.id;
  const personName = people.find((item) => item.id === person)?.name ?? viewer.name;

  // One timesheet per person and week: an existing week opens instead of a duplicate.
  const existing = await findTimesheetIdForWeek(db, person, week);
  if (existing) redirect(`/bo/timesheets/${existing}`);

  const [projects, previousRows] = await Promise.all([
    findGridProjects(db, { userId: person, weekStart: week, projectIds: [] }),
    findPreviousWeekRows(db, person, week),
  ]);
  const personQuery = person !== viewer.id ? `&person=${person}` : "";

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="New timesheet"
        description={`${person === viewer.id ? "Your" : `${personName}'s`} hours for ${weekLabel(week, settings.locale, settings.timezone)}.`}
      />
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the week">
        {choosesPerson ? (
          <div className="grid gap-1">
            <Label htmlFor="person">Person</Label>
            <NativeSelect id="person" name="person" defaultValue={person}>
              {people.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                  {item.id === viewer.id ? " (you)" : ""}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <div className="grid gap-1">
          <Label htmlFor="week">Week containing</Label>
          <Input id="week" name="week" type="date" defaultValue={week} className="w-44" />
        </div>
        <Button type="submit" variant="outline">
          Open week
        </Button>
        <span className="flex gap-2 text-sm">
          <Link
            className="py-2 text-primary underline-offset-4 hover:underline"
            href={`/bo/timesheets/create?week=${addDaysToDate(week, -7)}${personQuery}`}
          >
            Previous week
          </Link>
          <Link
            className="py-2 text-primary underline-offset-4 hover:underline"
            href={`/bo/timesheets/create?week=${addDaysToDate(week, 7)}${personQuery}`}
          >
            Next week
          </Link>
        </span>
      </form>
      {projects.complete && projects.options.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          There is no active project to log time on yet.{" "}
          {choosesPerson ? (
            <Link href="/bo/clients" className="text-primary underline">
              Add a client and a project first.
            </Link>
          ) : (
            "Ask a manager to add one."
          )}
        </p>
      ) : null}
      <TimesheetGrid
        key={`${person}-${week}`}
        userId={person}
        weekStart={week}
        days={gridDays(week, settings.locale)}
        groups={gridGroups(projects.options)}
        initialRows={[]}
        previousRows={previousRows}
        editable
        canSubmit={person === viewer.id}
        locale={settings.locale}
        projectSearch={!projects.complete}
      />
    </div>
  );
}
