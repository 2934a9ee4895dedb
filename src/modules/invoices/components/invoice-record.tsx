// The sections of an invoice's page (/bo/invoices/{id}) around the document itself: its heading,
// what its state allows, its money, payments, credit notes and history.
import { useTranslations } from "next-intl";
import type * as React from "react";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate, formatDateTime } from "@/lib/dates";
import { formatMoney, formatMoneyInput } from "@/lib/money";
import { AuditHistoryList, type DescribedEvent } from "@/modules/audit/components/audit-history";
import type { InvoiceDetail } from "../invoice-detail-queries";
import { canCreateCreditNote, canDeletePayment, canRecordPayment, type InvoiceDisplayStatus } from "../invoice-rules";
import { DeletePaymentButton, InvoiceActionsPanel } from "./invoice-actions-panel";
import { InvoiceStatusBadge } from "./invoice-status-badge";

type Firm = { locale: string; timezone: string };

/** An issued invoice (not a draft, not a credit note): it has money owed, paid and credited. */
export function isIssuedInvoice(invoice: Pick<InvoiceDetail, "kind" | "status">): boolean {
  return invoice.kind === "invoice" && invoice.status !== "draft";
}

function moneyOf(invoice: Pick<InvoiceDetail, "currency">, locale: string) {
  return (minor: number) => formatMoney(minor, invoice.currency, locale);
}

/** The page's title (the document's heading and its status), its client, when it was sent, what it corrects. */
export function InvoiceHeader({
  invoice,
  heading,
  status,
  firm,
  actions,
  fromQuote,
}: {
  invoice: InvoiceDetail;
  heading: string;
  status: InvoiceDisplayStatus;
  firm: Firm;
  actions?: React.ReactNode;
  /** The quote it was made from ("Convert to invoice", decision 064). */
  fromQuote?: { id: string; number: string | null } | null;
}) {
  const t = useTranslations("invoices.record");
  return (
    <PageHeader
      title={
        <span className="flex flex-wrap items-center gap-3">
          {heading}
          <span data-testid="invoice-status">
            <InvoiceStatusBadge status={status} kind={invoice.kind} />
          </span>
        </span>
      }
      description={
        <>
          {invoice.client.name}
          {invoice.sentAt
            ? ` · ${t("sent", { date: formatDateTime(invoice.sentAt, firm.locale, firm.timezone) })}`
            : ""}
          {invoice.creditedInvoice ? (
            <>
              {` · ${t("corrects")} `}
              <Link
                href={`/bo/invoices/${invoice.creditedInvoice.id}`}
                className="text-primary underline-offset-4 hover:underline"
              >
                {t("invoiceNumber", { number: invoice.creditedInvoice.number ?? "" })}
              </Link>
            </>
          ) : null}
          {fromQuote ? (
            <>
              {` · ${t("from")} `}
              <Link href={`/bo/quotes/${fromQuote.id}`} className="text-primary underline-offset-4 hover:underline">
                {t("quoteNumber", { number: fromQuote.number ?? "" })}
              </Link>
            </>
          ) : null}
        </>
      }
      actions={actions}
    />
  );
}

/** The actions the invoice's state allows today: edit, issue, pay, credit... */
export function InvoiceActions({ invoice, today, locale }: { invoice: InvoiceDetail; today: string; locale: string }) {
  const isDraft = invoice.status === "draft";
  const isInvoice = invoice.kind === "invoice";
  const creditable = canCreateCreditNote(invoice).ok;
  const payable =
    isInvoice &&
    canRecordPayment({
      kind: invoice.kind,
      status: invoice.status,
      balance: invoice.balance,
      amount: 1,
      date: today,
      today,
    }).ok;
  return (
    <InvoiceActionsPanel
      invoice={{
        id: invoice.id,
        version: invoice.version,
        kind: invoice.kind,
        number: invoice.number,
        balanceText: moneyOf(invoice, locale)(invoice.balance),
        balanceInput: formatMoneyInput(Math.max(invoice.balance, 0), invoice.currency),
        currency: invoice.currency,
        issueDateText: formatDate(invoice.issueDate, locale, "UTC", "long"),
      }}
      today={today}
      allowed={{
        edit: isDraft,
        delete: isDraft,
        issue: isDraft,
        markSent: !isDraft && !invoice.sentAt,
        pay: payable,
        credit: creditable,
        creditFull: creditable && invoice.creditedTotal === 0,
        duplicate: isInvoice,
      }}
    />
  );
}

/** What an issued invoice totals, what was paid and credited, and what is still due. */
export function InvoiceMoney({ invoice, locale }: { invoice: InvoiceDetail; locale: string }) {
  const t = useTranslations("invoices.record");
  const money = moneyOf(invoice, locale);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="invoice-money">
      {[
        { label: t("total"), value: money(invoice.total) },
        { label: t("paid"), value: money(invoice.paidTotal) },
        { label: t("credited"), value: money(invoice.creditedTotal) },
        { label: t("balanceDue"), value: money(invoice.balance) },
      ].map((item) => (
        <div key={item.label} className="rounded-lg border px-3 py-2">
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The payments received, oldest first; `canDelete`: the viewer may delete one (while the invoice allows it). */
export function InvoicePayments({
  invoice,
  firm,
  canDelete,
}: {
  invoice: InvoiceDetail;
  firm: Firm;
  canDelete: boolean;
}) {
  const t = useTranslations("invoices.record");
  const method = useTranslations("invoices.payment.methods");
  const money = moneyOf(invoice, firm.locale);
  const day = (value: string) => formatDate(value, firm.locale, firm.timezone);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("payments")}</CardTitle>
      </CardHeader>
      <CardContent>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noPayment")}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t("date")}</TableHead>
                <TableHead>{t("method")}</TableHead>
                <TableHead from="sm">{t("reference")}</TableHead>
                <TableHead figure>{t("amount")}</TableHead>
                {canDelete ? (
                  <TableHead className="text-right">
                    <span className="sr-only">{t("actions")}</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {invoice.payments.map((payment) => (
                <TableRow key={payment.id}>
                  <TableCell>{day(payment.date)}</TableCell>
                  <TableCell>
                    {method(payment.method)}
                    {payment.reference ? (
                      <div className="text-xs text-muted-foreground sm:hidden">{payment.reference}</div>
                    ) : null}
                  </TableCell>
                  <TableCell from="sm">{payment.reference ?? ""}</TableCell>
                  <TableCell figure>{money(payment.amount)}</TableCell>
                  {canDelete ? (
                    <TableCell className="text-right">
                      {canDeletePayment(invoice).ok ? (
                        <DeletePaymentButton
                          paymentId={payment.id}
                          label={t("paymentLabel", { amount: money(payment.amount), date: day(payment.date) })}
                        />
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The credit notes that correct this invoice, if any. */
export function InvoiceCreditNotes({ invoice, firm }: { invoice: InvoiceDetail; firm: Firm }) {
  const t = useTranslations("invoices.record");
  if (invoice.creditNotes.length === 0) return null;
  const money = moneyOf(invoice, firm.locale);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("creditNotes")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {invoice.creditNotes.map((note) => (
            <li key={note.id} className="flex flex-wrap justify-between gap-2">
              <Link href={`/bo/invoices/${note.id}`} className="text-primary underline-offset-4 hover:underline">
                {note.number ?? t("draftCreditNote")}
              </Link>
              <span className="tabular-nums">
                {formatDate(note.issueDate, firm.locale, firm.timezone)} · {money(note.total)}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** What happened to the invoice, newest first, from the audit log. */
export function InvoiceHistory({
  invoice,
  events,
  firm,
}: {
  invoice: InvoiceDetail;
  events: readonly DescribedEvent[];
  firm: Firm;
}) {
  const t = useTranslations("invoices.record");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("history")}</CardTitle>
      </CardHeader>
      <CardContent>
        <AuditHistoryList events={events} locale={firm.locale} timezone={firm.timezone} />
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noHistory", { kind: invoice.kind })}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
