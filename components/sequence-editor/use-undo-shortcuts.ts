"use client";
// Ctrl+Z undoes a draft edit, Ctrl+Shift+Z and Ctrl+Y redo it (Cmd on macOS) — except in a text
// field, whose own undo takes back what was typed there, and while a dialog asks something.
import { useEffect } from "react";

export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Which history shortcut a key press is, if any. */
export function historyShortcut(event: ShortcutKey): "undo" | "redo" | null {
  if (event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y" && !event.shiftKey) return "redo";
  return null;
}

const TEXT_INPUT_TYPES = new Set(["text", "search", "url", "email", "tel", "password", "number"]);

/** Whether an element keeps its own undo history (what is typed in it). */
export function hasOwnUndo(element: { tagName?: string; type?: string; isContentEditable?: boolean } | null): boolean {
  if (!element) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName?.toLowerCase();
  if (tag === "textarea") return true;
  return tag === "input" && TEXT_INPUT_TYPES.has((element.type ?? "text").toLowerCase());
}

export function useUndoShortcuts(undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = historyShortcut(event);
      if (!shortcut || event.defaultPrevented) return;
      if (hasOwnUndo(event.target instanceof HTMLElement ? event.target : null)) return;
      if (document.querySelector("[role='dialog'], dialog[open]")) return;
      event.preventDefault();
      if (shortcut === "undo") undo();
      else redo();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);
}
