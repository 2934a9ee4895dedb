import { describe, expect, it } from "vitest";
import { chooseToastPosition, estimateToastHeight, type Rect, toastRect, TOAST_POSITIONS } from "./toast-placement";

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

describe("toastRect", () => {
  it("puts a toast in the corners and centre of a wide screen, at the Toaster's offsets", () => {
    expect(toastRect("bottom-right", desktop, "Saved.")).toEqual({ x: 900, y: 724, width: 356, height: 52 });
    expect(toastRect("top-left", desktop, "Saved.")).toEqual({ x: 24, y: 72, width: 356, height: 52 });
    expect(toastRect("top-center", desktop, "Saved.")).toMatchObject({ x: 462, y: 72 });
  });

  it("makes a toast full width on a phone, under the menu bar or at the bottom", () => {
    for (const position of TOAST_POSITIONS) {
      const rect = toastRect(position, phone, "Saved.");
      expect(rect).toMatchObject({ x: 16, width: 358 });
      expect(rect.y).toBe(position.startsWith("top") ? 114 : 844 - 16 - 52);
    }
  });

  it("grows with the lines a long message takes", () => {
    expect(estimateToastHeight("Saved.", 356)).toBe(52);
    expect(estimateToastHeight("x".repeat(100), 356)).toBe(52 + 2 * 19);
  });
});

describe("chooseToastPosition", () => {
  const saveButton: Rect = { x: 1100, y: 740, width: 140, height: 36 };

  it("keeps the usual corner when nothing is there", () => {
    expect(chooseToastPosition(desktop, [], "Settings saved.")).toBe("bottom-right");
  });

  it("moves away from the button just pressed", () => {
    expect(chooseToastPosition(desktop, [saveButton], "Settings saved.")).toBe("top-right");
  });

  it("takes the first place that covers no control at all", () => {
    const topRight: Rect = { x: 1000, y: 80, width: 200, height: 36 };
    const bottomCentre: Rect = { x: 600, y: 740, width: 80, height: 36 };
    expect(chooseToastPosition(desktop, [saveButton, topRight, bottomCentre], "Saved.")).toBe("top-center");
  });

  it("counts a control that only touches the toast as covered", () => {
    const touching: Rect = { x: 1100, y: 720, width: 100, height: 2 };
    expect(chooseToastPosition(desktop, [touching], "Saved.")).not.toBe("bottom-right");
  });

  it("covers as few controls as it can when every place covers some", () => {
    const stickyBar: Rect = { x: 0, y: 780, width: 390, height: 64 };
    const fields: Rect[] = [0, 1].map((index) => ({ x: 16, y: 120 + index * 20, width: 358, height: 16 }));
    expect(chooseToastPosition(phone, [stickyBar, ...fields], "Saved.")).toBe("bottom-right");
  });

  it("on a phone, leaves the menu bar and the shell's timer row under it uncovered", () => {
    const menu: Rect = { x: 290, y: 10, width: 90, height: 36 };
    const startTimer: Rect = { x: 269, y: 66, width: 105, height: 32 };
    const stickyBar: Rect = { x: 0, y: 780, width: 390, height: 64 };
    expect(chooseToastPosition(phone, [menu, startTimer, stickyBar], "Settings saved.")).toBe("top-right");
  });
});
