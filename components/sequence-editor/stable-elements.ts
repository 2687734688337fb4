// React Flow re-renders a node whenever its object changes. Typing in one step rebuilds the whole
// flow, so objects that did not change are carried over from the previous render: only the edited
// node re-renders, which keeps a 200-step tree responsive.
import type { FlowEdge, FlowNode } from "./convert";

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  // `step` is compared by identity: edits replace the step object, untouched steps keep theirs.
  return keys.every((key) => (key === "step" ? a[key] === b[key] : sameValue(a[key], b[key])));
}

function sameNode(a: FlowNode, b: FlowNode): boolean {
  return (
    a.type === b.type &&
    a.selected === b.selected &&
    a.ariaLabel === b.ariaLabel &&
    a.position.x === b.position.x &&
    a.position.y === b.position.y &&
    sameRecord(a.data, b.data)
  );
}

function sameEdge(a: FlowEdge, b: FlowEdge): boolean {
  return a.source === b.source && a.target === b.target && sameRecord(a.data ?? {}, b.data ?? {});
}

/** `next`, with unchanged elements replaced by their previous objects; `previous` itself when nothing changed. */
export function reuseUnchanged<T extends FlowNode | FlowEdge>(previous: T[], next: readonly T[], same: (a: T, b: T) => boolean): T[] {
  const byId = new Map(previous.map((element) => [element.id, element]));
  const result = next.map((element) => {
    const old = byId.get(element.id);
    return old && same(old, element) ? old : element;
  });
  // An unchanged array spares React Flow a store update (and its selectors a run per element).
  return result.length === previous.length && result.every((element, index) => element === previous[index]) ? previous : result;
}

export const reuseNodes = (previous: FlowNode[], next: readonly FlowNode[]) => reuseUnchanged(previous, next, sameNode);
export const reuseEdges = (previous: FlowEdge[], next: readonly FlowEdge[]) => reuseUnchanged(previous, next, sameEdge);
