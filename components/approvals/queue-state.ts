// The Approvals queue's rules as pure functions the page and its tests share: which draft has the
// focus when the list changes (a decision, a poll, someone else's decision), how Shift-click
// selects a range, which key does what, and how drafts are named and counted.

export type ApprovalKind = "comments" | "voiceNotes";

/**
 * The draft that keeps the focus: the one that had it while it is still in the queue; else the one
 * that took its place (the next in order), else the last; null for an empty queue. `previousIds` is
 * the queue as it was when the focus was set, so a draft decided elsewhere hands the focus on too.
 */
export function keepFocus(ids: readonly string[], focusedId: string | null, previousIds: readonly string[]): string | null {
  if (!ids.length) return null;
  if (focusedId && ids.includes(focusedId)) return focusedId;
  if (focusedId) {
    const at = previousIds.indexOf(focusedId);
    if (at >= 0) {
      // The first draft after it that is still waiting, else the nearest before it.
      const after = previousIds.slice(at + 1).find((id) => ids.includes(id));
      if (after) return after;
      const before = previousIds
        .slice(0, at)
        .reverse()
        .find((id) => ids.includes(id));
      if (before) return before;
    }
  }
  return ids[0]!;
}

/** The draft `step` places away from the focused one (J/K, arrows), staying at the ends. */
export function moveFocus(ids: readonly string[], focusedId: string | null, step: 1 | -1): string | null {
  if (!ids.length) return null;
  const at = focusedId ? ids.indexOf(focusedId) : -1;
  if (at < 0) return ids[0]!;
  return ids[Math.min(ids.length - 1, Math.max(0, at + step))]!;
}

/**
 * A checkbox click: toggles the draft; with Shift, every draft from the last one clicked (the
 * anchor) to this one takes this one's new state, as in a mail client.
 */
export function toggleSelection(
  ids: readonly string[],
  selected: ReadonlySet<string>,
  id: string,
  options: { shift: boolean; anchor: string | null },
): Set<string> {
  const next = new Set(selected);
  const checked = !selected.has(id);
  const from = options.anchor ? ids.indexOf(options.anchor) : -1;
  const to = ids.indexOf(id);
  const range = options.shift && from >= 0 && to >= 0 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const each of range) {
    if (checked) next.add(each);
    else next.delete(each);
  }
  return next;
}

/** The selection, less drafts that left the queue (decided here or elsewhere). */
export function pruneSelection(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const present = new Set(ids);
  const next = new Set([...selected].filter((id) => present.has(id)));
  return next.size === selected.size ? (selected as Set<string>) : next;
}

export type QueueCommand = "next" | "previous" | "approve" | "edit" | "redo" | "reject" | "undo" | "play" | "help" | "approveSelected" | "rejectSelected";

/**
 * The command a key press means in the queue, or null. Keys typed into a field, with Ctrl, Cmd or
 * Alt held, or repeated by holding the key down (a decision per press), mean nothing here.
 */
export function commandForKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean; repeat?: boolean }, inField: boolean): QueueCommand | null {
  if (inField || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === "?") return "help";
  if (event.key === "j" || event.key === "ArrowDown") return "next";
  if (event.key === "k" || event.key === "ArrowUp") return "previous";
  if (event.repeat) return null;
  switch (event.key) {
    case "a":
      return "approve";
    case "A":
      return "approveSelected";
    case "e":
      return "edit";
    case "r":
      return "redo";
    case "x":
      return "reject";
    case "X":
      return "rejectSelected";
    case "u":
    case "z":
      return "undo";
    case " ":
      return "play";
    default:
      return null;
  }
}

/** The lead as people call them: their name, else their LinkedIn handle. */
export function leadDisplayName(lead: { firstName: string | null; lastName: string | null; publicIdentifier: string | null; profileUrl: string | null }): string {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(" ").trim();
  if (name) return name;
  if (lead.publicIdentifier) return lead.publicIdentifier;
  const handle = lead.profileUrl?.match(/linkedin\.com\/in\/([^/?#]+)/i)?.[1];
  return handle ? decodeURIComponent(handle) : "Unnamed lead";
}

/** "AL" for Ada Lovelace. */
export function initialsOf(name: string): string {
  return (
    name
      .split(/[\s@._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join("") || "?"
  );
}

/** "0:07", "1:32": a voice note's length. */
export function formatDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** What a bulk decision did, in one sentence: "Approved 3 drafts. 1 was left alone: …". */
export function bulkSummary(decision: "approve" | "reject", result: { decided: readonly string[]; skipped: ReadonlyArray<{ reason: string }> }): string {
  const verb = decision === "approve" ? "Approved" : "Rejected";
  const done = `${verb} ${result.decided.length} ${result.decided.length === 1 ? "draft" : "drafts"}.`;
  if (!result.skipped.length) return done;
  const reasons = [...new Set(result.skipped.map((skip) => skip.reason))].join("; ");
  return `${done} ${result.skipped.length} ${result.skipped.length === 1 ? "was" : "were"} left alone: ${reasons}`;
}
