// The FEC download: why it cannot be made (no SIREN, documents not in euros), and the streamed file.
import "server-only";
import type { Executor } from "@/db/client";
import type { settings as settingsTable } from "@/db/schema";
import { findForeignCurrencyDocuments, streamFec } from "./fec-queries";
import { FEC_CURRENCY, fecAccountsOf, fecFileName, sirenOf } from "./fec-rules";
import type { DateRange } from "./report-rules";

type Settings = typeof settingsTable.$inferSelect;

/** How many of the foreign-currency documents a refusal names. */
const LISTED = 20;

/** Why the period's FEC cannot be made, or null when it can. */
export async function fecRefusal(db: Executor, settings: Settings, range: DateRange): Promise<string | null> {
  if (!sirenOf(settings.registrationNumber))
    return "The FEC file is named after the firm's SIREN: enter it in Settings (Registration number) first.";
  const foreign = await findForeignCurrencyDocuments(db, range, LISTED);
  if (foreign.count === 0) return null;
  const listed = foreign.first.map((doc) => `${doc.number} (${doc.currency})`).join(", ");
  const more = foreign.count > LISTED ? ` and ${foreign.count - LISTED} more` : "";
  return (
    `The FEC is kept in ${FEC_CURRENCY}, and Bureau has no exchange rate for documents in other currencies. ` +
    `This period has ${foreign.count} such document${foreign.count === 1 ? "" : "s"} (issued or paid in it): ` +
    `${listed}${more}. Record them in your accounting software with the rate of the day, ` +
    `or export a period without them.`
  );
}

/** The file as a streamed response: UTF-8 without a BOM, tab-separated, CRLF. */
export function fecResponse(db: Executor, settings: Settings, range: DateRange): Response {
  const encoder = new TextEncoder();
  const chunks = streamFec(db, range, fecAccountsOf(settings.fecAccounts));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/tab-separated-values; charset=utf-8",
      "content-disposition": `attachment; filename="${fecFileName(sirenOf(settings.registrationNumber)!, range.to)}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
