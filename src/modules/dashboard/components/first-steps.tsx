import Link from "@/components/app-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type Step = { href: string; label: string; detail: string };

const MANAGER_STEPS: Step[] = [
  {
    href: "/bo/clients",
    label: "Add your first client",
    detail: "with a project and its hourly rate, so time can be logged and billed.",
  },
  {
    href: "/bo/timesheets/create",
    label: "Fill in a timesheet",
    detail: "for this week; submitted weeks come back here for approval.",
  },
  {
    href: "/bo/invoices/create",
    label: "Create an invoice",
    detail: "from a client's approved time or from free lines, then issue it.",
  },
  {
    href: "/bo/jobs/new",
    label: "Publish a job",
    detail: "to list an opening on the public site and receive applications.",
  },
];

const STAFF_STEPS: Step[] = [
  {
    href: "/bo/timesheets/create",
    label: "Fill in your timesheet",
    detail: "for this week, once your manager has added clients and projects.",
  },
  { href: "/bo/calls", label: "Log a call", detail: "you had or plan with a client, a candidate or a prospect." },
];

const SETUP_STEPS: Step[] = [
  {
    href: "/bo/settings",
    label: "Fill in your firm's settings",
    detail: "(name, address, VAT number, bank details, tax rates, invoice numbering).",
  },
  { href: "/bo/users", label: "Add the people of your firm", detail: "as managers or staff." },
];

/** What an empty firm sees instead of a wall of zeros; an admin's setup steps come first. */
export function FirstSteps({ isDecider, withSetup }: { isDecider: boolean; withSetup: boolean }) {
  const steps = [...(withSetup ? SETUP_STEPS : []), ...(isDecider ? MANAGER_STEPS : STAFF_STEPS)];
  return (
    <Card data-testid="first-steps">
      <CardHeader>
        <CardTitle>Get started</CardTitle>
        <CardDescription>
          Nothing to add up yet. These steps fill the dashboard with your firm&apos;s figures.
        </CardDescription>
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
                  {step.label}
                </Link>{" "}
                {step.detail}
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>First steps</CardTitle>
        <CardDescription>Bureau is installed. Two things to do before your team starts:</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>
            <Link className="font-medium text-primary underline underline-offset-4" href="/bo/settings">
              Fill in your firm&apos;s settings
            </Link>{" "}
            (name, address, VAT number, bank details, tax rates, invoice numbering).
          </li>
          <li>
            <Link className="font-medium text-primary underline underline-offset-4" href="/bo/users">
              Add the people of your firm
            </Link>{" "}
            as managers or staff.
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
