"use server";

import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { renderMarkdownPreview } from "./markdown";
import { createJob, setApplicationStatus, transitionJob, updateApplicationNotes, updateJob } from "./job-mutations";
import { jobTransitionMessage } from "./job-rules";
import type { JobInput, UpdateJobInput } from "./job-schemas";

// The permission is checked inside runAction: a refused caller gets the forbidden ActionResult (not a
// thrown error and a 500), like every other action.

export async function createJobAction(input: JobInput): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("job.edit");
    return { id: (await createJob(getDb(), actor, input)).id };
  }, "Job created as a draft.");
}

export async function updateJobAction(input: UpdateJobInput): Promise<ActionResult<{ version: number; slug: string }>> {
  return runAction(async () => {
    const actor = await requireActor("job.edit");
    const updated = await updateJob(getDb(), actor, input);
    return { version: updated.version, slug: updated.slug };
  }, "Job saved.");
}

export async function transitionJobAction(input: {
  id: string;
  version: number;
  transition: "publish" | "close" | "reopen";
}): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("job.edit");
    return { version: (await transitionJob(getDb(), actor, input)).version };
  }, jobTransitionMessage(input));
}

/** The Markdown preview of the job form: rendered and sanitised exactly as on the public page. */
export async function previewJobDescriptionAction(source: string): Promise<ActionResult<{ html: string }>> {
  return runAction(async () => {
    await requireActor("job.edit");
    return { html: renderMarkdownPreview(source) };
  });
}

export async function setApplicationStatusAction(input: {
  id: string;
  version: number;
  status: string;
}): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("job.edit");
    return { version: (await setApplicationStatus(getDb(), actor, input)).version };
  }, "Status changed.");
}

export async function updateApplicationNotesAction(input: {
  id: string;
  version: number;
  notes: string;
}): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("job.edit");
    return { version: (await updateApplicationNotes(getDb(), actor, input)).version };
  }, "Notes saved.");
}
