import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditTranslator } from "./audit-translator";
import {
  type AuditEventLike,
  type AuditReference,
  type AuditWords,
  describeAuditEvent,
  referencesOf,
} from "./audit-words";

const CLIENT = "0190a1b2-0000-7000-8000-000000000001";
const INVOICE = "0190a1b2-0000-7000-8000-000000000002";
const DRAFT = "0190a1b2-0000-7000-8000-000000000003";
const PERSON = "0190a1b2-0000-7000-8000-000000000004";
const SHEET = "0190a1b2-0000-7000-8000-000000000005";
const PROJECT = "0190a1b2-0000-7000-8000-000000000006";
const GONE = "0190a1b2-0000-7000-8000-0000000000ff";

const references = new Map<string, AuditReference>([
  [CLIENT, { name: "Acme SARL", currency: "EUR" }],
  [INVOICE, { name: "2026-0012", client: "Acme SARL", currency: "EUR" }],
  [DRAFT, { name: null, client: "Acme SARL", currency: "USD" }],
  [PERSON, { name: "Ann Lee" }],
  [SHEET, { name: "Ann Lee", week: "2026-11-23" }],
  [PROJECT, { name: "Website", currency: "EUR" }],
]);

function wordsIn(language: string, locale = "en-GB"): AuditWords {
  return { t: auditTranslator(language), locale, timeZone: "Europe/Paris", currency: "EUR", references };
}
const english = wordsIn("en");

function describe_(event: Partial<AuditEventLike> & Pick<AuditEventLike, "entity" | "action">, words = english) {
  return describeAuditEvent({ entityId: null, summary: {}, ...event }, words);
}

// ---------------------------------------------------------------------------------------------
// Every kind of event the code writes, read from the code itself: a new recordAudit call whose
// entity and action have no words in the catalog fails here.

const SOURCE = path.join(process.cwd(), "src");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The argument list of each recordAudit(...) call in a file. */
function auditCalls(text: string): string[] {
  const calls: string[] = [];
  for (let at = text.indexOf("recordAudit("); at !== -1; at = text.indexOf("recordAudit(", at + 1)) {
    let depth = 1;
    let end = at + "recordAudit(".length;
    while (depth > 0 && end < text.length) {
      if (text[end] === "(") depth += 1;
      if (text[end] === ")") depth -= 1;
      end += 1;
    }
    calls.push(text.slice(at + "recordAudit(".length, end - 1));
  }
  return calls;
}

/** The literal values of an expression: "x", or both branches of a ternary `c ? "x" : "y"`. */
function literals(expression: string): string[] {
  const ternary = /\?\s*"([a-z_]+)"\s*:\s*"([a-z_]+)"/.exec(expression);
  if (ternary) return [ternary[1]!, ternary[2]!];
  const single = /^"([a-z_]+)"$/.exec(expression.trim());
  return single ? [single[1]!] : [];
}

/**
 * The values of the calls whose entity or action is a variable, from where those variables come
 * from. A new variable call fails the test below until it is listed here.
 */
const VARIABLE_VALUES: Record<string, string[]> = {
  // job-mutations.ts: jobTransitionInput's transitions.
  transition: ["publish", "close", "reopen"],
  // recurring-mutations.ts: RECURRING_STATE_CHANGES.
  "values.to": ["pause", "resume", "archive"],
  // call-mutations.ts, rescheduleCall.
  "call-mutations.ts action": ["schedule", "reschedule"],
  // expense-mutations.ts, decide(): approveExpense, rejectExpense, reopenExpense.
  "expense-mutations.ts action": ["approve", "reject", "reopen"],
  // share-link-mutations.ts issueShareLink, share-link-queries.ts openSharedDocument: the document's kind.
  "values.document.entity": ["invoice", "quote"],
  "share-link-queries.ts documentEntity": ["invoice", "quote"],
  // quote-mutations.ts, decideLocked(): the client's answer.
  "quote-mutations.ts status": ["accepted", "declined"],
  // retention-mutations.ts: the callers' purges (jobs, messages).
  "purge.entity": ["application", "message"],
};

function sectionActions(files: Map<string, string>): string[] {
  // settings-section-mutations.ts: updateSection(db, actor, "update_…", …) wherever it is called.
  return [...files.values()].flatMap((text) =>
    [...text.matchAll(/updateSection\(db, actor, "([a-z_]+)"/g)].map((match) => match[1]!),
  );
}

function eventKindsInCode(): { kinds: Set<string>; unknown: string[] } {
  const files = new Map(sourceFiles(SOURCE).map((file) => [file, readFileSync(file, "utf8")]));
  const kinds = new Set<string>();
  const unknown: string[] = [];
  for (const [file, text] of files) {
    if (file.endsWith(path.join("audit", "audit-log.ts"))) continue;
    for (const call of auditCalls(text)) {
      const entityExpression = /entity:\s*([^,\n]+)/.exec(call)?.[1]?.trim() ?? "";
      const actionMatch = /action(?::\s*([^,\n}]+))?\s*[,\n}]/.exec(call);
      const actionExpression = actionMatch ? (actionMatch[1]?.trim() ?? "action") : "";
      const base = path.basename(file);
      const resolve = (expression: string) =>
        literals(expression).length > 0
          ? literals(expression)
          : (VARIABLE_VALUES[expression] ??
            VARIABLE_VALUES[`${base} ${expression}`] ??
            (base === "settings-section-mutations.ts" && expression === "action" ? sectionActions(files) : null));
      const entities = resolve(entityExpression);
      const actions = resolve(actionExpression);
      if (!entities || !actions || entities.length === 0 || actions.length === 0) {
        unknown.push(`${base}: entity ${entityExpression}, action ${actionExpression}`);
        continue;
      }
      for (const entity of entities) for (const action of actions) kinds.add(`${entity}.${action}`);
    }
  }
  return { kinds, unknown };
}

describe("every kind of audit event has words", () => {
  const { kinds, unknown } = eventKindsInCode();

  it("finds the kinds the code writes, and knows where each variable one comes from", () => {
    expect(unknown).toEqual([]);
    expect(kinds.size).toBeGreaterThan(90);
    // Written as pairs: a quoted "settings.…" string would read as a refusal code (refusal-codes.test.ts).
    const expected = [
      ["invoice", "issue"],
      ["settings", "update_webhooks"],
      ["job", "publish"],
      ["recurring_invoice", "pause"],
    ];
    for (const [entity, action] of expected) expect(kinds).toContain(`${entity}.${action}`);
  });

  it.each(["en", "fr", "de"])("the %s catalog has a sentence for each, and each reads without codes", (language) => {
    const t = auditTranslator(language);
    const missing = [...kinds].filter((kind) => !t.has(`audit.events.${kind}`));
    expect(missing).toEqual([]);
    for (const kind of kinds) {
      const [entity, action] = kind.split(".") as [string, string];
      const { sentence } = describe_(
        { entity, action, entityId: CLIENT, summary: { name: "Acme" } },
        wordsIn(language),
      );
      expect(sentence, kind).not.toMatch(/[{}_]/);
      expect(sentence.length, kind).toBeGreaterThan(3);
    }
  });

  it("an entity of the log has its word in each catalog", () => {
    for (const language of ["en", "fr", "de"]) {
      const t = auditTranslator(language);
      for (const entity of new Set([...kinds].map((kind) => kind.split(".")[0]!)))
        expect(t.has(`audit.entities.${entity}`), `${language} ${entity}`).toBe(true);
    }
  });
});

describe("an audit event in words", () => {
  it("an issued invoice: its number, its total as money in its currency", () => {
    const described = describe_({
      entity: "invoice",
      action: "issue",
      entityId: INVOICE,
      summary: { number: "2026-0012", issueDate: "2026-11-26", total: 1414620, currency: "EUR" },
    });
    expect(described.entity).toBe("Invoice");
    expect(described.record).toBe("2026-0012");
    expect(described.sentence).toBe("Issued 2026-0012");
    expect(described.details).toEqual(["Number: 2026-0012", "Issue date: 26 Nov 2026", "Total: €14,146.20"]);
    expect(described.details.join(" ")).not.toContain("1414620");
  });

  it("a draft is named by its client, its amounts in the invoice's currency", () => {
    const described = describe_({
      entity: "invoice",
      action: "update",
      entityId: DRAFT,
      summary: { lines: 2, total: { from: 10000, to: 12550 } },
    });
    expect(described.sentence).toBe("Edited draft for Acme SARL");
    expect(described.details).toEqual(["Lines: 2", "Total: US$100.00 → US$125.50"]);
  });

  it("states as words, not JSON", () => {
    const described = describe_({
      entity: "call",
      action: "cancel",
      entityId: GONE,
      summary: { from: "scheduled", to: "cancelled" },
    });
    expect(described.details).toEqual(["Status: scheduled → cancelled"]);
    const credited = describe_({
      entity: "invoice",
      action: "credited",
      entityId: INVOICE,
      summary: { creditNote: "CN-2026-0001", amount: 5000, status: { from: "issued", to: "cancelled" } },
    });
    expect(credited.details).toEqual(["Credit note: CN-2026-0001", "Amount: €50.00", "Status: issued → cancelled"]);
    expect(credited.details.join(" ")).not.toMatch(/[{}"]/);
  });

  it("kinds as words", () => {
    const described = describe_({
      entity: "invoice",
      action: "create",
      entityId: DRAFT,
      summary: { kind: "credit_note", credits: "2026-0012", mode: "partial" },
    });
    expect(described.details).toEqual(["Kind: credit note", "Credits: 2026-0012", "Mode: partial"]);
  });

  it("durations as hours; a call's as minutes or hours", () => {
    const week = describe_({
      entity: "timesheet",
      action: "submit",
      entityId: SHEET,
      summary: { weekStart: "2026-11-23", entries: 5, minutes: 2250 },
    });
    expect(week.sentence).toBe("Submitted timesheet Ann Lee, week of 23 Nov 2026");
    expect(week.details).toEqual(["Week of: 23 Nov 2026", "Entries: 5", "Time: 37.5 h"]);
    const call = describe_({
      entity: "call",
      action: "complete",
      entityId: GONE,
      summary: { from: "scheduled", to: "completed", durationSeconds: 900 },
    });
    expect(call.details).toEqual(["Status: scheduled → completed", "Duration: 15 min"]);
    const timer = describe_({
      entity: "timer",
      action: "stop",
      summary: { projectId: PROJECT, parts: [{ date: "2026-11-23", minutes: 45, timesheetId: SHEET }] },
    });
    expect(timer.details).toEqual(["Project: Website", "Time: 0.75 h"]);
  });

  it("records by their name instead of ids; a record gone says so", () => {
    const described = describe_({
      entity: "project",
      action: "create",
      entityId: PROJECT,
      summary: { clientId: CLIENT, name: "Website", hourlyRate: 9000, memberIds: [PERSON, GONE] },
    });
    expect(described.sentence).toBe("Created project Website");
    expect(described.details).toEqual([
      "Client: Acme SARL",
      "Name: Website",
      "Hourly rate: €90.00",
      "Members: Ann Lee, (deleted)",
    ]);
    expect(described.details.join(" ")).not.toMatch(/[0-9a-f]{8}-/);
    const gone = describe_({ entity: "client", action: "archive", entityId: GONE, summary: { name: "Old Co" } });
    expect(gone.sentence).toBe("Archived client Old Co");
  });

  it("technical ids are left out; who acted is said", () => {
    const described = describeAuditEvent(
      {
        entity: "invoice",
        entityId: INVOICE,
        action: "email_sent",
        actorName: "Ann Lee",
        summary: { number: "2026-0012", to: ["billing@acme.test"], cc: [], subject: "Invoice", emailId: GONE },
      },
      english,
    );
    expect(described.details).toEqual(["Number: 2026-0012", "To: billing@acme.test", "Cc: none", "Subject: Invoice"]);
    expect(described.by).toBe("by Ann Lee");
    expect(describe_({ entity: "invoice", action: "issue", entityId: INVOICE }).by).toBe("by Bureau");
  });

  it("the settings: money fields as money, structured ones said changed, long texts named", () => {
    const described = describe_({
      entity: "settings",
      action: "update",
      summary: {
        changes: {
          firmName: { from: "Old", to: "New" },
          defaultHourlyRate: { from: null, to: 12000 },
          taxRates: { from: [{ label: "20 %" }], to: [{ label: "21 %" }] },
          setupCompleted: { from: false, to: true },
        },
      },
    });
    expect(described.record).toBeNull();
    expect(described.sentence).toBe("Changed the settings");
    expect(described.details).toEqual([
      "Firm name: Old → New",
      "Default hourly rate: none → €120.00",
      "VAT rates changed",
      "Setup completed: no → yes",
    ]);
    const pages = describe_({
      entity: "settings",
      action: "update_public_pages",
      summary: { changes: {}, texts: ["homeText", "legalNotice"] },
    });
    expect(pages.details).toEqual(["Texts changed: Home text, Legal notice"]);
  });

  it("an unknown kind still reads sensibly", () => {
    const described = describe_({
      entity: "widget_box",
      action: "polish_all",
      entityId: GONE,
      summary: { name: "W-1", weight_kg: 3, status: "shiny_new" },
    });
    expect(described.entity).toBe("Widget box");
    expect(described.sentence).toBe("Widget box W-1: Polish all");
    expect(described.details).toEqual(["Name: W-1", "Weight kg: 3", "Status: shiny_new"]);
  });

  it("in French, with French formats", () => {
    const described = describe_(
      {
        entity: "invoice",
        action: "payment_recorded",
        entityId: INVOICE,
        summary: {
          amount: 123456,
          date: "2026-11-26",
          method: "bank_transfer",
          status: { from: "issued", to: "paid" },
        },
      },
      wordsIn("fr", "fr-FR"),
    );
    expect(described.sentence).toBe("Paiement enregistré sur 2026-0012");
    expect(described.details.map((line) => line.replace(/\s/g, " "))).toEqual([
      "Montant : 1 234,56 €",
      "Date : 26 nov. 2026",
      "Moyen : virement",
      "Statut : émise → payée",
    ]);
  });

  it("lists the records an event names, for the one read that names them", () => {
    expect(
      referencesOf({
        entity: "project",
        entityId: PROJECT,
        action: "update",
        summary: { changes: { clientId: { from: CLIENT, to: GONE } }, membersAdded: [PERSON] },
      }),
    ).toEqual([
      { table: "project", id: PROJECT },
      { table: "client", id: CLIENT },
      { table: "client", id: GONE },
      { table: "user", id: PERSON },
    ]);
  });
});
