// The client side of every action button and hand-made form: call the server action, then either
// show what went wrong (in the form's alert, focus on the first field in error, or a toast) or say
// it worked (a toast) and refresh the page's data. use-action-form.ts adds react-hook-form and the
// shared schema for the forms; this module imports neither, so a page whose only action is a
// button (the shell's timer, on every back-office page) does not send them to the browser.
import { unstable_rethrow, useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import type { ActionResult } from "@/lib/action";
import { useTextTranslator } from "@/i18n/use-texts";
import { reportBrowserError } from "@/modules/monitoring/sentry-browser";
import { type FormErrorProps, focusFirstError } from "./form-error";
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
export function useFeedback() {
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
