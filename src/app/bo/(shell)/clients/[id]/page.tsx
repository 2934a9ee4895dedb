import { languageOptions } from "@/i18n/catalogs";
import { ClientCalls } from "@/modules/calls/components/client-calls";
import { getLocale, getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { findAssignablePeople, findClientProjects, getClient } from "@/modules/clients/client-queries";
import { countryName } from "@/modules/clients/client-rules";
import { ProjectBudgetBar } from "@/modules/clients/components/project-budget-bar";
import { findBudgetUsage } from "@/modules/clients/project-budget-queries";
import { EditClientDialog } from "@/modules/clients/components/client-form";
import { ArchiveButton, ProjectDialog } from "@/modules/clients/components/project-form";
import { ClientInvoices } from "@/modules/invoices/components/client-invoices";
import { findInvoices } from "@/modules/invoices/invoice-list-queries";
import { invoiceList } from "@/modules/invoices/invoice-schemas";
import { findInvoiceTotals } from "@/modules/invoices/invoice-totals-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import { findUnbilledTime } from "@/modules/timesheets/unbilled-queries";

export async function generateMetadata() {
  const t = await getTranslations("clients.client");
  return { title: t("metaTitle") };
}

export default async function ClientPage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePagePermission("client.read");
  const t = await getTranslations("clients.client");
  const { id } = await params;
  const client = await orErrorPage(getClient(getDb(), id));
  const db = getDb();
  const settings = await getPageSettings();
  const today = todayInZone(settings.timezone);
  // The client's invoices and what it still owes: for those who may read invoices.
  const seesInvoices = can(viewer, "invoice.read");
  const canManage = can(viewer, "client.edit");
  const [projects, budgets, unbilled, invoices, openBalances, people] = await Promise.all([
    findClientProjects(db, id),
    findBudgetUsage(db, { clientId: id }, settings),
    findUnbilledTime(db, { clientId: id }),
    seesInvoices ? findInvoices(db, { ...invoiceList.parse({}), client: id, size: 10 }, today) : null,
    seesInvoices ? findInvoiceTotals(db, { ...invoiceList.parse({}), client: id, status: "unpaid" }, today) : null,
    canManage ? findAssignablePeople(db) : [],
  ]);
  const { locale } = settings;
  const language = await getLocale();
  const peopleById = new Map(people.map((person) => [person.id, person.name]));
  // Rates and the value of unbilled time are billing figures: staff see hours, not money, as on the
  // dashboard and the invoice form (security review, finding g).
  const seesBilling = can(viewer, "billing.read");
  const money = (minor: number | null) => (minor === null ? "—" : formatMoney(minor, client.currency, locale));
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  const budgetOf = new Map(budgets.map((usage) => [usage.projectId, usage]));
  const unbilledMinutes = unbilled.reduce((sum, row) => sum + row.minutes, 0);
  const unbilledValue = unbilled.reduce((sum, row) => sum + row.valueMinor, 0);
  const address = [
    client.addressLine1,
    client.addressLine2,
    [client.postalCode, client.city].filter(Boolean).join(" "),
    client.country ? countryName(client.country, language) : null,
  ].filter(Boolean);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {client.name}
            {client.archivedAt ? <Badge variant="neutral">{t("archived")}</Badge> : null}
          </span>
        }
        description={
          <Link href="/bo/clients" className="text-primary underline underline-offset-4">
            {t("allClients")}
          </Link>
        }
        actions={
          canManage ? (
            <>
              {client.archivedAt ? null : (
                <Button asChild variant="outline">
                  <Link href={`/bo/invoices/create?client=${client.id}`}>{t("newInvoice")}</Link>
                </Button>
              )}
              <EditClientDialog
                client={client}
                languages={languageOptions()}
                firmLanguage={settings.documentLanguage}
              />
              <ArchiveButton
                kind="client"
                id={client.id}
                version={client.version}
                name={client.name}
                archived={client.archivedAt !== null}
              />
            </>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader>
            <CardTitle>{t("details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t("billingEmail")}</dt>
              <dd className="min-w-0 break-words">
                {client.billingEmail ? <BreakableEmail address={client.billingEmail} /> : "—"}
              </dd>
              <dt className="text-muted-foreground">{t("phone")}</dt>
              <dd>{client.phone ?? "—"}</dd>
              <dt className="text-muted-foreground">{t("address")}</dt>
              <dd>{address.length > 0 ? address.map((line) => <div key={line}>{line}</div>) : "—"}</dd>
              <dt className="text-muted-foreground">{t("vatNumber")}</dt>
              <dd>{client.vatNumber ?? "—"}</dd>
              <dt className="text-muted-foreground">{t("currency")}</dt>
              <dd>{client.currency}</dd>
              <dt className="text-muted-foreground">{t("paymentTerms")}</dt>
              <dd>{t("days", { days: client.paymentTermsDays })}</dd>
              {seesBilling ? (
                <>
                  <dt className="text-muted-foreground">{t("hourlyRate")}</dt>
                  <dd className="tabular-nums">
                    {client.defaultHourlyRate === null ? t("firmRate") : money(client.defaultHourlyRate)}
                  </dd>
                </>
              ) : null}
              {client.notes ? (
                <>
                  <dt className="text-muted-foreground">{t("notes")}</dt>
                  <dd className="whitespace-pre-wrap">{client.notes}</dd>
                </>
              ) : null}
            </dl>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>{t("projects")}</CardTitle>
            {canManage && !client.archivedAt ? (
              <ProjectDialog clientId={client.id} currency={client.currency} people={people} />
            ) : null}
          </CardHeader>
          <CardContent>
            {projects.length === 0 ? (
              <EmptyState
                title={t("noProjects.title")}
                titleAs="h3"
                description={canManage ? t("noProjects.manager") : t("noProjects.staff")}
              />
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("column.project")}</TableHead>
                    {seesBilling ? <TableHead figure>{t("column.rate")}</TableHead> : null}
                    <TableHead from="sm">{t("column.budget")}</TableHead>
                    <TableHead from="sm">{t("column.billable")}</TableHead>
                    <TableHead from="sm">{t("column.whoLogsTime")}</TableHead>
                    {canManage ? (
                      <TableHead className="text-right">
                        <span className="sr-only">{t("column.actions")}</span>
                      </TableHead>
                    ) : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {projects.map((item) => (
                    <TableRow key={item.id} className={item.archivedAt ? "text-muted-foreground" : undefined}>
                      <TableCell>
                        <Link
                          href={`/bo/clients/${client.id}/projects/${item.id}`}
                          className="font-medium underline-offset-4 hover:underline"
                        >
                          {item.name}
                        </Link>
                        {item.code ? <span className="ml-2 text-xs text-muted-foreground">{item.code}</span> : null}
                        {item.archivedAt ? (
                          <Badge variant="neutral" className="ml-2">
                            {t("archived")}
                          </Badge>
                        ) : null}
                        {budgetOf.has(item.id) ? (
                          <ProjectBudgetBar
                            usage={budgetOf.get(item.id)!}
                            locale={locale}
                            showMoney={seesBilling}
                            className="mt-2 sm:hidden"
                          />
                        ) : null}
                      </TableCell>
                      {seesBilling ? (
                        <TableCell figure>
                          {item.hourlyRate === null ? (
                            <span className="text-muted-foreground">{t("clientRate")}</span>
                          ) : (
                            money(item.hourlyRate)
                          )}
                        </TableCell>
                      ) : null}
                      <TableCell from="sm">
                        {budgetOf.has(item.id) ? (
                          <ProjectBudgetBar usage={budgetOf.get(item.id)!} locale={locale} showMoney={seesBilling} />
                        ) : (
                          <span className="text-muted-foreground">{t("noBudget")}</span>
                        )}
                      </TableCell>
                      <TableCell from="sm">{item.billableByDefault ? t("yes") : t("no")}</TableCell>
                      <TableCell from="sm">
                        {item.membersOnly
                          ? membersText(
                              item.memberIds.map((memberId) => peopleById.get(memberId) ?? t("members.someone")),
                              canManage,
                              t,
                            )
                          : t("members.everyone")}
                      </TableCell>
                      {canManage ? (
                        <TableCell>
                          <div className="flex flex-wrap justify-end gap-1">
                            <ProjectDialog
                              clientId={client.id}
                              currency={client.currency}
                              project={item}
                              people={people}
                            />
                            <ArchiveButton
                              kind="project"
                              id={item.id}
                              version={item.version}
                              name={item.name}
                              archived={item.archivedAt !== null}
                            />
                          </div>
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("unbilled.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          {unbilled.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("unbilled.none")}</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("column.project")}</TableHead>
                  <TableHead figure from="sm">
                    {t("unbilled.entries")}
                  </TableHead>
                  <TableHead figure>{t("unbilled.hours")}</TableHead>
                  {seesBilling ? <TableHead figure>{t("unbilled.value")}</TableHead> : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {unbilled.map((row) => (
                  <TableRow key={row.projectId}>
                    <TableCell>{row.projectName}</TableCell>
                    <TableCell figure from="sm">
                      {row.entryCount}
                    </TableCell>
                    <TableCell figure>{hours(row.minutes)}</TableCell>
                    {seesBilling ? (
                      <TableCell figure>
                        {money(row.valueMinor)}
                        {row.entriesWithoutRate > 0 ? (
                          <div className="text-xs text-muted-foreground">
                            {t("unbilled.withoutRate", { count: row.entriesWithoutRate })}
                          </div>
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell className="font-medium">{t("unbilled.total")}</TableCell>
                  <TableCell from="sm" />
                  <TableCell figure className="font-medium">
                    {hours(unbilledMinutes)}
                  </TableCell>
                  {seesBilling ? (
                    <TableCell figure className="font-medium">
                      {money(unbilledValue)}
                    </TableCell>
                  ) : null}
                </TableRow>
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {invoices && openBalances ? (
        <ClientInvoices
          clientId={client.id}
          rows={invoices.rows}
          total={invoices.total}
          openBalances={openBalances}
          firm={settings}
        />
      ) : null}
      <ClientCalls clientId={client.id} />
    </div>
  );
}

/**
 * An email address that may wrap after its "@" and its dots, never inside a word; only a single
 * part longer than the column is broken (break-words).
 */
function BreakableEmail({ address }: { address: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </span>
      ))}
    </>
  );
}

/** "Members: Ann, Bob" for managers; staff see how many (they do not read the people list). */
function membersText(
  names: string[],
  showNames: boolean,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  if (names.length === 0) return t("members.none");
  if (!showNames) return t("members.count", { count: names.length });
  return t("members.names", { names: names.join(", ") });
}
