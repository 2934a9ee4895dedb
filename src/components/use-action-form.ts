// The client side of every form and action button: call the server action, then either show what
// went wrong (each message next to its field, the rest in the form's alert, focus on the first
// field in error) or say it worked (a toast) and refresh the page's data. The values typed stay
// in the form on failure. A toast from an earlier submission goes as soon as the user submits again.
import { zodResolver } from "@hookform/resolvers/zod";
import { unstable_rethrow, useRouter } from "next/navigation";
import type * as React from "react";
import { useEffect, useId, useRef, useState } from "react";
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import type { ActionResult } from "@/lib/action";
import { useTextTranslator } from "@/i18n/use-texts";
import { reportBrowserError } from "@/modules/monitoring/sentry-browser";
import { type FormErrorProps, focusFirstError } from "./form-error";
import { CORRECT_FIELDS_MESSAGE, flattenFormErrors, splitFieldErrors } from "./form-errors";
import { clearToasts, showToast } from "./toasts";

export type SuccessOptions<T> = {
  /** The toast when the result brings no message of its own. */
  success?: string | ((data: T) => string);
  /** After the toast, before the refresh: close the dialog, reset the form, go to the new record… */
  onSuccess?: (data: T) => void;
  /** Refresh the page's server data (the default); `false` when `onSuccess` leaves the page. */
  refresh?: boolean;
};

type Failure = { message: string; details: readonly string[] };

/** The action threw (the server is down, or a bug): the form keeps everything and says so. */
export const UNEXPECTED_MESSAGE =
  "Bureau could not do this just now. What you entered is still here; please try again in a moment.";

/** Whether `form` has a control for `field` that shows its own error (a hidden input shows none). */
function hasField(form: HTMLFormElement | null, field: string): boolean {
  if (!form) return true;
  const found = form.elements.namedItem(field);
  if (!found) return false;
  const elements = found instanceof RadioNodeList ? Array.from(found) : [found];
  return elements.some((element) => !(element instanceof HTMLInputElement && element.type === "hidden"));
}

/**
 * Focus after a failure: `requestFocus(container)` with the state that shows the errors; once they
 * are rendered, the first field in error of the container takes the focus, else the alert.
 */
export function useErrorFocus() {
  const alertRef = useRef<HTMLDivElement>(null);
  const [request, setRequest] = useState<{ container: HTMLElement | null } | null>(null);
  useEffect(() => {
    if (request) focusFirstError(request.container, alertRef.current);
  }, [request]);
  return { alertRef, requestFocus: (container: HTMLElement | null) => setRequest({ container }) };
}

/** The alert, the focus after a failure, the toasts and the refresh, shared by both hooks. */
function useFeedback() {
  const router = useRouter();
  const id = useId();
  const { alertRef, requestFocus } = useErrorFocus();
  const [failure, setFailure] = useState<Failure | null>(null);
  // Sentences of the shared schemas and the fixed ones here, in the page's language (decision 067).
  const translate = useTextTranslator();

  const formError: FormErrorProps = {
    id: `${id}-error`,
    ref: alertRef,
    message: failure?.message ? translate(failure.message) : null,
    details: (failure?.details ?? []).map(translate),
  };

  return {
    formError,
    start() {
      clearToasts();
      setFailure(null);
    },
    clear() {
      setFailure(null);
    },
    translate,
    fail(next: Failure, container: HTMLElement | null) {
      setFailure(next);
      requestFocus(container);
    },
    succeed<T>(result: { message?: string; data: T }, options: SuccessOptions<T>, leaving: Element | null) {
      const fallback = typeof options.success === "function" ? options.success(result.data) : options.success;
      showToast("success", translate(result.message ?? fallback ?? "Saved."), { leaving });
      options.onSuccess?.(result.data);
      if (options.refresh !== false) router.refresh();
    },
    /** The action's result; null when the action answered nothing (it redirected). */
    async call<T>(work: () => Promise<ActionResult<T>>): Promise<ActionResult<T> | null> {
      try {
        return (await work()) ?? null;
      } catch (error) {
        unstable_rethrow(error);
        console.error(error);
        reportBrowserError(error instanceof Error ? error : new Error(String(error)));
        return { ok: false, message: UNEXPECTED_MESSAGE };
      }
    },
  };
}

/** Translates, in place, the `message` of every error of a react-hook-form errors tree (never its DOM `ref`). */
function translateErrors(node: unknown, translate: (text: string) => string): void {
  if (!node || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === "ref") continue;
    if (key === "message" && typeof value === "string") record.message = translate(value);
    else translateErrors(value, translate);
  }
}

export type UseActionFormOptions<V extends FieldValues> = Omit<UseFormProps<V>, "resolver"> & {
  /** The schema the action parses with: the form checks the same before sending. */
  schema: z.ZodType<unknown, FieldValues>;
};

/**
 * A react-hook-form form whose submission goes to a server action:
 *
 *     const { form, submit, formError } = useActionForm<Values>({ schema: createUserInput, defaultValues });
 *     <form onSubmit={submit(createUserAction, { success: "User created.", onSuccess: close })} noValidate>
 *       <FormError {...formError} />
 */
export function useActionForm<V extends FieldValues>({ schema, ...options }: UseActionFormOptions<V>) {
  const translate = useTextTranslator();
  // raw: the action parses again, so it receives what was typed, not the parsed output.
  const resolve = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<V>;
  const form = useForm<V>({
    ...options,
    // The schema's sentences are English; each field's message is shown in the page's language.
    resolver: async (values, context, resolverOptions) => {
      const result = await resolve(values, context, resolverOptions);
      translateErrors(result.errors, translate);
      return result;
    },
    // Focus goes to the first field in error in the page's order (useFeedback), not in registration order.
    shouldFocusError: false,
  });
  const feedback = useFeedback();

  /**
   * The form's submit handler: checks the values with the schema, sends them to `run`, and shows
   * the outcome. `run` may also refuse without asking the server, with a result of its own.
   */
  function submit<T>(run: (values: V) => Promise<ActionResult<T>>, options: SuccessOptions<T> = {}) {
    return async (event?: React.BaseSyntheticEvent) => {
      const element = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
      feedback.start();
      const refusal: { errors?: FieldErrors<V> } = {};
      await form.handleSubmit(
        async (values) => {
          const result = await feedback.call(() => run(values));
          if (!result) return;
          if (result.ok) return feedback.succeed(result, options, element?.closest("[role=dialog]") ?? null);
          const { shown, unshown } = splitFieldErrors(result.fieldErrors, (field) => hasField(element, field));
          for (const [field, message] of shown) form.setError(field as FieldPath<V>, { type: "server", message });
          feedback.fail({ message: result.message, details: unshown }, element);
        },
        (errors) => {
          refusal.errors = errors;
        },
      )(event);
      // The browser's own refusal is said once react-hook-form has shown the fields' errors (it
      // does after onInvalid), so the focus finds the first of them.
      if (refusal.errors) {
        const { unshown } = splitFieldErrors(flattenFormErrors(refusal.errors), (field) => hasField(element, field));
        feedback.fail({ message: CORRECT_FIELDS_MESSAGE, details: unshown }, element);
      }
    };
  }

  return { form, submit, formError: feedback.formError, clearError: feedback.clear };
}

export type RunOptions<T> = SuccessOptions<T> & {
  /** Say a refusal in a toast: a lone button has no form to show it in. */
  errorToast?: boolean;
  /** Where the fields of a hand-made form are, to focus the first one in error. */
  container?: HTMLElement | null;
  /** A failed result, before the alert shows: a hand-made form puts its field errors in place. */
  onError?: (result: Extract<ActionResult<T>, { ok: false }>) => void;
};

/**
 * A server action behind a button, or behind a form that keeps its own state (the timesheet grid):
 * the same toasts, alert, focus and refresh as useActionForm.
 */
export function useAction() {
  const feedback = useFeedback();
  const [pending, setPending] = useState(false);

  async function run<T>(work: () => Promise<ActionResult<T>>, options: RunOptions<T> = {}) {
    // The button just pressed; a dialog around it closes on success, so the toast may cover it.
    const leaving = document.activeElement?.closest("[role=dialog]") ?? null;
    feedback.start();
    setPending(true);
    const result = await feedback.call(work);
    setPending(false);
    if (!result) return null;
    if (result.ok) {
      feedback.succeed(result, options, leaving);
      return result;
    }
    options.onError?.(result);
    if (options.errorToast) showToast("error", feedback.translate(result.message));
    else feedback.fail({ message: result.message, details: [] }, options.container ?? null);
    return result;
  }

  /** A refusal found before asking the server (the browser checked with the shared schema). */
  function fail(message: string, container: HTMLElement | null = null) {
    feedback.start();
    feedback.fail({ message, details: [] }, container);
  }

  return { pending, run, fail, formError: feedback.formError, clearError: feedback.clear };
}
