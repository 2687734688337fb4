// Which e-mail a follow-up answers: the first e-mail step above it on its path (the lead's first
// e-mail of the campaign starts the thread every later e-mail replies in, unless one starts a new
// thread). One rule for the API's check of which e-mail steps need a subject (wire-sequence.ts), the
// decision core's subject for a follow-up sent without a thread, and the editor. Pure.

interface TreeStep {
  id: string;
  type: string;
  parent: string | null;
}

/** The first e-mail step above `step` (the top-most on its path), or undefined when it is the first e-mail. */
export function firstEmailAbove<T extends TreeStep>(byId: ReadonlyMap<string, T>, step: T): T | undefined {
  let first: T | undefined;
  const seen = new Set<string>([step.id]);
  for (let parent = step.parent ? byId.get(step.parent) : undefined; parent && !seen.has(parent.id); parent = parent.parent ? byId.get(parent.parent) : undefined) {
    seen.add(parent.id);
    if (parent.type === "email") first = parent;
  }
  return first;
}

/** Whether an e-mail step goes out as a reply in the lead's thread ("Re: …" of the first e-mail's subject), so it needs no subject of its own. */
export function repliesInThread<T extends TreeStep & { config: { newThread?: boolean } }>(byId: ReadonlyMap<string, T>, step: T): boolean {
  return step.type === "email" && !step.config.newThread && firstEmailAbove(byId, step) !== undefined;
}
