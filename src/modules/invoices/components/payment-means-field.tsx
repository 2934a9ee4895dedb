"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { PAYMENT_MEANS } from "../invoice-schemas";

/** The "Payment means" select of the invoice and recurring invoice forms. */
export function PaymentMeansField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const t = useTranslations("invoices.form");
  const means = useTranslations("paymentMeans");
  return (
    <FormField label={t("paymentMeans")} htmlFor="paymentMeans" error={error}>
      <NativeSelect {...fieldAria("paymentMeans", { error })} {...registration}>
        {PAYMENT_MEANS.map((value) => (
          <option key={value} value={value}>
            {means(value)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
