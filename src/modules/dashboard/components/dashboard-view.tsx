import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/dates";
import { cn } from "@/lib/utils";
import type { AuditDescription } from "@/modules/audit/audit-words";
import type { DashboardData } from "../dashboard-queries";
import { FirstSteps, SetupSteps } from "./first-steps";
import { InvoicedPaidChart } from "./invoiced-paid-chart";
import { invoicedPaidChartView } from "./invoiced-paid-chart-view";
import { ReceivablesCard, ThisMonthCard } from "./money-cards";
import { StatCard } from "./stat-card";
import { UnbilledTimeCard } from "./unbilled-time-card";
import { WeekHoursCard } from "./week-hours-card";

type RecentEvent = { id: string; actorName: string | null; createdAt: Date; description: AuditDescription };
type Firm = { locale: string; timezone: string; setupCompleted: boolean };

function Section({
  name,
  title,
  children,
  className,
}: {
  /** The section's id, the same in every language ("today"). */
  name: string;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  const id = `section-${name}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h2>
      <div className={cn("grid gap-4", className)}>{children}</div>
    </section>
  );
}

/** /bo: what needs attention today and how the business is doing, for this person and role. */
export async function DashboardView({
  data,
  firm,
  canEditSettings,
  recent,
  chartCurrency,
}: {
  data: DashboardData;
  firm: Firm;
  canEditSettings: boolean;
  recent: RecentEvent[] | null;
  chartCurrency?: string;
}) {
  const { locale, timezone } = firm;
  const t = await getTranslations("dashboard");
  // One currency's chart at a time (the firm's first): a firm billing in four currencies would
  // otherwise get four charts and four tables on every visit. The others are a link away.
  const charts = data.money?.chart ?? [];
  const chart = charts.find((series) => series.currency === chartCurrency) ?? charts[0];
  const attention = [
    <StatCard
      key="calls"
      testId="stat-calls"
      label={data.calls.mineOnly ? t("today.myCalls") : t("today.calls")}
      value={data.calls.today}
      href={data.calls.todayHref}
      detail={
        <Link
          href={data.calls.overdueHref}
          className={cn(
            "underline-offset-4 hover:underline",
            data.calls.overdue > 0 ? "font-medium text-destructive" : "",
          )}
        >
          {t("today.overdue", { count: data.calls.overdue })}
          <span className="sr-only"> {data.calls.mineOnly ? t("today.overdueMine") : t("today.overdueCalls")}</span>
        </Link>
      }
    />,
    data.awaiting ? (
      <StatCard
        key="awaiting"
        testId="stat-awaiting"
        label={t("today.awaiting")}
        value={data.awaiting.count}
        href={data.awaiting.href}
        detail={t("today.awaitingDetail")}
      />
    ) : null,
    <StatCard
      key="open-weeks"
      testId="stat-open-weeks"
      label={t("today.openWeeks")}
      value={data.myOpenWeeks.count}
      href={data.myOpenWeeks.href}
      detail={
        <Link href="/bo/timesheets/create" className="underline-offset-4 hover:underline">
          {t("today.fillIn")}
        </Link>
      }
    />,
    data.inbox ? (
      <StatCard
        key="messages"
        testId="stat-messages"
        label={t("today.messages")}
        value={data.inbox.messages}
        href={data.inbox.messagesHref}
        detail={t("today.messagesDetail")}
      />
    ) : null,
    data.inbox ? (
      <StatCard
        key="applications"
        testId="stat-applications"
        label={t("today.applications")}
        value={data.inbox.applications}
        href={data.inbox.applicationsHref}
        detail={t("today.applicationsDetail")}
      />
    ) : null,
  ].filter(Boolean);
  // An empty firm keeps the cards that have something to say (a callback request can come first).
  const hasAttention =
    data.calls.today +
      data.calls.overdue +
      data.myOpenWeeks.count +
      (data.awaiting?.count ?? 0) +
      (data.inbox?.messages ?? 0) +
      (data.inbox?.applications ?? 0) >
    0;

  return (
    <>
      {data.isEmptyFirm ? (
        <FirstSteps isDecider={data.isDecider} withSetup={canEditSettings && !firm.setupCompleted} />
      ) : canEditSettings && !firm.setupCompleted ? (
        <SetupSteps />
      ) : null}
      {!data.isEmptyFirm || hasAttention ? (
        <Section name="today" title={t("today.title")} className="sm:grid-cols-2 xl:grid-cols-3">
          {attention}
        </Section>
      ) : null}
      {!data.isEmptyFirm && data.money ? (
        <Section name="money" title={t("money.title")} className="lg:grid-cols-2">
          <ReceivablesCard money={data.money} locale={locale} />
          <ThisMonthCard money={data.money} month={data.month} locale={locale} />
          <Card className="lg:col-span-2 scroll-mt-4" data-testid="last-12-months" id="last-12-months">
            <CardHeader>
              <CardTitle>{t("money.last12")}</CardTitle>
              <CardDescription>{t("money.last12Description")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-8">
              {chart ? (
                <>
                  {charts.length > 1 ? (
                    <nav aria-label={t("money.chartCurrency")} className="flex flex-wrap items-center gap-1 text-sm">
                      <span className="mr-1 text-muted-foreground">{t("money.currency")}</span>
                      {charts.map((series) => (
                        <Link
                          key={series.currency}
                          href={`/bo?chart=${series.currency}#last-12-months`}
                          scroll={false}
                          aria-current={series === chart ? "true" : undefined}
                          className={cn(
                            "rounded-md px-2 py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring",
                            series === chart
                              ? "bg-secondary font-medium text-secondary-foreground"
                              : "text-muted-foreground hover:text-foreground",
                          )}
                        >
                          <span className="sr-only">{t("money.chartIn")} </span>
                          {series.currency}
                        </Link>
                      ))}
                    </nav>
                  ) : null}
                  <InvoicedPaidChart
                    key={chart.currency}
                    chart={invoicedPaidChartView(chart.currency, chart.months, locale, {
                      title: (currency) => t("chart.title", { currency }),
                      invoiced: t("chart.invoiced"),
                      received: t("chart.received"),
                      period: (from, to) => t("chart.period", { from, to }),
                    })}
                  />
                </>
              ) : (
                <p className="text-sm text-muted-foreground">{t("money.noActivity")}</p>
              )}
            </CardContent>
          </Card>
        </Section>
      ) : null}
      {!data.isEmptyFirm ? (
        <Section name="time" title={t("time.title")} className={data.unbilled ? "lg:grid-cols-2" : undefined}>
          <WeekHoursCard week={data.week} locale={locale} timeZone={timezone} />
          {data.unbilled ? <UnbilledTimeCard unbilled={data.unbilled} locale={locale} /> : null}
        </Section>
      ) : null}
      {recent ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("recent.title")}</CardTitle>
            <CardDescription>
              {t.rich("recent.description", {
                link: (chunks) => (
                  <Link className="underline underline-offset-4" href="/bo/audit">
                    {chunks}
                  </Link>
                ),
              })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y text-sm">
              {recent.map((event) => (
                <li key={event.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{event.actorName ?? "Bureau"}</span> · {event.description.sentence}
                  </span>
                  <time className="text-muted-foreground tabular-nums" dateTime={event.createdAt.toISOString()}>
                    {formatDateTime(event.createdAt, locale, timezone)}
                  </time>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
