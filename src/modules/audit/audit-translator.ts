// The words of the audit log in a language: the catalog's "audit.*" messages (messages/*.json). Server
// code only (the catalogs are read from disk); the interface's language is English until people have
// their own (decision 066), the catalogs of the other languages are ready for it.
import { documentTranslator } from "@/i18n/document-language";
import type { AuditTranslator } from "./audit-words";

export function auditTranslator(language: string): AuditTranslator {
  const t = documentTranslator(language);
  // The keys are built from what the log stores (an entity, an action, a field), so they are
  // checked against the catalog with `has` before use rather than typed.
  const translate = ((key: string, values?: Record<string, string | number>) =>
    t(key as never, values as never)) as AuditTranslator;
  translate.has = (key: string) => t.has(key as never);
  return translate;
}
