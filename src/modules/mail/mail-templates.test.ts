import { describe, expect, it } from "vitest";
import {
  applicationAcknowledgementMail,
  applicationNotificationMail,
  contactMessageAcknowledgementMail,
  contactMessageNotificationMail,
  invoiceMail,
  paymentReminderMail,
  welcomeMail,
} from "./mail-templates";
import { previewDocument } from "./mail-schemas";

const firm = { name: "Acme & Co <Consulting>", brandColor: "#aa3300", email: "hello@acme.example" };
const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

describe("mail templates", () => {
  const all = [
    invoiceMail(firm, {
      subject: `Invoice ${evil}`,
      message: `Hello\n\n${evil}`,
      number: "2026-0001",
      total: "€1,200.00",
      dueDate: "31 Jan 2026",
      clientName: evil,
    }),
    paymentReminderMail(firm, {
      number: "2026-0001",
      balance: "€1,200.00",
      dueDate: "31 Jan 2026",
      daysOverdue: 3,
      clientName: evil,
    }),
    contactMessageNotificationMail(firm, {
      name: evil,
      email: "a@b.example",
      subject: evil,
      body: evil,
      wantsCallback: true,
      phone: "+33 1",
      url: "https://bureau.example/bo/messages/1",
    }),
    contactMessageAcknowledgementMail(firm, { wantsCallback: false }),
    applicationNotificationMail(firm, {
      name: evil,
      email: "a@b.example",
      jobTitle: evil,
      links: ["javascript:alert(1)"],
      url: "javascript:alert(1)",
    }),
    applicationAcknowledgementMail(firm, { jobTitle: evil }),
    welcomeMail(firm, { name: evil, email: "new@acme.example", signInUrl: "https://bureau.example/bo/login" }),
  ];

  it("escape everything people typed, in the HTML", () => {
    for (const rendered of all) {
      expect(rendered.html).not.toContain("<script");
      expect(rendered.html).not.toContain("<img");
      expect(rendered.html).not.toMatch(/href="javascript:/i);
      expect(rendered.html).toContain("Acme &amp; Co &lt;Consulting&gt;");
      expect(rendered.html).toContain("#aa3300");
      expect(rendered.subject).not.toMatch(/[\r\n]/);
    }
  });

  it("have a text version with the same content", () => {
    const welcome = all[6]!;
    expect(welcome.text).toContain("Sign in: https://bureau.example/bo/login");
    expect(welcome.html).toContain('href="https://bureau.example/bo/login"');
    expect(all[1]!.text).toContain("3 days overdue");
    expect(all[0]!.text).toContain("Invoice: 2026-0001");
  });

  it("fall back to the default colour when the brand colour is not a plain hex colour", () => {
    const rendered = welcomeMail(
      { name: "X", brandColor: "red;background:url(x)" },
      { name: "A", email: "a@b.c", signInUrl: "https://x.example" },
    );
    expect(rendered.html).not.toContain("url(x)");
    expect(rendered.html).toContain("#1f4fd1");
  });

  it("show the logo as an inline part referenced by cid:, which the outbox preview replaces by a data: image", () => {
    const logo = { data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), mimeType: "image/png" };
    const rendered = invoiceMail(
      { ...firm, logo },
      { subject: "s", message: "m", number: "1", total: "€1.00", dueDate: "d", clientName: "c" },
    );
    expect(rendered.html).toContain('<img src="cid:logo@bureau" alt="Acme &amp; Co &lt;Consulting&gt;"');
    expect(rendered.inline).toEqual([
      { filename: "logo.png", contentType: "image/png", content: logo.data, contentId: "logo@bureau" },
    ]);
    // An SVG (or anything but PNG and JPEG) is never shown.
    expect(
      invoiceMail(
        { ...firm, logo: { ...logo, mimeType: "image/svg+xml" } },
        { subject: "s", message: "m", number: "1", total: "€1.00", dueDate: "d", clientName: "c" },
      ).inline,
    ).toBeUndefined();
    const uri = `data:image/png;base64,${logo.data.toString("base64")}`;
    expect(previewDocument(rendered.html, { "logo@bureau": uri })).toContain(`<img src="${uri}"`);
    // Only a PNG or JPEG data: URI takes its place; anything else leaves the reference as it is.
    expect(previewDocument(rendered.html, { "logo@bureau": 'x" onerror="alert(1)' })).toContain(
      'src="cid:logo@bureau"',
    );
  });

  it("writes account mails and visitors' acknowledgements in the recipient's language (decision 067)", () => {
    const url = "https://bureau.example/bo/login";
    const english = welcomeMail(firm, { name: "Ana", email: "ana@acme.example", signInUrl: url });
    expect(english.subject).toBe("Your Acme & Co <Consulting> back-office account");
    expect(english.html).toContain('<html lang="en">');

    const french = welcomeMail({ ...firm, language: "fr" }, { name: "Ana", email: "ana@acme.example", signInUrl: url });
    expect(french.subject).toBe("Votre compte sur l’espace de gestion de Acme & Co <Consulting>");
    expect(french.text).toContain("Bonjour Ana,");
    expect(french.text).toContain("Se connecter: https://bureau.example/bo/login");
    expect(french.html).toContain('<html lang="fr">');

    const german = contactMessageAcknowledgementMail({ ...firm, language: "de" }, { wantsCallback: true });
    expect(german.subject).toBe("Wir haben Ihre Nachricht erhalten");
    expect(german.text).toContain("Wie gewünscht rufen wir Sie zurück.");
    expect(german.html).toContain('<html lang="de">');
  });
});
