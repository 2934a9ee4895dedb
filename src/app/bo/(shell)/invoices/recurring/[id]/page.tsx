import { AlertTriangleIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { requestTexts } from "@/i18n/server-texts";
import { formatDate, formatDateTime, todayInZone } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { InvoiceStatusBadge } from "@/modules/invoices/components/invoice-status-badge";
import { RecurringActionsPanel } from "@/modules/recurring/components/recurring-actions-panel";
import { RecurringStatusBadge } from "@/modules/recurring/components/recurring-status-badge";
import { ScheduleText } from "@/modules/recurring/components/schedule-text";
import { getRecurringInvoice } from "@/modules/recurring/recurring-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";

export async function generateMetadata() {
  const t = await getTranslations("recurring.detail");
  return { title: t("title") };
}

export default async function RecurringInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePagePermission("invoice.read");
  const { id } = await params;
  const [template, settings] = await Promise.all([orErrorPage(getRecurringInvoice(getDb(), id)), getPageSettings()]);
  const [t, translateText] = await Promise.all([getTranslations("recurring.detail"), requestTexts()]);
  const today = todayInZone(settings.timezone);
  const day = (date: string) => formatDate(date, settings.locale, settings.timezone, "medium");
  const money = (minor: number, currency: string) => formatMoney(minor, currency, settings.locale);
  const ending = template.endDate
    ? t("until", { date: day(template.endDate) })
    : template.occurrenceCount
      ? t("inAll", { count: template.occurrenceCount })
      : t("noEnd");
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {template.name} <RecurringStatusBadge status={template.status} />
          </span>
        }
        description={`${template.clientName} · ${t("eachAmount", { amount: money(template.total, template.currency) })}`}
        actions={
          can(user, "invoice.edit") ? (
            <RecurringActionsPanel
              template={{ id: template.id, version: template.version, status: template.status }}
              isDue={Boolean(template.next && template.next <= today)}
            />
          ) : null
        }
      />
      {template.lastError ? (
        <Alert variant="warning">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>{t("lastErrorTitle")}</AlertTitle>
          <AlertDescription>
            <p>
              {translateText(template.lastError)} {t("lastErrorFix")}
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t("schedule")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">{t("frequency")}</dt>
              <dd>
                <ScheduleText schedule={template} />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("from")}</dt>
              <dd>{t("fromValue", { date: day(template.startDate), ending })}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("next")}</dt>
              <dd data-testid="recurring-next">
                {template.status === "paused"
                  ? t("paused")
                  : template.status === "archived"
                    ? t("archived")
                    : template.next
                      ? day(template.next)
                      : t("ended")}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("eachInvoice")}</dt>
              <dd>
                {template.issueMode === "issue"
                  ? template.sendAutomatically
                    ? t("issuedAndSent")
                    : t("issued")
                  : t("leftDraft")}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("lines")}</CardTitle>
        </CardHeader>
        <CardContent>
          <Table>
            <caption className="sr-only">{t("linesCaption")}</caption>
            <TableHeader>
              <TableRow>
                <TableHead>{t("description")}</TableHead>
                <TableHead figure from="sm">
                  {t("quantity")}
                </TableHead>
                <TableHead figure>{t("unitPrice")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {template.lines.map((line, index) => (
                <TableRow key={index}>
                  <TableCell className="whitespace-pre-line">{line.description}</TableCell>
                  <TableCell figure from="sm">
                    {line.quantityMilli / 1000} {line.unit}
                  </TableCell>
                  <TableCell figure>{money(line.unitPrice, template.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("runs")}</CardTitle>
        </CardHeader>
        <CardContent>
          {template.runs.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {template.next ? t("nothingYet", { date: day(template.next) }) : t("nothingYetNoDate")}
            </p>
          ) : (
            <Table data-testid="recurring-log">
              <caption className="sr-only">{t("runsCaption")}</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("period")}</TableHead>
                  <TableHead>{t("invoice")}</TableHead>
                  <TableHead from="sm">{t("made")}</TableHead>
                  <TableHead from="md">{t("status")}</TableHead>
                  <TableHead figure>{t("total")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {template.runs.map((run) => (
                  <TableRow key={run.id}>
                    <TableCell>{day(run.periodDate)}</TableCell>
                    <TableCell>
                      {run.invoiceId ? (
                        <Link
                          href={`/bo/invoices/${run.invoiceId}`}
                          className="font-medium underline-offset-4 hover:underline"
                        >
                          {run.number ?? t("draft")}
                        </Link>
                      ) : (
                        <span className="text-muted-foreground">{t("draftDeleted")}</span>
                      )}
                      {run.emailId ? <span className="text-muted-foreground"> · {t("mailed")}</span> : null}
                      {run.note ? <p className="text-xs text-muted-foreground">{translateText(run.note)}</p> : null}
                    </TableCell>
                    <TableCell from="sm">{formatDateTime(run.createdAt, settings.locale, settings.timezone)}</TableCell>
                    <TableCell from="md">{run.status ? <InvoiceStatusBadge status={run.status} /> : "—"}</TableCell>
                    <TableCell figure>
                      {run.total !== null && run.currency ? money(run.total, run.currency) : "—"}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
