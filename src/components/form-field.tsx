import type * as React from "react";

import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** The id of a field's error message; set it in the control's `aria-describedby`. */
export function fieldErrorId(name: string) {
  return `${name}-error`;
}

/** The id of a field's description (hint text). */
export function fieldDescriptionId(name: string) {
  return `${name}-description`;
}

/**
 * The accessibility props a control needs to be tied to its description and error
 * (WCAG 3.3.1, 1.3.1): spread them on the input, e.g. `<Input {...fieldAria("email", { error })} />`.
 */
export function fieldAria(name: string, { error, description }: { error?: string; description?: boolean } = {}) {
  const describedBy = [description ? fieldDescriptionId(name) : null, error ? fieldErrorId(name) : null]
    .filter(Boolean)
    .join(" ");
  return {
    id: name,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": error ? true : undefined,
  } as const;
}

export type FormFieldProps = {
  label: React.ReactNode;
  /** The control's id; the error and description ids are derived from it. */
  htmlFor: string;
  error?: string;
  description?: React.ReactNode;
  /** Shows a visual marker; the control still needs its own `required` attribute. */
  required?: boolean;
  className?: string;
  children: React.ReactNode;
};

export function FormField({ label, htmlFor, error, description, required, className, children }: FormFieldProps) {
  return (
    <div data-slot="form-field" className={cn("grid gap-2", className)}>
      <Label htmlFor={htmlFor}>
        <span>
          {label}
          {required ? (
            <span aria-hidden="true" className="text-muted-foreground">
              {" "}
              *
            </span>
          ) : null}
        </span>
      </Label>
      {children}
      {description ? (
        <p id={fieldDescriptionId(htmlFor)} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={fieldErrorId(htmlFor)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
