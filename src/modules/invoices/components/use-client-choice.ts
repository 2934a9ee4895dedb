"use client";

// The client picker of the recurring invoice and quote forms: the chosen client's details are
// fetched when the picker chooses one, and only the answer to the latest choice counts.
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { PickedClient } from "@/modules/clients/components/client-picker";
import { loadInvoiceClientAction } from "../invoice-actions";
import type { InvoiceFormClient } from "../invoice-form-queries";

export function useClientChoice({
  initial,
  onPicked,
  onLoaded,
}: {
  initial: InvoiceFormClient | null;
  /** The form's clientId field takes the picked id at once ("" for none). */
  onPicked: (id: string) => void;
  /** The client's details arrived (its currency, terms...). */
  onLoaded: (client: InvoiceFormClient) => void;
}) {
  const t = useTranslations("invoices.form");
  const [selectedClient, setSelectedClient] = useState<InvoiceFormClient | null>(initial);
  const [clientError, setClientError] = useState<string | null>(null);
  const latest = useRef(0);

  const choose = async (picked: PickedClient | null) => {
    const asked = ++latest.current;
    onPicked(picked?.id ?? "");
    setSelectedClient(null);
    setClientError(null);
    if (!picked) return;
    const result = await loadInvoiceClientAction({ clientId: picked.id }).catch(() => null);
    if (asked !== latest.current) return;
    if (!result || !result.ok) {
      setClientError(result ? result.message : t("clientNotLoaded"));
      return;
    }
    setSelectedClient(result.data);
    onLoaded(result.data);
  };

  return { selectedClient, clientError, choose };
}
