import { sql } from "drizzle-orm";

/** `from` for a select of scalar subqueries only: several counts asked in one statement. */
export const oneRow = sql`(values (1)) as one_row (one)`;
