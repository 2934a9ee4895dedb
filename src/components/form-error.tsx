import type * as React from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { cn } from "@/lib/utils";

export type FormErrorProps = {
  /** Why the submission failed; nothing is rendered without one. */
  message?: string | null;
  /** Errors no field of the form shows next to itself. */
  details?: readonly string[];
  title?: React.ReactNode;
  id?: string;
  ref?: React.Ref<HTMLDivElement>;
  className?: string;
};

/**
 * The error of a form, at its top: announced when it appears (role="alert"), and focusable, so a
 * failure that no field explains is where the focus goes.
 */
export function FormError({ message, details = [], title, id, ref, className }: FormErrorProps) {
  if (!message) return null;
  return (
    <Alert
      ref={ref}
      id={id}
      tabIndex={-1}
      variant="destructive"
      className={cn("scroll-mt-4 outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      <AlertDescription>
        <p>{message}</p>
        {details.length > 0 ? (
          <ul className="list-disc pl-5">
            {details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/**
 * Moves the focus to the first field in error (aria-invalid) of `container`, in the page's order
 * (a form's own controls include those tied to it by `form=`), else to `fallback` (its alert).
 */
export function focusFirstError(container: HTMLElement | null, fallback: HTMLElement | null): void {
  const candidates =
    container instanceof HTMLFormElement
      ? Array.from(container.elements)
      : Array.from(container?.querySelectorAll("[aria-invalid='true']") ?? []);
  const target = candidates.find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      element.getAttribute("aria-invalid") === "true" &&
      !element.hasAttribute("disabled"),
  );
  (target ?? fallback)?.focus();
}
