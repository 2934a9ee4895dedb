import { AlertTriangleIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { formatDate, formatDateTime, todayInZone } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { InvoiceStatusBadge } from "@/modules/invoices/components/invoice-status-badge";
import { RecurringActionsPanel } from "@/modules/recurring/components/recurring-actions-panel";
import { RecurringStatusBadge } from "@/modules/recurring/components/recurring-status-badge";
import { describeSchedule } from "@/modules/recurring/recurrence-rules";
import { getRecurringInvoice } from "@/modules/recurring/recurring-queries";
import { RECURRING_ISSUE_MODE_LABELS } from "@/modules/recurring/recurring-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";

export const metadata: Metadata = { title: "Recurring invoice" };

export default async function RecurringInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePagePermission("invoice.read");
  const { id } = await params;
  const [template, settings] = await Promise.all([orErrorPage(getRecurringInvoice(getDb(), id)), getPageSettings()]);
  const today = todayInZone(settings.timezone);
  const day = (date: string) => formatDate(date, settings.locale, settings.timezone, "medium");
  const money = (minor: number, currency: string) => formatMoney(minor, currency, settings.locale);
  const ending = template.endDate
    ? `until ${day(template.endDate)}`
    : template.occurrenceCount
      ? `${template.occurrenceCount} invoices in all`
      : "no end";
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {template.name} <RecurringStatusBadge status={template.status} />
          </span>
        }
        description={`${template.clientName} · ${money(template.total, template.currency)} each invoice`}
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
          <AlertTitle>The last invoice could not be made</AlertTitle>
          <AlertDescription>
            <p>
              {template.lastError} Fix this (edit the recurring invoice, or the client); the worker tries again every
              few minutes.
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Schedule</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">How often</dt>
              <dd>{describeSchedule(template)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">From</dt>
              <dd>
                {day(template.startDate)}, {ending}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Next invoice</dt>
              <dd data-testid="recurring-next">
                {template.status === "paused"
                  ? "Paused"
                  : template.status === "archived"
                    ? "Archived"
                    : template.next
                      ? day(template.next)
                      : "None: the schedule has ended"}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Each invoice</dt>
              <dd>
                {template.issueMode === "issue"
                  ? template.sendAutomatically
                    ? "Issued and sent to the client"
                    : "Issued"
                  : RECURRING_ISSUE_MODE_LABELS.draft.replace("for me", "for someone")}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Lines</CardTitle>
        </CardHeader>
        <CardContent>
          <Table>
            <caption className="sr-only">The lines each invoice bills</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Description</TableHead>
                <TableHead figure from="sm">
                  Quantity
                </TableHead>
                <TableHead figure>Unit price</TableHead>
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
          <CardTitle>What each run made</CardTitle>
        </CardHeader>
        <CardContent>
          {template.runs.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nothing yet. The first invoice is made on {template.next ? day(template.next) : "its day"}.
            </p>
          ) : (
            <Table data-testid="recurring-log">
              <caption className="sr-only">The invoices made, one per period</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>Period</TableHead>
                  <TableHead>Invoice</TableHead>
                  <TableHead from="sm">Made</TableHead>
                  <TableHead from="md">Status</TableHead>
                  <TableHead figure>Total</TableHead>
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
                          {run.number ?? "Draft"}
                        </Link>
                      ) : (
                        <span className="text-muted-foreground">Draft deleted</span>
                      )}
                      {run.emailId ? <span className="text-muted-foreground"> · mailed</span> : null}
                      {run.note ? <p className="text-xs text-muted-foreground">{run.note}</p> : null}
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
