import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/money";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import type { DashboardData } from "../dashboard-queries";
import { FigureRow, FigureTable } from "./figure-table";

/** Approved, billable time no invoice bills yet: totals per currency and per client. */
export function UnbilledTimeCard({
  unbilled,
  locale,
}: {
  unbilled: NonNullable<DashboardData["unbilled"]>;
  locale: string;
}) {
  const t = useTranslations("dashboard.unbilled");
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  return (
    <Card data-testid="unbilled-time">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {unbilled.totals.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("nothing")}</p>
        ) : (
          <>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {unbilled.totals.map((row) => (
                <li key={row.currency} className="grid">
                  <span className="text-2xl font-semibold tabular-nums">
                    {formatMoney(row.valueMinor, row.currency, locale)}
                  </span>
                  <span className="text-sm text-muted-foreground tabular-nums">
                    {t("forClients", { hours: hours(row.minutes), count: row.clients })}
                  </span>
                </li>
              ))}
            </ul>
            <FigureTable
              caption={t("caption")}
              columns={[
                { label: t("client") },
                { label: t("hours"), numeric: true },
                { label: t("value"), numeric: true },
              ]}
            >
              {unbilled.clients.map((row) => (
                <FigureRow
                  key={row.clientId}
                  nameClassName="max-w-48 truncate"
                  name={
                    <Link href={row.href} className="underline-offset-4 hover:underline">
                      {row.clientName}
                    </Link>
                  }
                  cells={[
                    { content: hours(row.minutes) },
                    {
                      content: (
                        <>
                          {formatMoney(row.valueMinor, row.currency, locale)}
                          {row.entriesWithoutRate > 0 ? (
                            <div className="text-xs text-muted-foreground">
                              {t("withoutRate", { count: row.entriesWithoutRate })}
                            </div>
                          ) : null}
                        </>
                      ),
                    },
                  ]}
                />
              ))}
              {unbilled.others.map((sums) => (
                <FigureRow
                  key={sums.currency}
                  name={
                    <Link href="/bo/clients" className="underline-offset-4 hover:underline">
                      {t("otherClients", { count: sums.clients })}
                    </Link>
                  }
                  cells={[
                    { content: hours(sums.minutes) },
                    { content: formatMoney(sums.valueMinor, sums.currency, locale) },
                  ]}
                />
              ))}
            </FigureTable>
          </>
        )}
      </CardContent>
    </Card>
  );
}
