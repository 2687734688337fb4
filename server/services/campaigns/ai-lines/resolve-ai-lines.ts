// A lead's AI lines for the step it is about to take, as the executor uses them: the stored lines
// read, the decision core asked (ai-lines.ts decideAiLines), missing lines written once (charged,
// cached), and the answer: the fields that fill `{{ai.name}}` with why any took the fallback, or the
// step waiting for a person's approval. Retries and re-sends find the stored lines and write nothing.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import type { TVariantContent, WiredStep } from "../../../schemas/sequence";
import { AI_REASONS, aiLinesUsed, aiPromptHash, decideAiLines, type AiLineState, type AiLinesDecision } from "../../../domain/sequence/ai-lines";
import type { CopySpin } from "../../../domain/sequence/spintax";
import type { TAiVariable } from "../../../schemas/sequence";
import { CLAIM_STALE_MS, writeAiLines, type AiLineOwner, type AiLineSource } from "./write-ai-lines";

/**
 * The decision, with the lines the lead waits for when it waits (hold-for-ai-lines.ts checks them
 * again under its lock); or `later`: another writer (a preview, or a turn a crash interrupted) still
 * holds the claim of a line, so the step goes out once it is written or its claim can be taken over,
 * never with the fallback in its place.
 */
export type ResolvedAiLines =
  | Exclude<AiLinesDecision, { kind: "generate" | "await-approval" }>
  | { kind: "await-approval"; names: string[]; lines: TAiVariable[] }
  | { kind: "later"; until: Date };

/** The rows of these lines written for their current prompt (a row of an older prompt is no line of the step's). */
export function currentAiLines(campaignLeadId: string, stepId: string, lines: TAiVariable[]) {
  return { campaignLeadId, stepId, OR: lines.map((line) => ({ name: line.name, promptHash: aiPromptHash(line) })) };
}

/** The stored lines of a lead's step, as the decision core sees them: a line written for an older prompt, or still being written, is none. */
export async function readAiLineStates(campaignLeadId: string, stepId: string, used: TAiVariable[]): Promise<Map<string, AiLineState>> {
  if (!used.length) return new Map();
  const rows = await db.aiLine.findMany({ where: { campaignLeadId, stepId, name: { in: used.map((line) => line.name) } } });
  const byName = new Map(rows.map((row) => [row.name, row]));
  return new Map(
    used.map((line) => {
      const row = byName.get(line.name);
      // A line being written (another writer's claim, or one a crash left) is none yet: writing it waits or takes it over (write-ai-lines.ts).
      const current = row && row.promptHash === aiPromptHash(line) && row.status !== "writing";
      return [line.name, current ? { status: row.status as AiLineState["status"], value: row.value, reason: row.reason } : { status: "none" as const }];
    }),
  );
}

export async function resolveAiLines(input: {
  owner: AiLineOwner;
  step: WiredStep;
  variant: Partial<TVariantContent>;
  /** The lead's version of the copy's spintax: only the lines it uses are written and waited for. */
  spin: CopySpin;
  /** Reads what the lines are written from; asked only when a line is to be written. */
  source: () => Promise<AiLineSource>;
}): Promise<ResolvedAiLines> {
  const { owner, step } = input;
  const used = aiLinesUsed(step, input.variant, input.spin);
  if (!used.length) return { kind: "ready", fields: {}, fallbacks: [] };
  const approval = step.config.aiApproval === "required";
  if (approval) {
    // A line written before the step asked for approval (by a preview, or by a send deferred since)
    // was never approved: it is offered for approval before it is sent. Only the lines the lead's
    // version uses, for their current prompt.
    await db.aiLine.updateMany({ where: { ...currentAiLines(owner.campaignLeadId, owner.stepId, used), status: "ready" }, data: { status: "pending-approval", updatedAt: now() } });
  }
  let decision = decideAiLines({ used, states: await readAiLineStates(owner.campaignLeadId, owner.stepId, used) });
  if (decision.kind === "generate") {
    await writeAiLines({ owner, lines: decision.lines, source: await input.source(), approval, waitForOtherWriters: false });
    decision = decideAiLines({ used, states: await readAiLineStates(owner.campaignLeadId, owner.stepId, used) });
  }
  if (decision.kind === "generate") {
    // Still unwritten: a line another writer holds (its claim fresh) is waited for at a later turn;
    // any other (a prompt changed meanwhile) takes the fallback this once, the written lines kept.
    const missing = decision.lines;
    const claims = await db.aiLine.findMany({
      where: { ...currentAiLines(owner.campaignLeadId, owner.stepId, missing), status: "writing" },
      select: { updatedAt: true },
    });
    const fresh = claims.map((claim) => claim.updatedAt.getTime() + CLAIM_STALE_MS).filter((until) => until > now().getTime());
    if (fresh.length) return { kind: "later", until: new Date(Math.min(...fresh)) };
    const states = await readAiLineStates(owner.campaignLeadId, owner.stepId, used);
    for (const line of missing) states.set(line.name, { status: "failed", reason: AI_REASONS.providerFailed });
    decision = decideAiLines({ used, states });
    if (decision.kind === "generate") return { kind: "ready", fields: {}, fallbacks: [] };
  }
  if (decision.kind === "await-approval") return { ...decision, lines: used };
  return decision;
}
