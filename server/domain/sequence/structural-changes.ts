import type { FieldIssue } from "../../lib/errors";
import type { WiredSequence } from "../../schemas/sequence";

/**
 * Once leads are in progress a sequence may change copy and delays and gain steps on open
 * branches; removing, moving (reordering) or retyping an existing step would strand leads.
 */
export function structuralChanges(before: WiredSequence, after: WiredSequence): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const next = new Map(after.steps.map((step, index) => [step.id, { step, index }]));
  for (const old of before.steps) {
    const found = next.get(old.id);
    if (!found) {
      issues.push({ field: "sequence.steps", message: `removes step ${old.id} (${old.type}), which leads may be on` });
      continue;
    }
    const field = `sequence.steps.${found.index}`;
    if (found.step.type !== old.type) issues.push({ field: `${field}.type`, message: `retypes step ${old.id} from ${old.type} to ${found.step.type}` });
    if (found.step.parent !== old.parent || found.step.branch !== old.branch) {
      issues.push({ field: `${field}.parent`, message: `moves step ${old.id} to another place in the tree` });
    }
  }
  return issues;
}
