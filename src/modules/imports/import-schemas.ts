import { z } from "zod";
import { IMPORT_SOURCES, MAX_IMPORT_BYTES } from "./import-sources";

export const IMPORT_WEEK_STATES = ["approved", "draft"] as const;
export type ImportWeekState = (typeof IMPORT_WEEK_STATES)[number];

/** One schema for the form and the server: the file's text, its source, the weeks' state, and what to do with refused rows. */
export const importInput = z.object({
  source: z.enum(["auto", ...IMPORT_SOURCES], { error: "Choose the export's source." }),
  csv: z
    .string({ error: "Choose a CSV file." })
    .min(1, "Choose a CSV file.")
    .refine(
      (text) => new TextEncoder().encode(text).length <= MAX_IMPORT_BYTES,
      "The file is larger than 5 MB; split it.",
    ),
  weekState: z.enum(IMPORT_WEEK_STATES, { error: "Choose the weeks' state." }),
  /** Import the valid rows and leave the refused ones; by default one refused row imports nothing. */
  validOnly: z.boolean().default(false),
});
export type ImportInput = z.input<typeof importInput>;
