// beforeSend for the browser and the server: personal data never leaves Bureau in an error report.
// GDPR art. 5(1)(c), data minimisation: a report needs the stack, not the user's cookies, form
// bodies, passwords or email addresses.
import type { DataCollection, ErrorEvent } from "@sentry/core";

/**
 * What the SDK may collect in the first place (v11 defaults collect nearly everything). scrubEvent
 * below then cleans what remains, e.g. an email address inside an exception message.
 */
export const PRIVATE_DATA_COLLECTION: DataCollection = {
  userInfo: false,
  cookies: false,
  httpHeaders: {
    request: { deny: ["cookie", "authorization", "proxy-authorization", "x-forwarded-for", "x-real-ip"] },
    response: false,
  },
  httpBodies: [],
  urlQueryParams: false,
  stackFrameVariables: false,
  databaseQueryData: false,
  queues: false,
  genAI: { inputs: false, outputs: false },
  graphQL: { document: false, variables: false },
};

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const SENSITIVE_KEY = /pass(word)?|secret|token|cookie|authori[sz]ation|session|e-?mail|phone|iban/i;
const REDACTED = "[redacted]";
const DROPPED_HEADERS = new Set([
  "cookie",
  "set-cookie",
  "authorization",
  "proxy-authorization",
  "x-forwarded-for",
  "x-real-ip",
]);

/** Replaces email addresses inside free text (messages, exception values, URLs). */
export function scrubText(text: string): string {
  return text.replace(EMAIL, "[email]");
}

/** Deep copy of a value with sensitive keys redacted and emails masked in strings; depth-limited. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return "[truncated]";
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = SENSITIVE_KEY.test(key) ? REDACTED : scrubValue(item, depth + 1);
  }
  return result;
}

function scrubUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return scrubText(url);
  return scrubText(url.slice(0, queryStart)) + "?" + scrubQuery(url.slice(queryStart + 1));
}

function scrubQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const [key = "", ...rest] = pair.split("=");
      if (rest.length === 0) return scrubText(pair);
      return SENSITIVE_KEY.test(decodeURIComponentSafe(key))
        ? `${key}=${REDACTED}`
        : `${key}=${scrubText(rest.join("="))}`;
    })
    .join("&");
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The scrubbing itself; returns the same event object, changed in place (as beforeSend may). */
export function scrubEvent<T extends ErrorEvent>(event: T): T {
  if (event.request) {
    const request = event.request;
    delete request.cookies;
    delete request.data;
    if (request.headers) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (!DROPPED_HEADERS.has(name.toLowerCase())) headers[name] = scrubText(String(value));
      }
      request.headers = headers;
    }
    if (typeof request.url === "string") request.url = scrubUrl(request.url);
    if (typeof request.query_string === "string") request.query_string = scrubQuery(request.query_string);
    else if (request.query_string)
      request.query_string = scrubValue(request.query_string) as typeof request.query_string;
  }
  if (event.user) {
    // The id is enough to find the account in Bureau; name, email and address stay home.
    event.user = event.user.id === undefined ? {} : { id: event.user.id };
  }
  if (typeof event.message === "string") event.message = scrubText(event.message);
  if (event.logentry?.message) event.logentry.message = scrubText(event.logentry.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) {
      // Local variables may hold anything the user typed.
      delete frame.vars;
    }
  }
  for (const breadcrumb of event.breadcrumbs ?? []) {
    if (breadcrumb.message) breadcrumb.message = scrubText(breadcrumb.message);
    if (breadcrumb.data) breadcrumb.data = scrubValue(breadcrumb.data) as typeof breadcrumb.data;
  }
  if (event.extra) event.extra = scrubValue(event.extra) as typeof event.extra;
  if (event.contexts) event.contexts = scrubValue(event.contexts) as typeof event.contexts;
  return event;
}
