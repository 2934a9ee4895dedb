import { forbidden, notFound } from "next/navigation";
import { ForbiddenError, NotFoundError } from "./errors";

/**
 * Pages: what `work` loads, or the 404 page for a NotFoundError and the 403 page for a
 * ForbiddenError, shown inside the area's shell; route handlers answer the same errors with the
 * same statuses. Any other error reaches the error boundary.
 */
export async function orErrorPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    if (error instanceof ForbiddenError) forbidden();
    throw error;
  }
}
