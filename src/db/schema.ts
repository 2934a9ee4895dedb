// The whole Drizzle schema, one file per domain under schema/. drizzle-kit and the clients read this.
export * from "./schema/auth";
export * from "./schema/audit";
export * from "./schema/calls";
export * from "./schema/clients";
export * from "./schema/invoices";
export * from "./schema/rate-limits";
export * from "./schema/settings";
export * from "./schema/timesheets";
export * from "./schema/mail";
export * from "./schema/public-site";
export * from "./schema/summaries";
export * from "./schema/api";
export * from "./schema/webhooks";
export * from "./schema/imports";
export * from "./schema/share-links";
export * from "./schema/recurring";
export * from "./schema/expenses";
