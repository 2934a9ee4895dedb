// Client share links (decision 059), on PGlite and PostgreSQL: made, opened without signing in,
// revoked, expired; drafts never shared; nothing but the linked document reachable; the per-address
// limit; the history rows; invoice mails carrying a link when the settings ask for one.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getSharedEinvoice } from "../../src/app/d/[token]/einvoice/route";
import { GET as getSharedPdf } from "../../src/app/d/[token]/pdf/route";
import { auditEvent, email, invoice, settings, shareLink } from "../../src/db/schema";
import { addDaysToDate, todayInZone } from "../../src/lib/dates";
import { clientAddressHeader } from "../../src/lib/request";
import { hashToken } from "../../src/modules/api/api-token-secret";
import type { Actor } from "../../src/modules/audit/audit-log";
import { invoiceEinvoiceResponse } from "../../src/modules/invoices/invoice-files";
import { createCreditNote, createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { invoicePdfBytes, sendInvoiceEmail } from "../../src/modules/mail/invoice-mail";
import { getEmail } from "../../src/modules/mail/mail-queries";
import { updateShareLinkSettings } from "../../src/modules/settings/settings-section-mutations";
import { createShareLink, revokeShareLink } from "../../src/modules/share-links/share-link-mutations";
import { findShareLinks, openSharedDocument } from "../../src/modules/share-links/share-link-queries";
import { SHARE_LINK_RATE_LIMIT } from "../../src/modules/share-links/share-link-rules";
import { createNamedUser, nextTestIp, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let manager: Actor;
let staff: Actor;

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  manager = await createNamedUser(database.db, admin, "manager", "Mona Manager");
  staff = await createNamedUser(database.db, admin, "staff", "Sam Staff");
});
afterAll(() => tearDownDatabase(database));

async function draft() {
  const created = await insertClient(database.db, { billingEmail: "billing@client.example" });
  return createDraftInvoice(database.db, admin, draftInput(created.id));
}
async function issued() {
  const made = await draft();
  return issueInvoice(database.db, admin, { id: made.id, version: made.version });
}

/** A public request from an address, as the server hands it to the route. */
function call(route: typeof getSharedPdf, token: string, query = "", address = nextTestIp()) {
  const path = route === getSharedPdf ? "pdf" : "einvoice";
  return route(
    new Request(`http://localhost:3000/d/${token}/${path}${query}`, { headers: { [clientAddressHeader()]: address } }),
    { params: Promise.resolve({ token }) },
  );
}

async function historyOf(invoiceId: string, action: string) {
  return database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, "invoice"), eq(auditEvent.entityId, invoiceId), eq(auditEvent.action, action)));
}

describe(`client share links on ${process.env.TEST_DB}`, () => {
  it("a manager shares an issued invoice: the token is shown once, only its hash is stored, and it opens the PDF", async () => {
    const document = await issued();
    const made = await createShareLink(database.db, manager, { invoiceId: document.id, expiresOn: "" });
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(shareLink).where(eq(shareLink.id, made.id));
    expect(row).toMatchObject({ invoiceId: document.id, tokenHash: hashToken(made.token), createdById: manager.id });
    expect(JSON.stringify(row)).not.toContain(made.token);
    expect(await historyOf(document.id, "share_link_created")).toHaveLength(1);

    const response = await call(getSharedPdf, made.token, "?download=1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${document.number}.pdf"`);
    // The same bytes as the back office's PDF route.
    const { bytes } = await invoicePdfBytes(database.db, document.id);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("the e-invoice answers as the back office's route does for the same document", async () => {
    const document = await issued();
    const { token } = await createShareLink(database.db, admin, { invoiceId: document.id });
    for (const format of ["xrechnung-ubl", "factur-x", "nonsense"]) {
      const shared = await call(getSharedEinvoice, token, `?format=${format}`);
      let expected: Response;
      try {
        expected = await invoiceEinvoiceResponse(database.db, document.id, format);
      } catch (error) {
        expected = new Response((error as Error).message, { status: 400 });
      }
      expect(shared.status, format).toBe(expected.status);
      if (expected.status === 200)
        expect(Buffer.from(await shared.arrayBuffer()).equals(Buffer.from(await expected.arrayBuffer()))).toBe(true);
      expect(shared.headers.get("referrer-policy")).toBe("no-referrer");
    }
  });

  it("the first view is recorded in the history once; every view counts", async () => {
    const document = await issued();
    const { token, id } = await createShareLink(database.db, manager, { invoiceId: document.id });
    const address = nextTestIp();
    for (let view = 0; view < 3; view += 1) {
      const opened = await openSharedDocument(database.db, { token, address });
      expect(opened).toEqual({ kind: "found", document: { kind: "invoice", invoiceId: document.id, linkId: id } });
    }
    const viewed = await historyOf(document.id, "share_link_viewed");
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ actorId: null, actorName: "Client (share link)" });
    const [listed] = await findShareLinks(database.db, manager, { invoiceId: document.id });
    expect(listed).toMatchObject({ id, state: "active", viewCount: 3, createdByName: "Mona Manager" });
    expect(listed!.firstViewedAt).not.toBeNull();
    expect(listed!.lastViewedAt).not.toBeNull();
  });

  it("revoked: the same 404 as an unknown or malformed token, at once; revoking twice records once", async () => {
    const document = await issued();
    const { token, id } = await createShareLink(database.db, manager, { invoiceId: document.id });
    expect((await call(getSharedPdf, token)).status).toBe(200);
    await revokeShareLink(database.db, manager, { id });
    await revokeShareLink(database.db, manager, { id });
    expect(await historyOf(document.id, "share_link_revoked")).toHaveLength(1);
    const revoked = await call(getSharedPdf, token);
    const unknown = await call(getSharedPdf, "B".repeat(43));
    const malformed = await call(getSharedPdf, "not-a-token");
    for (const response of [revoked, unknown, malformed]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found.");
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
    expect((await call(getSharedEinvoice, token, "?format=peppol")).status).toBe(404);
    const [listed] = await findShareLinks(database.db, manager, { invoiceId: document.id });
    expect(listed).toMatchObject({ state: "revoked", revokedByName: "Mona Manager" });
  });

  it("expired: 404 once its last day has ended in the firm's timezone", async () => {
    const document = await issued();
    const today = todayInZone("Europe/Paris");
    const { token, id, expiresAt } = await createShareLink(database.db, manager, {
      invoiceId: document.id,
      expiresOn: today,
    });
    expect(expiresAt!.getTime()).toBeGreaterThan(Date.now());
    const address = nextTestIp();
    expect(
      (await openSharedDocument(database.db, { token, address, now: new Date(expiresAt!.getTime() - 1) })).kind,
    ).toBe("found");
    expect((await openSharedDocument(database.db, { token, address, now: expiresAt! })).kind).toBe("not_found");
    await database.db
      .update(shareLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLink.id, id));
    const response = await call(getSharedPdf, token);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found.");
  });

  it("an expiry day in the past is refused and nothing is written", async () => {
    const document = await issued();
    const before = await database.db.select().from(shareLink);
    await expect(
      createShareLink(database.db, manager, {
        invoiceId: document.id,
        expiresOn: addDaysToDate(todayInZone("Europe/Paris"), -1),
      }),
    ).rejects.toMatchObject({ code: "share_link.expiry_past", fieldErrors: { expiresOn: expect.any(String) } });
    expect(await database.db.select().from(shareLink)).toHaveLength(before.length);
  });

  it("a draft is never shared; staff can neither share nor revoke; an unknown invoice is not found", async () => {
    const made = await draft();
    await expect(createShareLink(database.db, manager, { invoiceId: made.id })).rejects.toMatchObject({
      code: "share_link.draft",
    });
    expect(await database.db.select().from(shareLink).where(eq(shareLink.invoiceId, made.id))).toEqual([]);
    const document = await issued();
    await expect(createShareLink(database.db, staff, { invoiceId: document.id })).rejects.toMatchObject({
      kind: "forbidden",
    });
    const { id } = await createShareLink(database.db, manager, { invoiceId: document.id });
    await expect(revokeShareLink(database.db, staff, { id })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(
      createShareLink(database.db, manager, { invoiceId: "0190a0b0-0000-7000-8000-0000000000ff" }),
    ).rejects.toMatchObject({ code: "share_link.invoice_not_found" });
    await expect(
      revokeShareLink(database.db, manager, { id: "0190a0b0-0000-7000-8000-0000000000ff" }),
    ).rejects.toMatchObject({ code: "share_link.not_found" });
  });

  it("a link reaches its own document only; a credit note can be shared too", async () => {
    const first = await issued();
    const second = await issued();
    const { token } = await createShareLink(database.db, manager, { invoiceId: first.id });
    const response = await call(getSharedPdf, token);
    expect(response.headers.get("content-disposition")).toContain(`invoice-${first.number}.pdf`);
    expect(response.headers.get("content-disposition")).not.toContain(String(second.number));
    // Query strings and other ids change nothing: the token alone decides the document.
    const again = await call(getSharedPdf, token, `?id=${second.id}&invoiceId=${second.id}`);
    expect(again.headers.get("content-disposition")).toContain(`invoice-${first.number}.pdf`);

    const note = await createCreditNote(database.db, manager, { invoiceId: first.id, mode: "full" });
    const [noteRow] = await database.db.select().from(invoice).where(eq(invoice.id, note.id));
    const issuedNote =
      noteRow!.status === "draft"
        ? await issueInvoice(database.db, manager, { id: note.id, version: noteRow!.version })
        : noteRow!;
    const shared = await createShareLink(database.db, manager, { invoiceId: issuedNote.id });
    const notePdf = await call(getSharedPdf, shared.token);
    expect(notePdf.status).toBe(200);
    expect(notePdf.headers.get("content-disposition")).toContain(`credit-note-${issuedNote.number}.pdf`);
  });

  it("each address is limited, whatever the tokens it tries, on every instance (the database counts)", async () => {
    const document = await issued();
    const { token } = await createShareLink(database.db, manager, { invoiceId: document.id });
    const address = nextTestIp();
    const rule = { ...SHARE_LINK_RATE_LIMIT, bucket: `share-link-test-${Date.now()}`, limit: 3 };
    for (let hit = 0; hit < 3; hit += 1)
      expect((await openSharedDocument(database.db, { token, address, rule })).kind).toBe("found");
    expect(await openSharedDocument(database.db, { token, address, rule })).toMatchObject({
      kind: "rate_limited",
      retryAfterSeconds: expect.any(Number),
    });
    // Another address is not held back.
    expect((await openSharedDocument(database.db, { token, address: nextTestIp(), rule })).kind).toBe("found");

    // Through the route, with the real limit: unknown tokens count as much as good ones.
    const busy = nextTestIp();
    for (let hit = 0; hit < SHARE_LINK_RATE_LIMIT.limit; hit += 1)
      expect((await call(getSharedPdf, `${"C".repeat(42)}${hit % 10}`, "", busy)).status).toBe(404);
    const refused = await call(getSharedPdf, token, "", busy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^Too many requests from your address\. Try again in \d+ minutes?\.$/);
  });

  it("invoice mails carry a new link (text and HTML) when the settings ask for it, and none otherwise", async () => {
    const document = await issued();
    const send = () =>
      sendInvoiceEmail(database.db, manager, {
        invoiceId: document.id,
        to: "billing@client.example",
        subject: `Invoice ${document.number}`,
        message: "Hello,\n\nHere it is.",
      });
    const without = await getEmail(database.db, (await send()).emailId);
    expect(without.text).not.toContain("/d/");
    expect(await database.db.select().from(shareLink).where(eq(shareLink.invoiceId, document.id))).toEqual([]);

    await updateShareLinkSettings(database.db, admin, { shareLinkInMails: true, shareLinkMailDays: "30" });
    try {
      const { emailId } = await send();
      const mailed = await getEmail(database.db, emailId);
      const url = /https?:\/\/\S+\/d\/([A-Za-z0-9_-]{43})/.exec(mailed.text);
      expect(url, mailed.text).not.toBeNull();
      const token = url![1]!;
      expect(mailed.text).toContain(`View the invoice online: ${url![0]}`);
      expect(mailed.html).toContain(`href="${url![0]}"`);
      const [row] = await database.db.select().from(shareLink).where(eq(shareLink.invoiceId, document.id));
      expect(row).toMatchObject({ source: "mail", sentTo: "billing@client.example", tokenHash: hashToken(token) });
      expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      expect((await openSharedDocument(database.db, { token, address: nextTestIp() })).kind).toBe("found");
      const [sent] = (await historyOf(document.id, "email_sent")).filter((event) => event.summary.emailId === emailId);
      expect(sent!.summary).toMatchObject({ shareLinkId: row!.id });
      expect(await database.db.select().from(email).where(eq(email.id, emailId))).toHaveLength(1);
    } finally {
      await updateShareLinkSettings(database.db, admin, { shareLinkInMails: false, shareLinkMailDays: "" });
    }
    const [saved] = await database.db.select().from(settings);
    expect(saved).toMatchObject({ shareLinkInMails: false, shareLinkMailDays: null });
  });
});
