// Toasts, as every form and action button shows them: one at a time (a toast from an earlier
// submission never stays up next to a later error), placed where it covers no control.
import { toast } from "sonner";
import { chooseToastPosition, type Rect } from "./toast-placement";

const CONTROLS = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  "[role=button]",
  "[role=combobox]",
  "[role=link]",
].join(",");

/** The visible controls of the page, but those inside `leaving` (a dialog that closes with the form's success). */
function controlRects(leaving: Element | null): Rect[] {
  const viewport = { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
  const rects: Rect[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (element.closest("[data-sonner-toaster]") || (leaving && leaving.contains(element))) continue;
    if (element.checkVisibility && !element.checkVisibility({ visibilityProperty: true })) continue;
    const { x, y, width, height } = element.getBoundingClientRect();
    if (width === 0 || height === 0 || x > viewport.width || y > viewport.height || x + width < 0 || y + height < 0)
      continue;
    rects.push({ x, y, width, height });
  }
  return rects;
}

/** Takes away every toast still showing: what it said is no longer news once the user acts again. */
export function clearToasts(): void {
  toast.dismiss();
}

export type ToastKind = "success" | "error" | "info";

/**
 * Shows `message` alone, where it covers no button, link or field. `leaving`: an element about to
 * go (the dialog of a form that just succeeded), whose controls the toast may cover.
 */
export function showToast(kind: ToastKind, message: string, { leaving }: { leaving?: Element | null } = {}): void {
  clearToasts();
  const viewport = { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
  const position = chooseToastPosition(viewport, controlRects(leaving ?? null), message);
  toast[kind](message, { position });
}
