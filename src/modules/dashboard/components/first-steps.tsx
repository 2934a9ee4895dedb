import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** A step: where it leads, and its words in `dashboard.steps.<key>` (label and detail). */
type Step = { href: string; key: string };

const MANAGER_STEPS: Step[] = [
  { href: "/bo/clients", key: "client" },
  { href: "/bo/timesheets/create", key: "timesheet" },
  { href: "/bo/invoices/create", key: "invoice" },
  { href: "/bo/jobs/new", key: "job" },
];

const STAFF_STEPS: Step[] = [
  { href: "/bo/timesheets/create", key: "ownTimesheet" },
  { href: "/bo/calls", key: "call" },
];

const SETUP_STEPS: Step[] = [
  { href: "/bo/settings", key: "settings" },
  { href: "/bo/users", key: "people" },
];

/** What an empty firm sees instead of a wall of zeros; an admin's setup steps come first. */
export function FirstSteps({ isDecider, withSetup }: { isDecider: boolean; withSetup: boolean }) {
  const t = useTranslations("dashboard.steps");
  const steps = [...(withSetup ? SETUP_STEPS : []), ...(isDecider ? MANAGER_STEPS : STAFF_STEPS)];
  return (
    <Card data-testid="first-steps">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 text-sm sm:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step.href} className="flex gap-3 rounded-lg border p-3">
              <span
                aria-hidden="true"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold"
              >
                {index + 1}
              </span>
              <span>
                <Link className="font-medium text-primary underline underline-offset-4" href={step.href}>
                  {t(`${step.key}.label`)}
                </Link>{" "}
                {t(`${step.key}.detail`)}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/** Admins, until the firm's settings are saved once: settings and people first. */
export function SetupSteps() {
  const t = useTranslations("dashboard.steps");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("setupTitle")}</CardTitle>
        <CardDescription>{t("setupDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>
            <Link className="font-medium text-primary underline underline-offset-4" href="/bo/settings">
              {t("settings.label")}
            </Link>{" "}
            {t("settings.detail")}
          </li>
          <li>
            <Link className="font-medium text-primary underline underline-offset-4" href="/bo/users">
              {t("people.label")}
            </Link>{" "}
            {t("people.detail")}
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
