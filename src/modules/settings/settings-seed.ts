import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { settings } from "@/db/schema";
import { getSettings } from "./settings-queries";

// The demo firm (npm run seed:demo, and the tests that check the demo data): a French SAS with
// the details an EU invoice and an e-invoice need.

export const DEMO_FIRM = {
  firmName: "Northwind Consulting",
  legalForm: "SAS",
  registrationNumber: "901234567",
  rcsCity: "Paris",
  shareCapital: 1_000_000,
  vatNumber: "FR15901234567",
  addressLine1: "12 rue des Archives",
  postalCode: "75004",
  city: "Paris",
  country: "FR",
  email: "hello@northwind.example",
  phone: "+33 1 23 45 67 89",
  iban: "FR7630006000011234567890189",
  bic: "AGRIFRPP",
  defaultHourlyRate: 9000,
  invoiceFooter:
    "Late payment: penalties at three times the legal interest rate and a fixed fee of 40 € (Code de commerce, art. L441-10).",
  notificationEmail: "office@northwind.example",
} as const;

/** Gives the firm's settings the demo firm's details. */
export async function seedDemoFirm(db: Database): Promise<void> {
  const current = await getSettings(db);
  await db
    .update(settings)
    .set({ ...DEMO_FIRM, setupCompleted: true, version: current.version + 1 })
    .where(eq(settings.id, current.id));
}
