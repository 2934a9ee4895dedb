"use client";

import dynamic from "next/dynamic";
import { PencilIcon, PlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useLazyDialog } from "@/components/lazy-dialog";
import type { VatCategory } from "@/modules/invoices/vat-categories";

// The client dialog and its form load on first use, or when the pointer nears or the focus reaches
// the button that opens it (decision 072): the clients pages no longer send Radix's dialog,
// react-hook-form, the client schema and zod with their first load.
const loadDialog = () => import("./client-form-body");
const ClientFormDialog = dynamic(() => loadDialog().then((module) => module.ClientFormDialog), { ssr: false });

export type EditableClient = {
  id: string;
  version: number;
  name: string;
  billingEmail: string | null;
  phone: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  countrySubdivision: string | null;
  country: string | null;
  vatNumber: string | null;
  registrationNumber: string | null;
  isBusiness: boolean;
  vatCategory: VatCategory | null;
  buyerReference: string | null;
  peppolId: string | null;
  currency: string;
  paymentTermsDays: number;
  defaultHourlyRate: number | null;
  notes: string | null;
  einvoiceFormat: string | null;
  documentLanguage: string | null;
};

/** A document language the form offers: its code and its name in itself ("Deutsch"). */
export type LanguageOption = { code: string; name: string };

export type ClientDefaults = {
  currency: string;
  paymentTermsDays: number;
  country: string;
  /** The languages documents can be written in, and the firm's (what "Firm's language" means). */
  languages: LanguageOption[];
  firmLanguage: string;
};

/** "New client" on the clients list. */
export function CreateClientDialog({ defaults }: { defaults: ClientDefaults }) {
  const t = useTranslations("clients.form");
  const lazy = useLazyDialog(loadDialog);
  const router = useRouter();
  return (
    <>
      <Button {...lazy.button}>
        <PlusIcon aria-hidden="true" />
        {t("new")}
      </Button>
      {lazy.used ? (
        <ClientFormDialog
          {...lazy.dialog}
          title={t("new")}
          description={t("newDescription")}
          initial={{
            id: "",
            version: 1,
            name: "",
            billingEmail: null,
            phone: null,
            addressLine1: null,
            addressLine2: null,
            postalCode: null,
            city: null,
            countrySubdivision: null,
            country: defaults.country,
            vatNumber: null,
            registrationNumber: null,
            isBusiness: true,
            vatCategory: null,
            buyerReference: null,
            peppolId: null,
            currency: defaults.currency,
            paymentTermsDays: defaults.paymentTermsDays,
            defaultHourlyRate: null,
            notes: null,
            einvoiceFormat: null,
            documentLanguage: null,
          }}
          languages={defaults.languages}
          firmLanguage={defaults.firmLanguage}
          onSaved={(id) => {
            lazy.setOpen(false);
            router.push(`/bo/clients/${id}`);
          }}
        />
      ) : null}
    </>
  );
}

export function EditClientDialog({
  client,
  languages,
  firmLanguage,
}: {
  client: EditableClient;
  languages: LanguageOption[];
  firmLanguage: string;
}) {
  const t = useTranslations("clients.form");
  const lazy = useLazyDialog(loadDialog);
  return (
    <>
      <Button variant="outline" {...lazy.button}>
        <PencilIcon aria-hidden="true" />
        {t("edit")}
      </Button>
      {lazy.used ? (
        <ClientFormDialog
          {...lazy.dialog}
          title={t("editTitle", { name: client.name })}
          description={t("editDescription")}
          initial={client}
          languages={languages}
          firmLanguage={firmLanguage}
          onSaved={() => lazy.setOpen(false)}
        />
      ) : null}
    </>
  );
}
