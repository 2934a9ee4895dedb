import { getTranslations } from "next-intl/server";
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
import { findGridProjects } from "@/modules/timesheets/grid-project-queries";
import { gridDays, gridGroups } from "@/modules/timesheets/timesheet-grid-data";
import { weekLabelParts } from "@/modules/timesheets/timesheet-rules";
import {
  findPreviousWeekRows,
  findTimesheetIdForWeek,
  findTimesheetPeople,
} from "@/modules/timesheets/timesheet-queries";
import { firstParam as one } from "@/lib/search-params";

export async function generateMetadata() {
  const t = await getTranslations("timesheets.create");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreateTimesheetPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requirePagePermission("timesheet.edit");
  const t = await getTranslations("timesheets");
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
  const weekText = t("weekLabel", weekLabelParts(week, settings.locale, settings.timezone));

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title={t("create.title")}
        description={
          person === viewer.id
            ? t("create.yourHours", { week: weekText })
            : t("create.someonesHours", { person: personName, week: weekText })
        }
      />
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("create.chooseWeek")}>
        {choosesPerson ? (
          <div className="grid gap-1">
            <Label htmlFor="person">{t("create.person")}</Label>
            <NativeSelect id="person" name="person" defaultValue={person}>
              {people.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                  {item.id === viewer.id ? t("create.you") : ""}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <div className="grid gap-1">
          <Label htmlFor="week">{t("create.week")}</Label>
          <Input id="week" name="week" type="date" defaultValue={week} className="w-44" />
        </div>
        <Button type="submit" variant="outline">
          {t("create.open")}
        </Button>
        <span className="flex gap-2 text-sm">
          <Link
            className="py-2 text-primary underline-offset-4 hover:underline"
            href={`/bo/timesheets/create?week=${addDaysToDate(week, -7)}${personQuery}`}
          >
            {t("create.previous")}
          </Link>
          <Link
            className="py-2 text-primary underline-offset-4 hover:underline"
            href={`/bo/timesheets/create?week=${addDaysToDate(week, 7)}${personQuery}`}
          >
            {t("create.next")}
          </Link>
        </span>
      </form>
      {projects.complete && projects.options.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t("create.noProject")}{" "}
          {choosesPerson ? (
            <Link href="/bo/clients" className="text-primary underline">
              {t("create.addProject")}
            </Link>
          ) : (
            t("create.askManager")
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
