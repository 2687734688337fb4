import { describe, expect, it } from "vitest";
import { bulkSummary, commandForKey, formatDuration, keepFocus, leadDisplayName, moveFocus, pruneSelection, toggleSelection } from "./queue-state";
import { peaksOf, seekTime } from "./waveform";

const key = (key: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean; repeat: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

describe("the focus", () => {
  it("stays on its draft while the draft waits, wherever it moved", () => {
    expect(keepFocus(["b", "c", "a"], "a", ["a", "b", "c"])).toBe("a");
  });
  it("passes to the next draft when its draft leaves the queue, and to the one before at the end", () => {
    expect(keepFocus(["a", "c"], "b", ["a", "b", "c"])).toBe("c");
    expect(keepFocus(["a", "d"], "b", ["a", "b", "c", "d"])).toBe("d");
    expect(keepFocus(["a", "b"], "c", ["a", "b", "c"])).toBe("b");
  });
  it("starts on the oldest draft and is nowhere in an empty queue", () => {
    expect(keepFocus(["a", "b"], null, [])).toBe("a");
    expect(keepFocus([], "a", ["a"])).toBeNull();
  });
  it("moves one draft at a time and stops at the ends", () => {
    expect(moveFocus(["a", "b", "c"], "a", 1)).toBe("b");
    expect(moveFocus(["a", "b", "c"], "c", 1)).toBe("c");
    expect(moveFocus(["a", "b", "c"], "a", -1)).toBe("a");
    expect(moveFocus(["a", "b"], "gone", 1)).toBe("a");
    expect(moveFocus([], null, 1)).toBeNull();
  });
});

describe("the selection", () => {
  const ids = ["a", "b", "c", "d", "e"];
  it("toggles one draft on a click", () => {
    expect([...toggleSelection(ids, new Set(), "c", { shift: false, anchor: null })]).toEqual(["c"]);
    expect([...toggleSelection(ids, new Set(["c"]), "c", { shift: false, anchor: "c" })]).toEqual([]);
  });
  it("selects (or clears) the range from the anchor on a Shift-click, either way", () => {
    expect([...toggleSelection(ids, new Set(["b"]), "d", { shift: true, anchor: "b" })].sort()).toEqual(["b", "c", "d"]);
    expect([...toggleSelection(ids, new Set(), "a", { shift: true, anchor: "c" })].sort()).toEqual(["a", "b", "c"]);
    expect([...toggleSelection(ids, new Set(["a", "b", "c", "d"]), "c", { shift: true, anchor: "a" })].sort()).toEqual(["d"]);
  });
  it("drops drafts that left the queue and keeps its identity otherwise", () => {
    const selected = new Set(["a", "x"]);
    expect([...pruneSelection(selected, ids)]).toEqual(["a"]);
    const kept = new Set(["a"]);
    expect(pruneSelection(kept, ids)).toBe(kept);
  });
});

describe("the keys", () => {
  it("map to the queue's commands", () => {
    expect(["j", "ArrowDown", "k", "ArrowUp", "a", "e", "r", "x", " ", "?", "A", "X"].map((name) => commandForKey(key(name), false))).toEqual([
      "next",
      "next",
      "previous",
      "previous",
      "approve",
      "edit",
      "redo",
      "reject",
      "play",
      "help",
      "approveSelected",
      "rejectSelected",
    ]);
  });
  it("mean nothing in a field, with a modifier, or held down for a decision", () => {
    expect(commandForKey(key("a"), true)).toBeNull();
    expect(commandForKey(key("a", { ctrlKey: true }), false)).toBeNull();
    expect(commandForKey(key("r", { metaKey: true }), false)).toBeNull();
    expect(commandForKey(key("x", { repeat: true }), false)).toBeNull();
    expect(commandForKey(key("j", { repeat: true }), false)).toBe("next");
    expect(commandForKey(key("q"), false)).toBeNull();
  });
});

describe("words", () => {
  it("name the lead by name, else by LinkedIn handle", () => {
    expect(leadDisplayName({ firstName: "Ada", lastName: "Lovelace", publicIdentifier: "ada", profileUrl: null })).toBe("Ada Lovelace");
    expect(leadDisplayName({ firstName: null, lastName: null, publicIdentifier: null, profileUrl: "https://www.linkedin.com/in/ada-l/" })).toBe("ada-l");
    expect(leadDisplayName({ firstName: null, lastName: null, publicIdentifier: null, profileUrl: null })).toBe("Unnamed lead");
  });
  it("give durations as minutes and seconds", () => {
    expect(formatDuration(7_400)).toBe("0:07");
    expect(formatDuration(92_000)).toBe("1:32");
  });
  it("sum up a bulk decision with what was left alone", () => {
    expect(bulkSummary("approve", { decided: ["a", "b"], skipped: [] })).toBe("Approved 2 drafts.");
    expect(bulkSummary("reject", { decided: ["a"], skipped: [{ reason: "already approved" }, { reason: "already approved" }] })).toBe(
      "Rejected 1 draft. 2 were left alone: already approved",
    );
  });
});

describe("the waveform", () => {
  it("has one bar per slice, the loudest filling the height", () => {
    const samples = [0, 0.1, -0.5, 0.2, 0.25, -0.05, 0, 0];
    expect(peaksOf(samples, 4)).toEqual([0.2, 1, 0.5, 0.04]);
  });
  it("draws flat bars for silence or no audio", () => {
    expect(peaksOf([0, 0, 0], 3)).toEqual([0.04, 0.04, 0.04]);
    expect(peaksOf([], 2)).toEqual([0.04, 0.04]);
  });
  it("turns a click into a time within the audio", () => {
    expect(seekTime(50, 200, 8)).toBe(2);
    expect(seekTime(-5, 200, 8)).toBe(0);
    expect(seekTime(250, 200, 8)).toBe(8);
    expect(seekTime(10, 0, 8)).toBe(0);
  });
});
