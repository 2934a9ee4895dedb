import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { catalogOf } from "@/i18n/catalogs";
import type { BudgetUsage } from "../project-budget-queries";
import { OVER_BUDGET_SHOWN, OverBudgetCard } from "./over-budget-card";

function usage(name: string, percent: number): BudgetUsage {
  const budget = 600;
  const spent = (budget * percent) / 100;
  return {
    projectId: `project-${name}`,
    projectName: name,
    clientId: `client-${name}`,
    clientName: `Client of ${name}`,
    currency: "EUR",
    budget: { unit: "hours", amount: budget, period: "total" },
    period: { key: "total", from: null, to: null },
    spent,
    estimated: 0,
    percent,
    state: "over",
  };
}

function render(projects: BudgetUsage[], language = "en") {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={language} messages={catalogOf(language)} timeZone="UTC">
      <OverBudgetCard projects={projects} locale="en-GB" />
    </NextIntlClientProvider>,
  );
}

const names = (html: string) => [...html.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);

describe("the dashboard's over-budget card", () => {
  it("shows the projects furthest over first, at most six, and says how many more there are", () => {
    const projects = [100, 180, 120, 100, 250, 140, 110, 300].map((percent, index) =>
      usage(`Project ${String.fromCharCode(65 + index)}`, percent),
    );
    const html = render(projects);
    expect(OVER_BUDGET_SHOWN).toBe(6);
    expect(names(html)).toEqual(["Project H", "Project E", "Project B", "Project F", "Project C", "Project G"]);
    expect(html).toContain("8 projects have used the whole budget of the period.");
    expect(html).toContain(
      "2 more projects are over budget: each client&#x27;s page shows its projects&#x27; budgets.",
    );
    expect(render(projects, "fr")).toContain("2 autres projets ont dépassé leur budget");
  });

  it("shows every project and no sentence about more when they fit", () => {
    const html = render([usage("Alpha", 100), usage("Beta", 150)]);
    expect(names(html)).toEqual(["Beta", "Alpha"]);
    expect(html).not.toContain("more project");
  });
});
