import { SendInvoiceDialog } from "@/modules/mail/components/send-invoice-dialog";
import { getSendInvoiceDefaults } from "@/modules/mail/invoice-mail";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { formatDate, formatDateTime, todayInZone } from "@/lib/dates";
import { formatMoney, formatMoneyInput } from "@/lib/money";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { DeletePaymentButton, InvoiceActionsPanel } from "@/modules/invoices/components/invoice-actions-panel";
import { InvoiceDocumentView } from "@/modules/invoices/components/invoice-document-view";
import { InvoiceStatusBadge } from "@/modules/invoices/components/invoice-status-badge";
import { findInvoiceEvents, getInvoiceDocument } from "@/modules/invoices/invoice-detail-queries";
import { displayStatusOf } from "@/modules/invoices/invoice-list-queries";
import { canCreateCreditNote, canDeletePayment, canRecordPayment } from "@/modules/invoices/invoice-rules";
import { PAYMENT_METHOD_LABELS } from "@/modules/invoices/invoice-schemas";
import { can } from "@/modules/users/permissions";

export const metadata: Metadata = { title: "Invoice" };

const EVENT_LABELS: Record<string, string> = {
  create: "Draft created",
  update: "Draft edited",
  issue: "Issued",
  mark_sent: "Marked as sent",
  payment_recorded: "Payment recorded",
  payment_deleted: "Payment deleted",
  credit_note_created: "Credit note created",
  credited: "Credited by a credit note",
  delete: "Draft deleted",
};

export default async function InvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePagePermission("invoice.read");
  const { id } = await params;
  const db = getDb();
  const loaded = await orErrorPage(getInvoiceDocument(db, id));
  const { detail: invoice, settings, document } = loaded;
  const [events, sendDefaults] = await Promise.all([
    findInvoiceEvents(db, invoice.id),
    invoice.status !== "draft" ? getSendInvoiceDefaults(db, invoice.id) : Promise.resolve(null),
  ]);
  const today = todayInZone(settings.timezone);
  const status = displayStatusOf(invoice, today);
  const money = (minor: number) => formatMoney(minor, invoice.currency, settings.locale);
  const day = (value: string) => formatDate(value, settings.locale, settings.timezone);
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
  const name = isInvoice ? "invoice" : "credit note";

  return (
    <div className="mx-auto grid max-w-5xl gap-6 [&>*]:min-w-0">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {document.heading}
            <span data-testid="invoice-status">
              <InvoiceStatusBadge status={status} />
            </span>
          </span>
        }
        description={
          <>
            {invoice.client.name}
            {invoice.sentAt ? ` · sent ${formatDateTime(invoice.sentAt, settings.locale, settings.timezone)}` : ""}
            {invoice.creditedInvoice ? (
              <>
                {" · corrects "}
                <Link
                  href={`/bo/invoices/${invoice.creditedInvoice.id}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  invoice {invoice.creditedInvoice.number}
                </Link>
              </>
            ) : null}
          </>
        }
        actions={
          sendDefaults ? (
            <SendInvoiceDialog
              invoiceId={invoice.id}
              number={invoice.number ?? ""}
              defaults={sendDefaults}
              alreadySent={Boolean(invoice.sentAt)}
            />
          ) : undefined
        }
      />
      <InvoiceActionsPanel
        invoice={{
          id: invoice.id,
          version: invoice.version,
          kind: invoice.kind,
          number: invoice.number,
          balanceText: money(invoice.balance),
          balanceInput: formatMoneyInput(Math.max(invoice.balance, 0), invoice.currency),
          currency: invoice.currency,
          issueDate: invoice.issueDate,
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
      {isInvoice && !isDraft ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="invoice-money">
          {[
            { label: "Total", value: money(invoice.total) },
            { label: "Paid", value: money(invoice.paidTotal) },
            { label: "Credited", value: money(invoice.creditedTotal) },
            { label: "Balance due", value: money(invoice.balance) },
          ].map((item) => (
            <div key={item.label} className="rounded-lg border px-3 py-2">
              <dt className="text-sm text-muted-foreground">{item.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{item.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <InvoiceDocumentView document={document} />

      {isInvoice && !isDraft ? (
        <Card>
          <CardHeader>
            <CardTitle>Payments</CardTitle>
          </CardHeader>
          <CardContent>
            {invoice.payments.length === 0 ? (
              <p className="text-sm text-muted-foreground">No payment recorded yet.</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Date</TableHead>
                    <TableHead>Method</TableHead>
                    <TableHead className="hidden sm:table-cell">Reference</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    {can(viewer, "payment.delete") ? (
                      <TableHead className="text-right">
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    ) : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {invoice.payments.map((payment) => (
                    <TableRow key={payment.id}>
                      <TableCell>{day(payment.date)}</TableCell>
                      <TableCell>{PAYMENT_METHOD_LABELS[payment.method]}</TableCell>
                      <TableCell className="hidden sm:table-cell">{payment.reference ?? ""}</TableCell>
                      <TableCell className="text-right tabular-nums">{money(payment.amount)}</TableCell>
                      {can(viewer, "payment.delete") ? (
                        <TableCell className="text-right">
                          {canDeletePayment(invoice).ok ? (
                            <DeletePaymentButton
                              paymentId={payment.id}
                              label={`${money(payment.amount)} on ${day(payment.date)}`}
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
      ) : null}

      {invoice.creditNotes.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Credit notes</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm">
              {invoice.creditNotes.map((note) => (
                <li key={note.id} className="flex flex-wrap justify-between gap-2">
                  <Link href={`/bo/invoices/${note.id}`} className="text-primary underline-offset-4 hover:underline">
                    {note.number ?? "Draft credit note"}
                  </Link>
                  <span className="tabular-nums">
                    {day(note.issueDate)} · {money(note.total)}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>History</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-2 text-sm">
            {events.map((event) => (
              <li key={event.id} className="flex flex-wrap justify-between gap-2 border-b pb-2 last:border-0">
                <span>
                  <span className="font-medium">{EVENT_LABELS[event.action] ?? event.action}</span>
                  {typeof event.summary.number === "string" ? ` · ${event.summary.number}` : ""}
                  {typeof event.summary.creditNote === "string" ? ` · ${event.summary.creditNote}` : ""}
                  {typeof event.summary.amount === "number" && event.action.startsWith("payment")
                    ? ` · ${money(event.summary.amount)}`
                    : ""}
                  <span className="text-muted-foreground"> by {event.actorName ?? "Bureau"}</span>
                </span>
                <time dateTime={event.createdAt.toISOString()} className="text-muted-foreground">
                  {formatDateTime(event.createdAt, settings.locale, settings.timezone)}
                </time>
              </li>
            ))}
          </ol>
          {events.length === 0 ? <p className="text-sm text-muted-foreground">No history for this {name}.</p> : null}
        </CardContent>
      </Card>
    </div>
  );
}
