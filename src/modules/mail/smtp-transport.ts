// SMTP through nodemailer: one pooled transport per process, built from SMTP_URL.
import nodemailer from "nodemailer";

export type OutgoingMessage = {
  from: string;
  replyTo?: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers?: Record<string, string>;
  /** `cid`: an inline part the HTML shows (nodemailer sends it in multipart/related). */
  attachments: { filename: string; contentType: string; content: Buffer; cid?: string }[];
};

/** What the worker needs from a transport: nodemailer's sendMail, or a fake in tests. */
export type MailTransport = {
  sendMail(message: OutgoingMessage): Promise<unknown>;
  close?(): void;
};

/** A pooled SMTP transport. Time-outs stay well under the worker's lease, so a stuck send gives the row up in time. */
export function createSmtpTransport(url: string, options: { maxConnections?: number } = {}): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 3,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    sendMail: (message) => transporter.sendMail(message),
    close: () => transporter.close(),
  };
}
