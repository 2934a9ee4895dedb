// Demo data: messages in every status, one of them a call-back request with its requested call.
import { v7 as uuidv7 } from "uuid";
import { call, contactMessage, contactMessageReply } from "@/db/schema";
import type { DemoContext } from "@/modules/users/users-seed";

export async function seedMessages(context: DemoContext): Promise<void> {
  const { db } = context;
  const callId = uuidv7();
  const body =
    "We are opening a second office in Lyon and need help with the organisation. Could you call me this week?";
  await db.insert(call).values({
    id: callId,
    direction: "inbound",
    status: "requested",
    contactName: "Camille Durand",
    phone: "+33612345678",
    email: "camille@durand.example",
    subject: "Second office in Lyon",
    notes: body,
  });
  const answeredId = uuidv7();
  await db.insert(contactMessage).values([
    {
      name: "Camille Durand",
      email: "camille@durand.example",
      company: "Durand & Fils",
      subject: "Second office in Lyon",
      body,
      phone: "+33612345678",
      wantsCallback: true,
      callId,
      status: "new",
    },
    {
      name: "Peter Hall",
      email: "peter@hall.example",
      company: null,
      subject: "Quote for an audit",
      body: "Hello, could you send us a quote for an organisational audit of a 40-person team?",
      status: "new",
    },
    {
      id: answeredId,
      name: "Sara Lindqvist",
      email: "sara@lindqvist.example",
      company: "Nordic AB",
      subject: "Partnership",
      body: "We are a Swedish agency looking for a French partner for joint projects.",
      status: "answered",
    },
    {
      name: "Old Newsletter",
      email: "news@example.com",
      company: null,
      subject: "Our spring offers",
      body: "This is an old promotional message kept in the archive for the demo.",
      status: "archived",
    },
  ]);
  // The answered one: the manager's reply, kept with the message (its mail is not in the demo outbox).
  const manager = context.users.find((candidate) => candidate.role === "manager");
  await db.insert(contactMessageReply).values({
    messageId: answeredId,
    authorId: manager?.id ?? null,
    authorName: manager?.name ?? "Bureau",
    subject: "Re: Partnership",
    body: [
      "Hello Sara,",
      "Thank you for writing. We would be glad to talk: are you free for a call next Tuesday?",
    ].join("\n\n"),
  });
}
