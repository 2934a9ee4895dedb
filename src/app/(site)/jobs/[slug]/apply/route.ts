// POST /jobs/{slug}/apply: the application form, with or without JavaScript.
//
// Why a route handler and not a server action: the CV must be size-checked WHILE the body streams
// in. busboy is not installed, and request.formData() reads the whole body, so the body is first
// refused by its Content-Length, then piped through a counting TransformStream that errors (and
// cancels the upload) as soon as more than MAX_BODY_BYTES have arrived; only that bounded stream
// reaches the multipart parser. At most ~5.1 MB is ever held in memory. See
// docs/decisions/007-public-forms-and-cv-uploads.md.
import { getDb } from "@/db/client";
import { requestLanguage } from "@/i18n/request-language";
import { getConfig } from "@/lib/env";
import { isDomainError } from "@/lib/errors";
import { clientIpFrom } from "@/lib/request";
import { headersOutsideProxy } from "@/lib/security-headers";
import {
  APPLICATION_FORM_ERRORS,
  type ApplicationFormErrorCode,
  CV_ERRORS,
} from "@/modules/jobs/application-form-errors";
import { submitApplication } from "@/modules/jobs/job-mutations";
import { isSlug } from "@/modules/jobs/job-rules";
import { CV_MAX_BYTES } from "@/modules/jobs/job-schemas";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "@/modules/public-site/anti-spam-rules";

/** The CV plus the text fields (5 000-character letter, links) and multipart overhead. */
const MAX_BODY_BYTES = CV_MAX_BYTES + 128 * 1024;

/** The body, cut off (the upload cancelled) as soon as more than `max` bytes have arrived. */
function limitedBody(
  body: ReadableStream<Uint8Array>,
  max: number,
): { stream: ReadableStream<Uint8Array>; exceeded: () => boolean } {
  let received = 0;
  let over = false;
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > max) {
          over = true;
          controller.error(new Error("request body over the limit"));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { stream, exceeded: () => over };
}

type Failure = {
  status: number;
  code: ApplicationFormErrorCode;
  message: string;
  fieldErrors?: Record<string, string>;
  retryAfterSeconds?: number;
};

function respond(request: Request, slug: string, outcome: { ok: true } | ({ ok: false } & Failure)): Response {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  // Back to the job's page; a slug that is none (it may hold anything, even a broken character) goes to the list.
  const jobPath = isSlug(slug) ? `/jobs/${slug}` : "/jobs";
  if (outcome.ok) {
    const location = `${jobPath}?applied=1`;
    return wantsJson
      ? Response.json({ ok: true, redirect: location })
      : new Response(null, { status: 303, headers: { location } });
  }
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (outcome.retryAfterSeconds) headers["retry-after"] = String(outcome.retryAfterSeconds);
  if (wantsJson)
    return Response.json(
      {
        ok: false,
        code: outcome.code,
        message: outcome.message,
        fieldErrors: outcome.fieldErrors ?? {},
        ...(outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}),
      },
      { status: outcome.status, headers },
    );
  if (outcome.status === 404) return new Response(null, { status: 303, headers: { ...headers, location: jobPath } });
  const search = new URLSearchParams({ error: outcome.code });
  const fields = Object.keys(outcome.fieldErrors ?? {}).filter((field) => field !== "_form");
  if (fields.length > 0) search.set("fields", fields.join(","));
  const cvError = outcome.fieldErrors?.cv;
  if (cvError) search.set("cv", cvError === CV_ERRORS.type ? "type" : cvError === CV_ERRORS.size ? "size" : "missing");
  return new Response(null, { status: 303, headers: { ...headers, location: `${jobPath}?${search}#apply` } });
}

function tooLarge(): Failure {
  return {
    status: 413,
    code: "too_large",
    message: APPLICATION_FORM_ERRORS.too_large,
    fieldErrors: { cv: CV_ERRORS.size },
  };
}

/** This route skips the proxy (see its matcher), so it sets the security headers the proxy sets elsewhere. */
export async function POST(request: Request, context: { params: Promise<{ slug: string }> }) {
  const response = await apply(request, context);
  for (const [name, value] of Object.entries(headersOutsideProxy(getConfig().isProduction)))
    response.headers.set(name, value);
  return response;
}

async function apply(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES)
    return respond(request, slug, { ok: false, ...tooLarge() });
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    return respond(request, slug, {
      ok: false,
      status: 400,
      code: "unreadable",
      message: APPLICATION_FORM_ERRORS.unreadable,
    });
  }

  let form: FormData;
  const body = limitedBody(request.body, MAX_BODY_BYTES);
  try {
    form = await new Response(body.stream, { headers: { "content-type": contentType } }).formData();
  } catch {
    if (body.exceeded()) return respond(request, slug, { ok: false, ...tooLarge() });
    return respond(request, slug, {
      ok: false,
      status: 400,
      code: "unreadable",
      message: APPLICATION_FORM_ERRORS.unreadable,
    });
  }

  const file = form.get("cv");
  const cv =
    file instanceof File && file.size > 0 ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : null;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const config = getConfig();
  try {
    await submitApplication(
      getDb(),
      slug,
      {
        fields: {
          name: text("name"),
          email: text("email"),
          phone: text("phone"),
          links: form.getAll("links").filter((value): value is string => typeof value === "string"),
          coverLetter: text("coverLetter"),
          consent: text("consent"),
        },
        cv,
      },
      {
        ip: clientIpFrom(request.headers),
        formToken: text(FORM_TOKEN_FIELD),
        honeypot: text(HONEYPOT_FIELD),
        secret: config.authSecret,
        appUrl: config.appUrl,
        language: await requestLanguage().catch(() => undefined),
      },
    );
    return respond(request, slug, { ok: true });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    switch (error.kind) {
      case "not_found":
        return respond(request, slug, {
          ok: false,
          status: 404,
          code: "unreadable",
          message: "This job is no longer open for applications.",
        });
      case "rate_limited":
        return respond(request, slug, {
          ok: false,
          status: 429,
          // Valid but sent within 3 s of loading: the form sends it again after the wait.
          code: error.code === "public_form.too_fast" ? "too_fast" : "rate_limited",
          message: error.message,
          retryAfterSeconds: error.retryAfterSeconds,
        });
      case "invalid": {
        const formMessage = error.fieldErrors._form;
        const code: ApplicationFormErrorCode =
          error.code === "public_form.expired"
            ? "expired"
            : error.code === "public_form.token_invalid"
              ? "token"
              : "invalid";
        return respond(request, slug, {
          ok: false,
          status: 400,
          code,
          message: formMessage ?? error.message,
          fieldErrors: error.fieldErrors,
        });
      }
      default:
        return respond(request, slug, { ok: false, status: 400, code: "unreadable", message: error.message });
    }
  }
}
