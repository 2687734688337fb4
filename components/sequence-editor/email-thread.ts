// Which e-mail a follow-up answers: the first e-mail step above it on its path (the lead's first
// e-mail of the campaign), unless the step starts a new thread.
import type { EditorStep, TreeIndex } from "./tree";

export function firstEmailAbove(index: TreeIndex, step: EditorStep): EditorStep | undefined {
  let first: EditorStep | undefined;
  const seen = new Set<string>([step.id]);
  for (let parent = step.parent ? index.byId.get(step.parent) : undefined; parent && !seen.has(parent.id); parent = parent.parent ? index.byId.get(parent.parent) : undefined) {
    seen.add(parent.id);
    if (parent.type === "email") first = parent;
  }
  return first;
}
