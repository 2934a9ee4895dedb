"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  CopyIcon,
  FileDownIcon,
  FileMinusIcon,
  PencilIcon,
  SendIcon,
  StampIcon,
  Trash2Icon,
  WalletIcon,
} from "lucide-react";
import Link from "@/components/app-link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type FieldPath, type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormField, fieldAria } from "@/components/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { ActionResult } from "@/lib/action";
import {
  createCreditNoteAction,
  deleteInvoiceAction,
  deletePaymentAction,
  duplicateInvoiceAction,
  issueInvoiceAction,
  markInvoiceSentAction,
  recordPaymentAction,
} from "../invoice-actions";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type RecordPaymentInput,
  recordPaymentInput,
} from "../invoice-schemas";

export type AllowedActions = {
  edit: boolean;
  delete: boolean;
  issue: boolean;
  markSent: boolean;
  pay: boolean;
  credit: boolean;
  creditFull: boolean;
  duplicate: boolean;
};

type Props = {
  invoice: {
    id: string;
    version: number;
    kind: "invoice" | "credit_note";
    number: string | null;
    balanceText: string;
    balanceInput: string;
    currency: string;
    issueDate: string;
  };
  allowed: AllowedActions;
  today: string;
};

/** A confirmation dialog that runs one action and says what cannot be undone. */
function ConfirmAction({
  trigger,
  title,
  description,
  confirmLabel,
  destructive,
  run,
  children,
}: {
  trigger: React.ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  run: () => Promise<ActionResult<unknown>>;
  children?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant={destructive ? "destructive" : "default"}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const result = await run();
              setBusy(false);
              if (!result.ok) {
                setError(result.message);
                return;
              }
              setOpen(false);
            }}
          >
            {busy ? "Working…" : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PaymentDialog({ invoice, today }: Pick<Props, "invoice" | "today">) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RecordPaymentInput>({
    resolver: zodResolver(recordPaymentInput, undefined, { raw: true }) as unknown as Resolver<RecordPaymentInput>,
    defaultValues: {
      invoiceId: invoice.id,
      amount: invoice.balanceInput,
      date: today,
      method: "bank_transfer",
      reference: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async () => {
    setFormError(null);
    const result = await recordPaymentAction(form.getValues());
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.fieldErrors ?? {}))
        form.setError(field as FieldPath<RecordPaymentInput>, { message });
      setFormError(result.message);
      return;
    }
    toast.success(result.message ?? "Payment recorded.");
    setOpen(false);
    router.refresh();
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next)
          form.reset({
            invoiceId: invoice.id,
            amount: invoice.balanceInput,
            date: today,
            method: "bank_transfer",
            reference: "",
          });
      }}
    >
      <DialogTrigger asChild>
        <Button type="button">
          <WalletIcon aria-hidden="true" /> Record payment
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record a payment</DialogTitle>
          <DialogDescription>
            Balance due: {invoice.balanceText}. A payment cannot be more than the balance or dated in the future.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {formError ? (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={`Amount (${invoice.currency})`} htmlFor="amount" error={errors.amount?.message} required>
              <Input
                {...fieldAria("amount", { error: errors.amount?.message })}
                {...form.register("amount")}
                inputMode="decimal"
                className="text-right tabular-nums"
                required
              />
            </FormField>
            <FormField label="Date received" htmlFor="date" error={errors.date?.message} required>
              <Input
                type="date"
                max={today}
                {...fieldAria("date", { error: errors.date?.message })}
                {...form.register("date")}
                required
              />
            </FormField>
            <FormField label="Method" htmlFor="method" error={errors.method?.message} required>
              <NativeSelect
                {...fieldAria("method", { error: errors.method?.message })}
                {...form.register("method")}
                required
              >
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {PAYMENT_METHOD_LABELS[method]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Reference" htmlFor="reference" error={errors.reference?.message}>
              <Input
                {...fieldAria("reference", { error: errors.reference?.message })}
                {...form.register("reference")}
                maxLength={200}
              />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving…" : "Save payment"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function InvoiceActionsPanel({ invoice, allowed, today }: Props) {
  const router = useRouter();
  const [creditMode, setCreditMode] = useState<"full" | "partial">(allowed.creditFull ? "full" : "partial");
  const ref = { id: invoice.id, version: invoice.version };
  const name = invoice.kind === "credit_note" ? "credit note" : "invoice";

  return (
    <div className="flex flex-wrap items-center gap-2" data-print-hide="">
      {allowed.edit ? (
        <Button asChild variant="outline">
          <Link href={`/bo/invoices/edit/${invoice.id}`}>
            <PencilIcon aria-hidden="true" /> Edit
          </Link>
        </Button>
      ) : null}
      {allowed.issue ? (
        <ConfirmAction
          trigger={
            <Button type="button">
              <StampIcon aria-hidden="true" /> Issue
            </Button>
          }
          title={`Issue this ${name}?`}
          description={`It gets the next number of the series, dated ${invoice.issueDate}, and the client's and your firm's details are frozen. This cannot be undone: an issued ${name} can never be edited or deleted, only corrected by a credit note.`}
          confirmLabel={`Issue ${name}`}
          run={async () => {
            const result = await issueInvoiceAction(ref);
            if (result.ok) {
              toast.success(`Issued as ${result.data.number ?? ""}.`);
              router.refresh();
            }
            return result;
          }}
        />
      ) : null}
      <Button asChild variant="outline">
        <a href={`/bo/invoices/${invoice.id}/pdf?download=1`} download>
          <FileDownIcon aria-hidden="true" /> Download PDF
        </a>
      </Button>
      {allowed.pay ? <PaymentDialog invoice={invoice} today={today} /> : null}
      {allowed.markSent ? (
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            const result = await markInvoiceSentAction(ref);
            if (!result.ok) toast.error(result.message);
            else {
              toast.success(result.message ?? "Marked as sent.");
              router.refresh();
            }
          }}
        >
          <SendIcon aria-hidden="true" /> Mark as sent
        </Button>
      ) : null}
      {allowed.credit ? (
        <ConfirmAction
          trigger={
            <Button type="button" variant="outline">
              <FileMinusIcon aria-hidden="true" /> Credit note
            </Button>
          }
          title="Create a credit note"
          description="A credit note corrects an issued invoice. A full credit note is issued at once and cancels the invoice; this cannot be undone. A partial one opens as a draft to adjust before issuing."
          confirmLabel={creditMode === "full" ? "Issue full credit note" : "Create draft credit note"}
          destructive={creditMode === "full"}
          run={async () => {
            const result = await createCreditNoteAction({ invoiceId: invoice.id, mode: creditMode });
            if (result.ok) {
              if (result.data.status === "draft") {
                toast.success("Draft credit note created: adjust its lines, then issue it.");
                router.push(`/bo/invoices/edit/${result.data.id}`);
              } else {
                toast.success(`Credit note ${result.data.number ?? ""} issued; the invoice is cancelled.`);
                router.refresh();
              }
            }
            return result;
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Kind of credit note</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="credit-mode"
                value="full"
                checked={creditMode === "full"}
                disabled={!allowed.creditFull}
                onChange={() => setCreditMode("full")}
                className="mt-1 accent-primary"
              />
              <span>
                Full: credits every line and cancels the invoice
                {allowed.creditFull ? "" : " (not available: part of it is already credited)"}
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="credit-mode"
                value="partial"
                checked={creditMode === "partial"}
                onChange={() => setCreditMode("partial")}
                className="mt-1 accent-primary"
              />
              <span>Partial: a draft with the invoice&apos;s lines, to reduce before issuing</span>
            </label>
          </fieldset>
        </ConfirmAction>
      ) : null}
      {allowed.duplicate ? (
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            const result = await duplicateInvoiceAction({ id: invoice.id });
            if (!result.ok) toast.error(result.message);
            else {
              toast.success(result.message ?? "Duplicated.");
              router.push(`/bo/invoices/edit/${result.data.id}`);
            }
          }}
        >
          <CopyIcon aria-hidden="true" /> Duplicate
        </Button>
      ) : null}
      {allowed.delete ? (
        <ConfirmAction
          trigger={
            <Button type="button" variant="outline" className="text-destructive">
              <Trash2Icon aria-hidden="true" /> Delete draft
            </Button>
          }
          title="Delete this draft?"
          description="The draft and its lines are deleted; any time it billed becomes unbilled again. This cannot be undone."
          confirmLabel="Delete draft"
          destructive
          run={async () => {
            const result = await deleteInvoiceAction(ref);
            if (result.ok) {
              toast.success(result.message ?? "Draft deleted.");
              router.push("/bo/invoices");
            }
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

/** Admins only: removes a payment entered by mistake; the balance and status move back. */
export function DeletePaymentButton({ paymentId, label }: { paymentId: string; label: string }) {
  const router = useRouter();
  return (
    <ConfirmAction
      trigger={
        <Button type="button" variant="ghost" size="sm" className="text-destructive">
          <Trash2Icon aria-hidden="true" /> Delete<span className="sr-only"> payment of {label}</span>
        </Button>
      }
      title="Delete this payment?"
      description={`The payment of ${label} is removed and the balance goes back up. This is recorded in the invoice's history.`}
      confirmLabel="Delete payment"
      destructive
      run={async () => {
        const result = await deletePaymentAction({ paymentId });
        if (result.ok) {
          toast.success(result.message ?? "Payment deleted.");
          router.refresh();
        }
        return result;
      }}
    />
  );
}
