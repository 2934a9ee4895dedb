// Inputs of the timer, shared by the shell's timer control and the actions. Browser-safe.
import { z } from "zod";
import { checkLine, versionInput } from "@/lib/input-fields";
import { isWallTime } from "@/modules/calls/call-rules";

const projectField = z.string({ error: "Choose a project." }).trim().pipe(z.uuid("Choose a project."));
const descriptionField = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").trim())
  .refine((value) => value.length <= 500, "Use at most 500 characters.")
  .superRefine(checkLine);

export const startTimerInput = z.object({
  projectId: projectField,
  description: descriptionField,
});
export type StartTimerInput = z.input<typeof startTimerInput>;

/** While it runs: the start time (the firm's wall-clock time "YYYY-MM-DDTHH:mm"), the project, the description. */
export const updateTimerInput = z.object({
  version: versionInput,
  projectId: projectField,
  description: descriptionField,
  startedAt: z
    .string({ error: "Enter when you started." })
    .trim()
    .refine(isWallTime, "Enter when you started, as a date and a time."),
});
export type UpdateTimerInput = z.input<typeof updateTimerInput>;

/** Stop or discard: the version the control shows, so a timer changed in another tab is not stopped blind. */
export const timerVersionInput = z.object({ version: versionInput });
