import { describe, expect, it } from "vitest";
import { hasOwnUndo, historyShortcut } from "./use-undo-shortcuts";

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
  historyShortcut({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers });

describe("historyShortcut", () => {
  it("reads Ctrl+Z as undo, Ctrl+Shift+Z and Ctrl+Y as redo, and Cmd the same on macOS", () => {
    expect(press("z", { ctrlKey: true })).toBe("undo");
    expect(press("Z", { ctrlKey: true, shiftKey: true })).toBe("redo");
    expect(press("y", { ctrlKey: true })).toBe("redo");
    expect(press("z", { metaKey: true })).toBe("undo");
    expect(press("z", { metaKey: true, shiftKey: true })).toBe("redo");
  });

  it("ignores other keys and plain letters", () => {
    expect(press("z")).toBeNull();
    expect(press("z", { shiftKey: true })).toBeNull();
    expect(press("s", { ctrlKey: true })).toBeNull();
    expect(press("z", { ctrlKey: true, altKey: true })).toBeNull();
    expect(press("y", { ctrlKey: true, shiftKey: true })).toBeNull();
  });
});

describe("hasOwnUndo", () => {
  it("leaves text fields their own undo, not buttons, selects or the canvas", () => {
    expect(hasOwnUndo({ tagName: "TEXTAREA" })).toBe(true);
    expect(hasOwnUndo({ tagName: "INPUT", type: "text" })).toBe(true);
    expect(hasOwnUndo({ tagName: "INPUT", type: "number" })).toBe(true);
    expect(hasOwnUndo({ tagName: "DIV", isContentEditable: true })).toBe(true);
    expect(hasOwnUndo({ tagName: "INPUT", type: "checkbox" })).toBe(false);
    expect(hasOwnUndo({ tagName: "SELECT" })).toBe(false);
    expect(hasOwnUndo({ tagName: "BUTTON" })).toBe(false);
    expect(hasOwnUndo({ tagName: "DIV", isContentEditable: false })).toBe(false);
    expect(hasOwnUndo(null)).toBe(false);
  });
});
