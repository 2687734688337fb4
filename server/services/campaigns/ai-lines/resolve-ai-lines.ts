// A lead's AI lines for the step it is about to take, as the executor uses them: the stored lines
// read, the decision core asked (ai-lines.ts decideAiLines), missing lines written once (charged,
// cached), and the answer: the fields that fill `{{ai.name}}` with why any took the fallback, or the
// step waiting for a person's approval. Retries and re-sends find the stored lines and write nothing.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import type { TVariantContent, WiredStep } from "../../../schemas/sequence";
import { AI_PREFIX, AI_REASONS, aiLinesUsed, aiPromptHash, decideAiLines, type AiLineState, type AiLinesDecision } from "../../../domain/sequence/ai-lines";
import type { TAiVariable } from "../../../schemas/sequence";
import { writeAiLines, type AiLineOwner, type AiLineSource } from "./write-ai-lines";

export type ResolvedAiLines = Exclude<AiLinesDecision, { kind: "generate" }>;

/** The stored lines of a lead's step, as the decision core sees them: a line written for an older prompt is none. */
export async function readAiLineStates(campaignLeadId: string, stepId: string, used: TAiVariable[]): Promise<Map<string, AiLineState>> {
  if (!used.length) return new Map();
  const rows = await db.aiLine.findMany({ where: { campaignLeadId, stepId, name: { in: used.map((line) => line.name) } } });
  const byName = new Map(rows.map((row) => [row.name, row]));
  return new Map(
    used.map((line) => {
      const row = byName.get(line.name);
      const current = row && row.promptHash === aiPromptHash(line);
      return [line.name, current ? { status: row.status as AiLineState["status"], value: row.value, reason: row.reason } : { status: "none" as const }];
    }),
  );
}

export async function resolveAiLines(input: {
  owner: AiLineOwner;
  step: WiredStep;
  variant: Partial<TVariantContent>;
  /** Reads what the lines are written from; asked only when a line is to be written. */
  source: () => Promise<AiLineSource>;
}): Promise<ResolvedAiLines> {
  const { owner, step } = input;
  const used = aiLinesUsed(step, input.variant);
  if (!used.length) return { kind: "ready", fields: {}, fallbacks: [] };
  const approval = step.config.aiApproval === "required";
  if (approval) {
    // A line a preview wrote before the step asked for approval is offered for approval before it is sent.
    await db.aiLine.updateMany({ where: { campaignLeadId: owner.campaignLeadId, stepId: owner.stepId, status: "ready", preview: true }, data: { status: "pending-approval", updatedAt: now() } });
  }
  let decision = decideAiLines({ used, states: await readAiLineStates(owner.campaignLeadId, owner.stepId, used) });
  if (decision.kind === "generate") {
    await writeAiLines({ owner, lines: decision.lines, source: await input.source(), approval });
    decision = decideAiLines({ used, states: await readAiLineStates(owner.campaignLeadId, owner.stepId, used) });
  }
  // Written just now, so never again "generate" (unless a prompt changed meanwhile: the fallback this once).
  if (decision.kind === "generate") {
    return { kind: "ready", fields: Object.fromEntries(used.map((line) => [`${AI_PREFIX}${line.name}`, null])), fallbacks: used.map((line) => ({ name: line.name, reason: AI_REASONS.providerFailed })) };
  }
  return decision;
}
