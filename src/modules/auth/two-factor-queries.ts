import "server-only";
import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import type { Executor } from "@/db/client";
import { recoveryCode, session, totpCredential } from "@/db/schema";
import { openTotpSecret, totpUri } from "./two-factor";
import { describeUserAgent } from "./user-agent";

/** Two-factor on My account: on or not, the recovery codes left, and the set-up under way (its QR code). */
export async function findTwoFactorSummary(db: Executor, person: { id: string; email: string }, issuer: string) {
  const [[credential], [left]] = await Promise.all([
    db.select().from(totpCredential).where(eq(totpCredential.userId, person.id)).limit(1),
    db
      .select({ value: count() })
      .from(recoveryCode)
      .where(and(eq(recoveryCode.userId, person.id), isNull(recoveryCode.usedAt))),
  ]);
  if (credential?.confirmedAt)
    return { enabled: true as const, since: credential.confirmedAt, recoveryCodesLeft: left?.value ?? 0 };
  if (!credential) return { enabled: false as const, setup: null };
  const secret = openTotpSecret(credential.secret);
  const uri = totpUri(secret, issuer, person.email);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { enabled: false as const, setup: { secret, uri, qrSvg } };
}

/** The person's sessions that have not expired, the newest use first. */
export async function findOwnSessions(db: Executor, userId: string, now = new Date()) {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      lastUsedAt: session.updatedAt,
      secondFactorPending: session.secondFactorPending,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt));
  return rows.map((row) => ({ ...row, device: describeUserAgent(row.userAgent) }));
}
export type OwnSession = Awaited<ReturnType<typeof findOwnSessions>>[number];
