// An audit event in people's words (issue 22 item 4): "Issued 2026-0012", "Total: €14,146.20",
// "Status: issued → paid", "Time: 7.5 h", records by their name or number. Pure: the caller gives the
// translator of the viewer's language (messages/*.json, "audit.*"), the formats and the records the
// event names, read beforehand in one go (audit-references.ts). No database, no React.
import { formatDate, formatDateTime } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { numberFormat } from "@/lib/intl-cache";

/** The event as the audit log stores it. */
export type AuditEventLike = {
  entity: string;
  entityId: string | null;
  action: string;
  summary: Record<string, unknown>;
  /** Who acted: a person's name, or null/absent for Bureau itself. */
  actorName?: string | null;
};

/** The tables an event's ids point into, for the reader that names them. */
export type ReferenceTable =
  | "user"
  | "client"
  | "project"
  | "invoice"
  | "recurring_invoice"
  | "timesheet"
  | "call"
  | "job"
  | "application"
  | "message"
  | "email"
  | "webhook_endpoint"
  | "api_token"
  | "expense";

/** What is known of a record an event names: enough to write its name, and its currency. */
export type AuditReference = {
  /** A name, a number, a title, an address: how people call it. Null for a draft invoice. */
  name: string | null;
  /** A draft invoice's client; a timesheet's owner is its name. */
  client?: string | null;
  /** A timesheet's week (its Monday). */
  week?: string | null;
  currency?: string | null;
};

/** A message lookup in the viewer's language; `has` tells whether the catalog holds the key. */
export type AuditTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

export type AuditWords = {
  t: AuditTranslator;
  locale: string;
  timeZone: string;
  /** The firm's currency: amounts whose own currency is not known. */
  currency: string;
  references: ReadonlyMap<string, AuditReference>;
};

export type AuditDescription = {
  /** The kind of record, as a word ("Invoice"). */
  entity: string;
  /** The record's name or number, null when it has none (the settings). */
  record: string | null;
  /** What was done, as a sentence ("Issued 2026-0012"). */
  sentence: string;
  /** The figures and changes, one line each ("Total: €1,200.00", "Status: issued → paid"). */
  details: string[];
  /** Who did it ("by Ann Lee"; "by Bureau" for the system). */
  by: string;
};

/** The entity each entity name of the log is a row of. */
const ENTITY_TABLES: Record<string, ReferenceTable> = {
  user: "user",
  client: "client",
  project: "project",
  invoice: "invoice",
  recurring_invoice: "recurring_invoice",
  timesheet: "timesheet",
  call: "call",
  job: "job",
  application: "application",
  message: "message",
  email: "email",
  webhook_endpoint: "webhook_endpoint",
  api_token: "api_token",
  expense: "expense",
};

/** Summary fields holding ids, and the table they point into: written as the record's name. */
const REFERENCE_FIELDS: Record<string, ReferenceTable> = {
  clientId: "client",
  projectId: "project",
  userId: "user",
  owner: "user",
  assignedUserId: "user",
  memberIds: "user",
  membersAdded: "user",
  membersRemoved: "user",
  invoiceId: "invoice",
  creditNoteId: "invoice",
  timesheetId: "timesheet",
  jobId: "job",
  callId: "call",
  followsUp: "call",
  followUpCallId: "call",
};

/** Summary fields holding an amount in minor units. */
const MONEY_FIELDS = new Set([
  "total",
  "amount",
  "hourlyRate",
  "defaultHourlyRate",
  "costRate",
  "firmRate",
  "budgetAmount",
]);
/** Summary fields holding minutes, written as hours. */
const MINUTE_FIELDS = new Set(["minutes", "budgetMinutes"]);
/** Summary fields holding seconds (a call's duration). */
const SECOND_FIELDS = new Set(["durationSeconds"]);
/** Summary fields holding a state, a kind or another code, written as a word ("credit note"). */
const WORD_FIELDS = new Set([
  "status",
  "from",
  "to",
  "kind",
  "method",
  "mode",
  "frequency",
  "role",
  "direction",
  "outcome",
  "previousOutcome",
  "budgetPeriod",
  "receipt",
]);
/**
 * Summary fields that mean nothing to a reader: technical ids (a mail's, a delivery's, a link's),
 * the currency (said by the amounts), the name the sentence already gives.
 */
const HIDDEN_FIELDS = new Set([
  "entryId",
  "timeEntryId",
  "linkId",
  "emailId",
  "replyId",
  "deliveryId",
  "eventId",
  "currency",
]);

function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  isRecord(value) && "from" in value && "to" in value && Object.keys(value).length === 2;

/** The ids an event names, with the table each points into: what the reader must name. */
export function referencesOf(event: AuditEventLike): { table: ReferenceTable; id: string }[] {
  const found: { table: ReferenceTable; id: string }[] = [];
  const table = ENTITY_TABLES[event.entity];
  if (table && event.entityId) found.push({ table, id: event.entityId });
  const visit = (field: string, value: unknown) => {
    const target = REFERENCE_FIELDS[field];
    if (!target) return;
    for (const item of Array.isArray(value) ? value : isChange(value) ? [value.from, value.to] : [value])
      if (typeof item === "string" && item) found.push({ table: target, id: item });
  };
  for (const [field, value] of Object.entries(event.summary)) {
    if (field === "changes" && isRecord(value)) {
      for (const [changed, change] of Object.entries(value)) visit(changed, change);
    } else visit(field, value);
  }
  return found;
}

/** The words of a catalog key, or null when the catalog has none (an event kind without words). */
function optional(t: AuditTranslator, key: string, values?: Record<string, string | number>): string | null {
  return t.has(key) ? t(key, values) : null;
}

export function entityWord(t: AuditTranslator, entity: string): string {
  return optional(t, `audit.entities.${entity}`) ?? humanize(entity);
}

function fieldWord(t: AuditTranslator, field: string): string {
  return optional(t, `audit.fields.${field}`) ?? humanize(field);
}

function hours(minutes: number, words: AuditWords): string {
  const figure = numberFormat(words.locale, { maximumFractionDigits: 2 }).format(minutes / 60);
  return words.t("audit.hours", { hours: figure });
}

function duration(seconds: number, words: AuditWords): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 60
    ? words.t("audit.minutesShort", { minutes: numberFormat(words.locale).format(minutes) })
    : hours(minutes, words);
}

/** A record's name from what the reader found, else what the event itself wrote of it. */
function nameOf(table: ReferenceTable, id: string, words: AuditWords): string | null {
  const found = words.references.get(id);
  if (!found) return null;
  if (table === "timesheet" && found.name && found.week)
    return words.t("audit.timesheetOf", {
      name: found.name,
      week: formatDate(found.week, words.locale, words.timeZone),
    });
  if (table === "invoice" && !found.name)
    return found.client ? words.t("audit.draftFor", { client: found.client }) : words.t("audit.draft");
  return found.name;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value of the summary in words, by what its field holds. */
function valueWords(field: string, value: unknown, currency: string, words: AuditWords): string {
  const { t } = words;
  if (value === null || value === undefined || value === "") return t("audit.none");
  const table = REFERENCE_FIELDS[field];
  if (table) {
    const ids = Array.isArray(value) ? value : [value];
    if (ids.length === 0) return t("audit.none");
    return ids
      .map((id) => (typeof id === "string" ? (nameOf(table, id, words) ?? t("audit.deletedRecord")) : String(id)))
      .join(", ");
  }
  if (typeof value === "number") {
    if (MONEY_FIELDS.has(field) && Number.isSafeInteger(value)) return formatMoney(value, currency, words.locale);
    if (MINUTE_FIELDS.has(field)) return hours(value, words);
    if (SECOND_FIELDS.has(field)) return duration(value, words);
    return numberFormat(words.locale).format(value);
  }
  if (typeof value === "boolean") return t(value ? "audit.yes" : "audit.no");
  if (typeof value === "string") {
    if (WORD_FIELDS.has(field)) return optional(t, `audit.values.${value}`) ?? value;
    if (DATE.test(value)) return formatDate(value, words.locale, words.timeZone);
    if (TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)))
      return formatDateTime(new Date(value), words.locale, words.timeZone);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === "string")) return value.length ? value.join(", ") : t("audit.none");
    // A timer's parts, one per day: their time together.
    if (value.every((item) => isRecord(item) && typeof item.minutes === "number"))
      return hours(
        value.reduce((sum: number, item) => sum + (item as { minutes: number }).minutes, 0),
        words,
      );
    return t("audit.items", { count: value.length });
  }
  return t("audit.items", { count: Object.keys(value as object).length });
}

/** One line for a field: "Total: €1.00", "Status: issued → paid", "VAT rates changed". */
function detailLine(field: string, value: unknown, currency: string, words: AuditWords): string | null {
  if (HIDDEN_FIELDS.has(field)) return null;
  const { t } = words;
  if (field === "texts" && Array.isArray(value)) {
    if (value.length === 0) return null;
    return t("audit.detail", {
      field: fieldWord(t, field),
      value: value.map((text) => fieldWord(t, String(text))).join(", "),
    });
  }
  if (isChange(value)) {
    const structured = [value.from, value.to].some((side) => typeof side === "object" && side !== null);
    if (structured && !REFERENCE_FIELDS[field]) return t("audit.changed", { field: fieldWord(t, field) });
    return t("audit.change", {
      field: fieldWord(t, field),
      from: valueWords(field, value.from, currency, words),
      to: valueWords(field, value.to, currency, words),
    });
  }
  return t("audit.detail", { field: fieldWord(t, field), value: valueWords(field, value, currency, words) });
}

/** The event in the viewer's words: what kind of record, which one, what was done, the figures. */
export function describeAuditEvent(event: AuditEventLike, words: AuditWords): AuditDescription {
  const { t } = words;
  const summary = isRecord(event.summary) ? event.summary : {};
  const table = ENTITY_TABLES[event.entity];
  const own = table && event.entityId ? words.references.get(event.entityId) : undefined;
  const written = [summary.number, summary.name, summary.title, summary.contactName, summary.subject, summary.url]
    .concat(summary.email)
    .find((value): value is string => typeof value === "string" && value !== "");
  const record =
    table && event.entityId
      ? (nameOf(table, event.entityId, words) ?? written ?? t("audit.deletedRecord"))
      : (written ?? null);
  const entity = entityWord(t, event.entity);
  const sentence =
    optional(t, `audit.events.${event.entity}.${event.action}`, { record: record ?? entity }) ??
    t("audit.unknownEvent", { entity: record ? `${entity} ${record}` : entity, action: humanize(event.action) });
  const currency =
    (typeof summary.currency === "string" && summary.currency) ||
    own?.currency ||
    (typeof summary.clientId === "string" ? words.references.get(summary.clientId)?.currency : null) ||
    words.currency;
  const details: string[] = [];
  // A transition writes { from, to } at the top: one line, "Status: issued → cancelled". A setting
  // changed as a whole (the timesheet reminder) is said by the sentence alone.
  const { from, to, ...rest } = summary;
  const transition = "from" in summary && "to" in summary;
  if (transition && typeof from === "string" && typeof to === "string")
    details.push(detailLine("status", { from, to }, currency, words)!);
  for (const [field, value] of Object.entries(transition ? rest : summary)) {
    if (field === "changes" && isRecord(value)) {
      for (const [changed, change] of Object.entries(value)) {
        const line = detailLine(changed, change, currency, words);
        if (line) details.push(line);
      }
      continue;
    }
    const line = detailLine(field, value, currency, words);
    if (line) details.push(line);
  }
  const by = t("audit.by", { name: event.actorName ?? t("audit.system") });
  return { entity, record, sentence, details, by };
}
