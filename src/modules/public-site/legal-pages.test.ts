import { describe, expect, it } from "vitest";
import { defaultLegalNotice, defaultPrivacyNotice, missingLegalMentions, publicTexts } from "./legal-pages";

const firm = {
  firmName: "Dupont *Conseil*",
  legalForm: "SARL",
  registrationNumber: "552 081 317",
  shareCapital: 1_000_000,
  rcsCity: "Lyon",
  vatNumber: "FR40303265045",
  addressLine1: "12 rue de la République",
  addressLine2: null,
  postalCode: "69002",
  city: "Lyon",
  country: "FR",
  email: "contact@dupont-conseil.fr",
  phone: "+33 4 72 00 00 00",
  currency: "EUR",
  locale: "fr-FR",
  publicationDirector: "Marie Dupont",
  hostingProvider: "OVH SAS\n2 rue Kellermann, 59100 Roubaix\n+33 9 72 10 10 07",
  applicationRetentionMonths: 12,
  messageRetentionMonths: 6,
  homeText: null,
  legalNotice: null,
  privacyNotice: null,
};

describe("the public site's legal texts", () => {
  it("generates the LCEN mentions of a French firm from its settings", () => {
    const text = defaultLegalNotice(firm, "https://dupont-conseil.fr");
    expect(text).toContain("**Dupont \\*Conseil\\***, SARL, share capital 10");
    expect(text).toContain("RCS Lyon 552 081 317");
    expect(text).toContain("12 rue de la République, 69002 Lyon");
    expect(text).toContain("## Director of publication\n\nMarie Dupont");
    expect(text).toContain("OVH SAS  \n2 rue Kellermann");
    expect(text).toContain("(/privacy)");
    expect(missingLegalMentions(firm)).toEqual([]);
  });

  it("names what is missing instead of inventing it", () => {
    const bare = { ...firm, publicationDirector: null, hostingProvider: null, shareCapital: null, rcsCity: null };
    expect(defaultLegalNotice(bare, "https://x.fr")).toContain("## Host\n\n*not given yet*");
    expect(missingLegalMentions(bare)).toEqual([
      "the director of publication",
      "the host",
      "the RCS registration (SIREN and city)",
      "the share capital",
    ]);
  });

  it("states the GDPR art. 13 points with the retention in days", () => {
    const text = defaultPrivacyNotice(firm, { applications: 365, messages: 184 });
    for (const heading of ["Who is responsible", "What we collect", "How long", "Your rights", "Whom to ask"])
      expect(text).toContain(`## ${heading}`);
    expect(text).toContain("Applications and their CVs are deleted automatically 365 days after they arrive");
    expect(text).toMatch(/Messages from the contact form.*deleted automatically 184 days after they arrive/);
    expect(text).toContain("CNIL");
    expect(text).toContain("mailto:contact@dupont-conseil.fr");
  });

  it("uses the firm's own text where it has one", () => {
    const texts = publicTexts({ ...firm, legalNotice: "Our own notice." }, "https://x.fr");
    expect(texts.legalNotice).toBe("Our own notice.");
    expect(texts.privacyNotice).toContain("## Your rights");
    expect(texts.homeText).toContain("Dupont \\*Conseil\\*");
  });

  it("generates the privacy notice with each retention setting in days", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    const texts = publicTexts(firm, "https://x.fr", now);
    expect(texts.privacyNotice).toContain("Applications and their CVs are deleted automatically 365 days");
    expect(texts.privacyNotice).toMatch(/Messages from the contact form.*automatically 184 days after they arrive/);
    const longer = publicTexts({ ...firm, messageRetentionMonths: 24 }, "https://x.fr", now);
    expect(longer.privacyNotice).toMatch(/Messages from the contact form.*automatically 730 days after they arrive/);
  });
});
