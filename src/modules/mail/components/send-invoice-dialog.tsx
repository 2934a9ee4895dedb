"use client";

import dynamic from "next/dynamic";
import { SendIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useLazyDialog } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { useTextTranslator } from "@/i18n/use-texts";
import type { SendInvoiceDefaults } from "../invoice-mail";

/**
 * The form loads on first use (decision 072): an invoice's page no longer sends Radix's dialog,
 * react-hook-form, the mail schema and zod with its first load.
 */
const loadForm = () => import("./send-invoice-form");
const SendInvoiceForm = dynamic(() => loadForm().then((module) => module.SendInvoiceForm), { ssr: false });

export type SendInvoiceDialogProps = {
  invoiceId: string;
  number: string;
  /** From getSendInvoiceDefaults (src/modules/mail/invoice-mail.ts). */
  defaults: SendInvoiceDefaults;
  alreadySent?: boolean;
};

/** "Send by email": recipients (the client's billing email by default), subject and message; the PDF is attached. */
export function SendInvoiceDialog({ invoiceId, number, defaults, alreadySent = false }: SendInvoiceDialogProps) {
  const t = useTranslations("mail.sendInvoice");
  const translate = useTextTranslator();
  const send = useLazyDialog(loadForm);

  if (!defaults.canSend) {
    return (
      <Button type="button" variant="outline" disabled title={defaults.reason ? translate(defaults.reason) : undefined}>
        <SendIcon aria-hidden="true" />
        {t("sendByEmail")}
      </Button>
    );
  }

  return (
    <>
      <Button type="button" variant={alreadySent ? "outline" : "default"} {...send.button}>
        <SendIcon aria-hidden="true" />
        {alreadySent ? t("sendAgain") : t("sendByEmail")}
      </Button>
      {send.used ? (
        <SendInvoiceForm
          key={send.opening}
          invoiceId={invoiceId}
          number={number}
          defaults={defaults}
          {...send.dialog}
        />
      ) : null}
    </>
  );
}
