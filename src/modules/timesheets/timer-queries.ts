import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, project, timer } from "@/db/schema";
import { instantToWallTime } from "@/modules/calls/call-rules";

/** What the shell's timer control shows; instants as ISO strings (it crosses to the browser). */
export type RunningTimer = {
  id: string;
  version: number;
  projectId: string;
  projectName: string;
  clientName: string;
  description: string;
  billable: boolean;
  startedAt: string;
  /** The start as the firm's wall-clock time, to prefill "started at". */
  startedAtWall: string;
};

/** The person's running timer, or null. One indexed row: the shell reads it on every page. */
export async function getRunningTimer(db: Executor, userId: string, timeZone: string): Promise<RunningTimer | null> {
  const [row] = await db
    .select({
      id: timer.id,
      version: timer.version,
      projectId: timer.projectId,
      projectName: project.name,
      clientName: client.name,
      description: timer.description,
      billable: timer.billable,
      startedAt: timer.startedAt,
    })
    .from(timer)
    .innerJoin(project, eq(project.id, timer.projectId))
    .innerJoin(client, eq(client.id, project.clientId))
    .where(eq(timer.userId, userId))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    description: row.description ?? "",
    startedAt: row.startedAt.toISOString(),
    startedAtWall: instantToWallTime(row.startedAt, timeZone),
  };
}
