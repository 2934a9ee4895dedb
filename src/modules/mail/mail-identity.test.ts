import { describe, expect, it } from "vitest";
import { formatMailbox, mailIdentity, parseMailbox, unrealMailDomain } from "./mail-identity";

const firm = {
  firmName: "Dupont & Associés",
  email: "contact@dupont-conseil.fr",
  mailFromName: null,
  mailFromAddress: null,
  mailReplyTo: "firm" as const,
};

describe("the mail identity", () => {
  it("reads and writes From headers", () => {
    expect(parseMailbox('"Acme, Inc." <Billing@Acme.fr>')).toEqual({ name: "Acme, Inc.", address: "billing@acme.fr" });
    expect(parseMailbox("Bureau <bureau@localhost.localdomain>")).toEqual({
      name: "Bureau",
      address: "bureau@localhost.localdomain",
    });
    expect(parseMailbox("billing@acme.fr")).toEqual({ name: null, address: "billing@acme.fr" });
    expect(formatMailbox('Say "hi"\r\nBcc: x', "a@b.fr")).toBe('"Say \\"hi\\" Bcc: x" <a@b.fr>');
  });

  it("takes the firm's name and MAIL_FROM's address by default, the settings' when given", () => {
    expect(mailIdentity(firm, "Bureau <bureau@mail.acme.fr>")).toMatchObject({
      from: '"Dupont & Associés" <bureau@mail.acme.fr>',
      replyTo: "contact@dupont-conseil.fr",
    });
    expect(
      mailIdentity({ ...firm, mailFromName: "Dupont", mailFromAddress: "Factures@Dupont.fr" }, "x@y.fr").from,
    ).toBe('"Dupont" <factures@dupont.fr>');
  });

  it("sends replies to the firm, the sender, or nobody; a visitor's address wins; never to the From itself", () => {
    const sender = { senderEmail: "marie@dupont.fr" };
    expect(mailIdentity({ ...firm, mailReplyTo: "sender" }, "x@y.fr", sender).replyTo).toBe("marie@dupont.fr");
    expect(mailIdentity({ ...firm, mailReplyTo: "sender" }, "x@y.fr").replyTo).toBe("contact@dupont-conseil.fr");
    expect(mailIdentity({ ...firm, mailReplyTo: "none" }, "x@y.fr", sender).replyTo).toBeNull();
    expect(mailIdentity({ ...firm, mailReplyTo: "none" }, "x@y.fr", { replyTo: "Jane@V.fr" }).replyTo).toBe(
      "jane@v.fr",
    );
    expect(mailIdentity({ ...firm, mailFromAddress: "contact@dupont-conseil.fr" }, "x@y.fr").replyTo).toBeNull();
  });

  it("knows the domains that are not real ones", () => {
    for (const address of [
      "bureau@localhost",
      "bureau@localhost.localdomain",
      "me@firm.local",
      "me@firm.test",
      "me@firm.example",
      "me@firm.invalid",
      "me@example.com",
      "me@127.0.0.1",
      "me@intranet",
    ])
      expect(unrealMailDomain(address), address).not.toBeNull();
    for (const address of ["factures@dupont-conseil.fr", "a@mail.example.fr", "b@acme.co.uk"])
      expect(unrealMailDomain(address), address).toBeNull();
  });
});
