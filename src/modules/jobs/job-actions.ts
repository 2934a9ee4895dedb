"use server";

import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { renderMarkdown } from "./markdown";
import { createJob, setApplicationStatus, transitionJob, updateApplicationNotes, updateJob } from "./job-mutations";
import type { JobInput, UpdateJobInput } from "./job-schemas";

const MANAGERS = ["admin", "manager"] as const;

export async function createJobAction(input: JobInput): Promise<ActionResult<{ id: string }>> {
  const actor = await requireActor(MANAGERS);
  return runAction(async () => ({ id: (await createJob(getDb(), actor, input)).id }), "Job created as a draft.");
}

export async function updateJobAction(input: UpdateJobInput): Promise<ActionResult<{ version: number; slug: string }>> {
  const actor = await requireActor(MANAGERS);
  return runAction(async () => {
    const updated = await updateJob(getDb(), actor, input);
    return { version: updated.version, slug: updated.slug };
  }, "Job saved.");
}

export async function transitionJobAction(input: { id: string; version: number; transition: "publish" | "close" | "reopen" }): Promise<ActionResult<{ version: number }>> {
  const actor = await requireActor(MANAGERS);
  const messages = { publish: "Job published.", close: "Job closed.", reopen: "Job re-opened." } as const;
  return runAction(async () => ({ version: (await transitionJob(getDb(), actor, input)).version }), messages[input.transition] ?? "Saved.");
}

/** The Markdown preview of the job form: rendered and sanitised exactly as on the public page. */
export async function previewJobDescriptionAction(source: string): Promise<ActionResult<{ html: string }>> {
  await requireActor(MANAGERS);
  return runAction(async () => ({ html: renderMarkdown(String(source).slice(0, 20_000)) }));
}

export async function setApplicationStatusAction(input: { id: string; version: number; status: string }): Promise<ActionResult<{ version: number }>> {
  const actor = await requireActor(MANAGERS);
  return runAction(async () => ({ version: (await setApplicationStatus(getDb(), actor, input)).version }), "Status changed.");
}

export async function updateApplicationNotesAction(input: { id: string; version: number; notes: string }): Promise<ActionResult<{ version: number }>> {
  const actor = await requireActor(MANAGERS);
  return runAction(async () => ({ version: (await updateApplicationNotes(getDb(), actor, input)).version }), "Notes saved.");
}
