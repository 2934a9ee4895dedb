"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { type ImportSummary, previewImport, runImport } from "./import-mutations";

// Thin server actions: the session decides who acts; the mutations check again, parse the file and
// (for the import) write in one transaction.

export async function previewImportAction(input: unknown): Promise<ActionResult<ImportSummary>> {
  return runAction(async () => previewImport(getDb(), await requireActor("settings.edit"), input));
}

export async function runImportAction(input: unknown): Promise<ActionResult<ImportSummary>> {
  return runAction(
    async () => {
      const summary = await runImport(getDb(), await requireActor("settings.edit"), input);
      revalidatePath("/bo", "layout");
      return summary;
    },
    (summary) => `Imported ${summary.entries.create} time entries.`,
  );
}
