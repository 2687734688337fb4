import { describe, expect, it } from "vitest";
import { canRedo, canUndo, changedPaths, clearHistory, COALESCE_MS, record, redo, replacePresent, startHistory, undo } from "./history";

describe("undo and redo", () => {
  it("undoes and redoes edits in order, and a new edit drops what could be redone", () => {
    let history = startHistory("a");
    expect(canUndo(history)).toBe(false);
    history = record(history, "ab", { at: 0 });
    history = record(history, "abc", { at: 10_000 });
    expect(canUndo(history)).toBe(true);
    history = undo(history);
    expect(history.present).toBe("ab");
    expect(canRedo(history)).toBe(true);
    history = undo(history);
    expect(history.present).toBe("a");
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe("ab");
    history = record(history, "abX", { at: 20_000 });
    expect(canRedo(history)).toBe(false);
    expect(undo(history).present).toBe("ab");
  });

  it("coalesces typing in one field into one entry", () => {
    let history = startHistory("");
    for (const [offset, text] of ["H", "He", "Hel", "Hell", "Hello"].entries()) {
      history = record(history, text, { key: "step:s1:config.text", at: 1000 + offset * 100 });
    }
    expect(history.past).toEqual([""]);
    expect(undo(history).present).toBe("");
  });

  it("starts a new entry after a pause, in another field, or after an undo", () => {
    let history = startHistory("");
    history = record(history, "Hi", { key: "text", at: 0 });
    history = record(history, "Hi there", { key: "text", at: COALESCE_MS + 1 });
    expect(history.past).toEqual(["", "Hi"]);
    history = record(history, "Hi there!", { key: "subject", at: COALESCE_MS + 2 });
    expect(history.past).toEqual(["", "Hi", "Hi there"]);
    history = undo(history);
    history = record(history, "Hi there?", { key: "subject", at: COALESCE_MS + 3 });
    expect(history.past).toEqual(["", "Hi", "Hi there"]);
    expect(undo(history).present).toBe("Hi there");
  });

  it("never coalesces structural edits (no key)", () => {
    let history = startHistory(0);
    history = record(history, 1, { at: 0 });
    history = record(history, 2, { at: 1 });
    expect(history.past).toEqual([0, 1]);
  });

  it("ignores an edit that returns the present itself", () => {
    const history = startHistory({ steps: [] });
    expect(record(history, history.present, { at: 0 })).toBe(history);
  });

  it("replaces the present without an entry, and clears", () => {
    let history = record(startHistory("a"), "b", { at: 0 });
    history = replacePresent(history, "B");
    expect(history.present).toBe("B");
    expect(undo(history).present).toBe("a");
    expect(canUndo(clearHistory(history))).toBe(false);
    expect(clearHistory(history).present).toBe("B");
  });
});

describe("changedPaths", () => {
  it("names the leaves that differ", () => {
    const before = { id: "s1", config: { text: "Hi", variants: [{ id: "a", text: "Hi" }] }, nextDelayHours: 24 };
    const after = { id: "s1", config: { text: "Hi!", variants: [{ id: "a", text: "Hi!" }] }, nextDelayHours: 24 };
    expect(changedPaths(before, after)).toEqual(["config.text", "config.variants.0.text"]);
    expect(changedPaths(before, { ...before, nextDelayHours: undefined })).toEqual(["nextDelayHours"]);
    expect(changedPaths(before, before)).toEqual([]);
  });
});
