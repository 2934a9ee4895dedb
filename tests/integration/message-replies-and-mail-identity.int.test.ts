// Issue 31, items 4 and 6: a manager answers a contact message from the inbox; the firm's mail
// carries the sender and Reply-To of Settings → Mail (MAIL_FROM as the default), fixed on the row.
import { and, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvent, contactMessage, contactMessageReply, email, settings, user } from "../../src/db/schema";
import { ForbiddenError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { drainOutbox } from "../../src/modules/mail/mail-worker";
import { enqueueEmail } from "../../src/modules/mail/outbox";
import { createSmtpTransport, type MailTransport } from "../../src/modules/mail/smtp-transport";
import { replyToMessage, setMessageStatus, submitContactMessage } from "../../src/modules/messages/message-mutations";
import { countMessagesByStatus, findMessages, findReplies } from "../../src/modules/messages/message-queries";
import { signFormToken } from "../../src/modules/public-site/anti-spam-rules";
import { updateMailIdentity } from "../../src/modules/settings/settings-section-mutations";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { unrealSenderWarning } from "../../src/modules/mail/mail-identity";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { headerOf, startSmtpReceiver, type SmtpReceiver } from "../support/smtp-receiver";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let manager: Actor & { email: string };
let receiver: SmtpReceiver;
let transport: MailTransport;
const staff: Actor = { id: uuidv7(), name: "Sam Staff", role: "staff" };
const SECRET = "integration-secret-0123456789";

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  await getSettings(database.db);
  await database.db.update(settings).set({
    firmName: "Dupont & Associés",
    email: "contact@dupont-conseil.fr",
    notificationEmail: "office@dupont-conseil.fr",
  });
  const id = uuidv7();
  await database.db
    .insert(user)
    .values({ id, name: "Marie Martin", email: "marie@dupont-conseil.fr", role: "manager" });
  manager = { id, name: "Marie Martin", role: "manager", email: "marie@dupont-conseil.fr" };
  receiver = await startSmtpReceiver();
  transport = createSmtpTransport(receiver.url());
});
afterAll(async () => {
  transport?.close?.();
  await receiver?.stop();
  await tearDownDatabase(database);
});
beforeEach(async () => {
  receiver.reset();
  await database.db.update(settings).set({ mailFromName: null, mailFromAddress: null, mailReplyTo: "firm" });
});

async function insertMessage(status: "new" | "read" | "archived" = "new") {
  const [row] = await database.db
    .insert(contactMessage)
    .values({
      name: "Jane Prospect",
      email: "jane@prospect.example",
      subject: "A project for you",
      body: "We would like to talk about a redesign next spring.",
      status,
    })
    .returning();
  return row!;
}

async function mailRow(id: string) {
  const [row] = await database.db.select().from(email).where(eq(email.id, id));
  return row!;
}

describe(`replying to a contact message on ${process.env.TEST_DB}`, () => {
  it("is for managers: staff are refused and nothing is written", async () => {
    const message = await insertMessage();
    await expect(
      replyToMessage(database.db, staff, { id: message.id, subject: "Re: x", body: "Hello" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(await findReplies(database.db, [message.id])).toEqual([]);
  });

  it("mails the visitor through the outbox, keeps the reply with the message, marks it answered and audits it", async () => {
    const message = await insertMessage();
    const result = await replyToMessage(database.db, manager, {
      id: message.id,
      subject: "Re: A project for you",
      body: "Thank you, Jane.\r\nWe can meet on Tuesday.",
    });
    expect(result.status).toBe("answered");

    const [reply] = await findReplies(database.db, [message.id]);
    expect(reply).toMatchObject({
      authorName: "Marie Martin",
      subject: "Re: A project for you",
      body: "Thank you, Jane.\nWe can meet on Tuesday.",
      emailId: result.emailId,
      emailStatus: "queued",
    });
    const mail = await mailRow(result.emailId);
    expect(mail.to).toEqual(["jane@prospect.example"]);
    expect(mail.subject).toBe("Re: A project for you");
    expect(mail.text).toContain("We can meet on Tuesday.");
    expect(mail.text).toContain("> We would like to talk about a redesign next spring.");
    expect(mail.aboutType).toBe("message");
    expect(mail.fromHeader).toBe('"Dupont & Associés" <bureau@localhost.localdomain>');
    expect(mail.replyTo).toBe("contact@dupont-conseil.fr");

    expect((await findMessages(database.db, "answered")).map((row) => row.id)).toContain(message.id);
    expect((await countMessagesByStatus(database.db)).answered).toBeGreaterThanOrEqual(1);
    const [audit] = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, message.id), eq(auditEvent.action, "reply")));
    expect(audit?.actorId).toBe(manager.id);
    expect(audit?.summary).toMatchObject({ from: "new", to: "answered", emailId: result.emailId });
  });

  it("refuses an empty reply or a subject on two lines, and writes nothing", async () => {
    const message = await insertMessage();
    await expect(
      replyToMessage(database.db, manager, { id: message.id, subject: "Re: x", body: "  " }),
    ).rejects.toThrow(/correct/i);
    await expect(
      replyToMessage(database.db, manager, { id: message.id, subject: "Re: x\r\nBcc: a@b.example", body: "Hi" }),
    ).rejects.toThrow();
    expect(
      await database.db.select().from(contactMessageReply).where(eq(contactMessageReply.messageId, message.id)),
    ).toEqual([]);
    expect((await findMessages(database.db, "new")).map((row) => row.id)).toContain(message.id);
  });

  it("answers an archived message too (it comes back as answered), and keeps every reply", async () => {
    const message = await insertMessage("archived");
    await replyToMessage(database.db, manager, { id: message.id, subject: "Re: one", body: "First answer." });
    await replyToMessage(database.db, admin, { id: message.id, subject: "Re: two", body: "Second answer." });
    const replies = await findReplies(database.db, [message.id]);
    expect(replies.map((reply) => reply.body)).toEqual(["First answer.", "Second answer."]);
    const [row] = await database.db.select().from(contactMessage).where(eq(contactMessage.id, message.id));
    expect(row?.status).toBe("answered");
    // A manager may still file it by hand afterwards.
    await setMessageStatus(database.db, manager, { id: message.id, version: row!.version, status: "read" });
  });

  it("delivers the reply with the From and Reply-To of the row", async () => {
    await updateMailIdentity(database.db, admin, {
      mailFromName: "Dupont Conseil",
      mailFromAddress: "bonjour@dupont-conseil.fr",
      mailReplyTo: "sender",
    });
    const message = await insertMessage();
    const { emailId } = await replyToMessage(database.db, manager, {
      id: message.id,
      subject: "Re: hi",
      body: "Hello.",
    });
    const mail = await mailRow(emailId);
    expect(mail.fromHeader).toBe('"Dupont Conseil" <bonjour@dupont-conseil.fr>');
    expect(mail.replyTo).toBe("marie@dupont-conseil.fr");
    expect(mail.messageId).toBe(`<${emailId}@dupont-conseil.fr>`);
    await drainOutbox(database.db, { transport, from: "Bureau <bureau@localhost.localdomain>", backoffBaseMs: 0 });
    const received = receiver.messages.find((candidate) => candidate.messageId === mail.messageId)!;
    // nodemailer drops the quotes a plain name does not need.
    expect(headerOf(received.raw, "From")).toMatch(/^"?Dupont Conseil"? <bonjour@dupont-conseil\.fr>$/);
    expect(headerOf(received.raw, "Reply-To")).toBe("marie@dupont-conseil.fr");
  });
});

describe(`the mail identity on ${process.env.TEST_DB}`, () => {
  const queue = (extra: Partial<Parameters<typeof enqueueEmail>[1]> = {}) =>
    database.db.transaction((tx) =>
      enqueueEmail(tx, { to: ["client@example.com"], subject: "Hello", text: "x", html: "x", ...extra }),
    );

  it("defaults to the firm's name at MAIL_FROM's address, replies to the firm's email", async () => {
    const row = await mailRow(await queue());
    expect(row.fromHeader).toBe('"Dupont & Associés" <bureau@localhost.localdomain>');
    expect(row.replyTo).toBe("contact@dupont-conseil.fr");
  });

  it("follows Settings → Mail: the sender's own address, the firm's when nobody sends it, or no Reply-To", async () => {
    await updateMailIdentity(database.db, admin, {
      mailFromName: "",
      mailFromAddress: "factures@dupont-conseil.fr",
      mailReplyTo: "sender",
    });
    expect((await mailRow(await queue({ senderId: manager.id }))).replyTo).toBe("marie@dupont-conseil.fr");
    expect((await mailRow(await queue())).replyTo).toBe("contact@dupont-conseil.fr");
    expect((await mailRow(await queue())).fromHeader).toBe('"Dupont & Associés" <factures@dupont-conseil.fr>');
    await updateMailIdentity(database.db, admin, { mailFromName: "", mailFromAddress: "", mailReplyTo: "none" });
    expect((await mailRow(await queue({ senderId: manager.id }))).replyTo).toBeNull();
  });

  it("refuses a sender address at a domain that is not a real one, and is for administrators", async () => {
    await expect(
      updateMailIdentity(database.db, admin, {
        mailFromName: "",
        mailFromAddress: "me@localhost",
        mailReplyTo: "firm",
      }),
    ).rejects.toThrow(/correct/i);
    await expect(
      updateMailIdentity(database.db, manager, { mailFromName: "", mailFromAddress: "", mailReplyTo: "firm" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("gives the firm's copy of a contact message the visitor as Reply-To (the acknowledgement keeps the firm's)", async () => {
    const sent = await submitContactMessage(
      database.db,
      {
        name: "Paul Visitor",
        email: "paul@visitor.example",
        subject: "Question",
        body: "Could you tell me more about your services, please?",
      },
      {
        ip: "192.0.2.77",
        formToken: signFormToken(SECRET, "mail", new Date(Date.now() - 10_000)),
        honeypot: "",
        secret: SECRET,
        appUrl: "http://localhost:3000",
      },
    );
    if (sent.outcome !== "stored") throw new Error("not stored");
    const mails = await database.db
      .select()
      .from(email)
      .where(and(eq(email.aboutType, "message"), eq(email.aboutId, sent.messageId)));
    const firmCopy = mails.find((mail) => mail.to.includes("office@dupont-conseil.fr"));
    const acknowledgement = mails.find((mail) => mail.to.includes("paul@visitor.example"));
    expect(firmCopy?.replyTo).toBe("paul@visitor.example");
    expect(acknowledgement?.replyTo).toBe("contact@dupont-conseil.fr");
  });

  it("warns at start-up when the sender's domain is not a real one", () => {
    const firm = {
      firmName: "Dupont",
      email: null,
      mailFromName: null,
      mailFromAddress: null,
      mailReplyTo: "firm" as const,
    };
    expect(unrealSenderWarning(firm, "Bureau <bureau@localhost.localdomain>")).toMatch(/\.localdomain is reserved/);
    expect(unrealSenderWarning({ ...firm, mailFromAddress: "factures@dupont-conseil.fr" }, "x@localhost")).toBeNull();
    expect(unrealSenderWarning(firm, "bureau@mail")).toMatch(/no dot/);
  });
});
