// Where a toast may appear without covering a control (pure geometry, no DOM: unit-tested). The
// sizes follow sonner's stylesheet: a 356 px wide toast at the offsets the Toaster is given, full
// width under 600 px. Toasts went bottom-right, over the sticky "Save" bar and the dialogs' main
// buttons; now each one takes the first of these places where it lies over no control.

export type ToastPosition = "top-left" | "top-right" | "bottom-left" | "bottom-right" | "top-center" | "bottom-center";
export type Rect = { x: number; y: number; width: number; height: number };
type Offset = { top: number; right: number; bottom: number; left: number };

/**
 * Below the narrow screens' menu bar (about 57 px), so "Menu" stays reachable; on a phone also below
 * the shell's timer row under it (49 px), which a toast at 68 px covered ("Start timer", the running
 * timer's Stop), with the sticky Save bar at the bottom leaving no other place.
 */
export const TOAST_OFFSET: Offset = { top: 72, right: 24, bottom: 24, left: 24 };
export const TOAST_MOBILE_OFFSET: Offset = { top: 114, right: 16, bottom: 16, left: 16 };
/** sonner's width above its mobile breakpoint, and the breakpoint itself (`max-width: 600px`). */
const TOAST_WIDTH = 356;
const MOBILE_MAX_WIDTH = 600;
/** A one-line toast is 52 px high; each further line adds about 19 px (13 px text, 6.5 px a character). */
const ONE_LINE_HEIGHT = 52;
const LINE_HEIGHT = 19;
const CHARACTER_WIDTH = 6.5;
/** The toast's padding, icon and close button take this much of its width. */
const TEXT_INSET = 64;
/** Room left around a control, so a toast does not touch it either. */
const MARGIN = 4;

/** The conventional corner first, then the others. */
export const TOAST_POSITIONS: readonly ToastPosition[] = [
  "bottom-right",
  "top-right",
  "bottom-center",
  "top-center",
  "bottom-left",
  "top-left",
];

export function estimateToastHeight(message: string, toastWidth: number): number {
  const perLine = Math.max(1, Math.floor((toastWidth - TEXT_INSET) / CHARACTER_WIDTH));
  const lines = Math.max(1, Math.ceil(message.length / perLine));
  return ONE_LINE_HEIGHT + (lines - 1) * LINE_HEIGHT;
}

/** Where sonner draws a toast at `position` in a viewport of this size. */
export function toastRect(position: ToastPosition, viewport: { width: number; height: number }, message: string): Rect {
  const mobile = viewport.width <= MOBILE_MAX_WIDTH;
  const offset = mobile ? TOAST_MOBILE_OFFSET : TOAST_OFFSET;
  const width = mobile ? viewport.width - offset.left * 2 : TOAST_WIDTH;
  const height = estimateToastHeight(message, width);
  const [vertical, horizontal] = position.split("-") as ["top" | "bottom", "left" | "right" | "center"];
  const x = mobile
    ? offset.left
    : horizontal === "left"
      ? offset.left
      : horizontal === "right"
        ? viewport.width - offset.right - width
        : (viewport.width - width) / 2;
  const y = vertical === "top" ? offset.top : viewport.height - offset.bottom - height;
  return { x, y, width, height };
}

function overlaps(a: Rect, b: Rect): boolean {
  return (
    a.x < b.x + b.width + MARGIN &&
    b.x - MARGIN < a.x + a.width &&
    a.y < b.y + b.height + MARGIN &&
    b.y - MARGIN < a.y + a.height
  );
}

/**
 * The first position whose toast covers none of `controls` (the rectangles of the visible buttons,
 * links and fields); when every one covers some, the one that covers fewest.
 */
export function chooseToastPosition(
  viewport: { width: number; height: number },
  controls: readonly Rect[],
  message: string,
): ToastPosition {
  let best: { position: ToastPosition; covered: number } | null = null;
  for (const position of TOAST_POSITIONS) {
    const rect = toastRect(position, viewport, message);
    const covered = controls.filter((control) => overlaps(rect, control)).length;
    if (covered === 0) return position;
    if (!best || covered < best.covered) best = { position, covered };
  }
  return best?.position ?? TOAST_POSITIONS[0]!;
}
