import { describe, expect, it } from "vitest";
import { isValidIban, percentToBasisPoints, settingsFormInput } from "./settings-schemas";

const valid = {
  version: 1,
  firmName: "Northwind",
  country: "FR",
  brandColor: "#1f4fd1",
  currency: "EUR",
  locale: "en-GB",
  timezone: "Europe/Paris",
  taxRates: [
    { label: "Standard", percent: "20", isDefault: true },
    { label: "Reduced", percent: "5,5", isDefault: false },
  ],
  paymentTermsDays: "30",
  invoiceNumberPattern: "{YYYY}-{SEQ:4}",
  creditNoteNumberPattern: "CN-{YYYY}-{SEQ:4}",
  invoiceEmailSubject: "Invoice {number}",
  invoiceEmailMessage: "Please find attached.",
  remindersEnabled: false,
  reminderDays: "3, 10, 30",
  applicationRetentionMonths: "12",
  messageRetentionMonths: "12",
};

describe("settingsFormInput", () => {
  it("parses the form's text into typed settings", () => {
    const parsed = settingsFormInput.parse(valid);
    expect(parsed.taxRates.map((rate) => rate.percent)).toEqual([2000, 550]);
    expect(parsed.paymentTermsDays).toBe(30);
    expect(parsed.reminderDays).toEqual([3, 10, 30]);
    expect(parsed.iban).toBeNull();
  });

  it("refuses two defaults, a duplicated rate, empty terms, and a bad IBAN, each on its field", () => {
    const result = settingsFormInput.safeParse({
      ...valid,
      taxRates: [
        { label: "A", percent: "20", isDefault: true },
        { label: "B", percent: "20", isDefault: true },
      ],
      paymentTermsDays: "",
      iban: "FR76 3000 6000 0112 3456 7890 188",
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["taxRates", "taxRates.1.percent", "paymentTermsDays", "iban"]));
  });

  it("gives every error of one submission at once, the checks across fields included", () => {
    const result = settingsFormInput.safeParse({
      ...valid,
      // Field errors, some of which stop zod's default object-level checks (an unparsable number).
      iban: "FR76 3000 6000 0112 3456 7890 188",
      paymentTermsDays: "",
      taxRates: [{ label: "Standard", percent: "twenty", isDefault: true }],
      timezone: "Mars/Olympus",
      currency: "ZZZ",
      invoiceNumberPattern: "INV-{SEQ:4}-{XX}",
      // Checks that read other fields too.
      country: "FR",
      vatNumber: "FR123",
      remindersEnabled: true,
      reminderDays: "",
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(
      expect.arrayContaining([
        "iban",
        "paymentTermsDays",
        "taxRates.0.percent",
        "timezone",
        "currency",
        "invoiceNumberPattern",
        "vatNumber",
        "reminderDays",
      ]),
    );
  });

  it("refuses the same pattern for invoices and credit notes while another field is wrong", () => {
    const result = settingsFormInput.safeParse({
      ...valid,
      applicationRetentionMonths: "",
      creditNoteNumberPattern: valid.invoiceNumberPattern,
    });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toMatchObject({
      applicationRetentionMonths: "Enter a number of months.",
      creditNoteNumberPattern: "Credit notes need their own number series.",
    });
  });

  it("takes each retention as whole months between 1 and 120", () => {
    for (const field of ["applicationRetentionMonths", "messageRetentionMonths"] as const) {
      const messageOf = (value: unknown) => {
        const result = settingsFormInput.safeParse({ ...valid, [field]: value });
        return result.success ? null : result.error.issues.find((issue) => issue.path.join(".") === field)?.message;
      };
      expect(settingsFormInput.parse({ ...valid, [field]: " 1 " })[field]).toBe(1);
      expect(settingsFormInput.parse({ ...valid, [field]: "120" })[field]).toBe(120);
      expect(settingsFormInput.parse({ ...valid, [field]: 24 })[field]).toBe(24);
      expect(messageOf("0")).toBe("Between 1 and 120 months.");
      expect(messageOf("121")).toBe("Between 1 and 120 months.");
      expect(messageOf("-3")).toBe("Between 1 and 120 months.");
      expect(messageOf("6.5")).toBe("Enter a number of months.");
      expect(messageOf("")).toBe("Enter a number of months.");
      expect(messageOf("twelve")).toBe("Enter a number of months.");
      expect(messageOf(undefined)).toBeTruthy();
    }
    expect(settingsFormInput.parse({ ...valid, messageRetentionMonths: "3" })).toMatchObject({
      applicationRetentionMonths: 12,
      messageRetentionMonths: 3,
    });
  });

  it("accepts an EU VAT number of the chosen country's shape", () => {
    expect(settingsFormInput.safeParse({ ...valid, vatNumber: "FR 32 901234567" }).success).toBe(true);
  });
});

describe("IBAN and percentages", () => {
  it("checks the IBAN's mod-97 digits", () => {
    expect(isValidIban("FR76 3000 6000 0112 3456 7890 189")).toBe(true);
    expect(isValidIban("FR76 3000 6000 0112 3456 7890 188")).toBe(false);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
  });
  it("turns percentages into basis points", () => {
    expect(percentToBasisPoints("20")).toBe(2000);
    expect(percentToBasisPoints("5,5")).toBe(550);
    expect(percentToBasisPoints("2.1 %")).toBe(210);
    expect(percentToBasisPoints("100.01")).toBeNull();
    expect(percentToBasisPoints("-1")).toBeNull();
  });
});
