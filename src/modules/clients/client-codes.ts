// Why the clients domain (clients and their projects) refuses something: one stable code per
// reason (src/lib/rule-result.ts). API error bodies carry them and translations are keyed by them:
// never rename or reuse one for another reason; add a new one.
export const CLIENT_CODES = [
  "client.not_found",
  "client.stale",
  "client.name_taken",
  "client.restore_name_taken",
  "client.vat_number_shape",
  "client.archived_takes_no_projects",
  "client.project_not_found",
  "client.project_stale",
  "client.project_name_taken",
  "client.member_not_found",
  "client.document_language_unknown",
] as const;

export type ClientCode = (typeof CLIENT_CODES)[number];
