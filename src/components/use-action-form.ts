// The client side of every form and action button: call the server action, then either show what
// went wrong (each message next to its field, the rest in the form's alert, focus on the first
// field in error) or say it worked (a toast) and refresh the page's data. The values typed stay
// in the form on failure. A toast from an earlier submission goes as soon as the user submits again.
import { zodResolver } from "@hookform/resolvers/zod";
import type * as React from "react";
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
import { CORRECT_FIELDS_MESSAGE, flattenFormErrors, splitFieldErrors } from "./form-errors";
import { type SuccessOptions, useFeedback } from "./use-action";

export { type RunOptions, type SuccessOptions, UNEXPECTED_MESSAGE, useAction, useErrorFocus } from "./use-action";

/** Whether `form` has a control for `field` that shows its own error (a hidden input shows none). */
function hasField(form: HTMLFormElement | null, field: string): boolean {
  if (!form) return true;
  const found = form.elements.namedItem(field);
  if (!found) return false;
  const elements = found instanceof RadioNodeList ? Array.from(found) : [found];
  return elements.some((element) => !(element instanceof HTMLInputElement && element.type === "hidden"));
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
