import { describe, expect, it } from "vitest";
import { schemaFieldErrors } from "@/lib/parse-input";
import { contactMessageInput } from "./message-schemas";

const message = {
  name: "Ada",
  email: "ada@example.com",
  subject: "A project",
  body: "We would like to talk about a project.",
};
const errors = (input: unknown) => schemaFieldErrors(contactMessageInput, input);

describe("contact message schema", () => {
  it("needs a phone number for a callback, also while another field is wrong", () => {
    expect(errors({ ...message, wantsCallback: "on" })).toEqual({
      phone: "Enter a phone number so that we can call you back.",
    });
    expect(errors({ ...message, email: "not an address", wantsCallback: "on" })).toEqual({
      email: "Enter a valid email address, such as name@example.com.",
      phone: "Enter a phone number so that we can call you back.",
    });
    // A field zod cannot read at all (not text: only a hand-made request sends that) stops its
    // object-level checks by default; this one still runs.
    expect(errors({ ...message, company: 42, wantsCallback: "on" })).toMatchObject({
      phone: "Enter a phone number so that we can call you back.",
    });
  });

  it("takes a callback request with its phone number", () => {
    expect(contactMessageInput.parse({ ...message, wantsCallback: "on", phone: "+33 1 23 45 67 89" })).toMatchObject({
      wantsCallback: true,
      phone: "+33 1 23 45 67 89",
    });
  });
});
