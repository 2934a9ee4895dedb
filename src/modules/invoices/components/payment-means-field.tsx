"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { PAYMENT_MEANS, PAYMENT_MEANS_LABELS } from "../invoice-schemas";

/** The "Payment means" select of the invoice and recurring invoice forms. */
export function PaymentMeansField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <FormField label="Payment means" htmlFor="paymentMeans" error={error}>
      <NativeSelect {...fieldAria("paymentMeans", { error })} {...registration}>
        {PAYMENT_MEANS.map((means) => (
          <option key={means} value={means}>
            {PAYMENT_MEANS_LABELS[means]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
