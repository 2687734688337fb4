// Deciding a pending AI line (approve, edited or not, or reject), as decide-draft.ts decides a
// comment: the campaign lead locked first, then the line moved from `pending-approval` with a
// conditional update (of two people deciding at once one wins, the other gets 409 already-decided).
// When the last pending line of the lead's step is decided the lead is released: due again since the
// lines were written, so the step goes out at its sender's or mailbox's next turn, with the approved
// lines and the fallback for the rejected ones. Only the lines the lead's own version of the step
// uses, for their current prompt, count (lead-ai-lines.ts): a line it leaves out, or one written for
// an older prompt, never keeps it waiting. An edited line is one line as the model's are (white space
// collapsed) and at most the step's length for it.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { DEFAULT_AI_LINE_MAX } from "../../domain/sequence/ai-lines";
import { sequenceOf, stepById } from "../campaigns/executor/load-campaign-sequence";
import { releaseIfSettled } from "../campaigns/executor/release-settled-ai-holds";
import { lockCampaignLead } from "../campaigns/executor/settle-campaign-lead";
import { withOutbox } from "../events/with-outbox";

const DECIDED: Record<string, string> = {
  approved: "This AI line was already approved.",
  rejected: "This AI line was already rejected.",
  ready: "This AI line needs no approval.",
  failed: "No line could be written for this lead, so there is nothing to approve: the step uses its fallback.",
};

/** The 409 for a line that no longer waits for a decision, saying what became of it. */
export function aiLineDecided(status: string): HeraldError {
  return new HeraldError({ code: "already-decided", message: DECIDED[status] ?? "This AI line is no longer waiting for a decision." });
}

/**
 * A line as a person wrote it: one line (white space collapsed, as the model's lines are) and no
 * longer than the step allows for it (400 naming the field otherwise).
 */
export async function personsLine(line: { name: string; stepId: string; campaignId: string }, value: string): Promise<string> {
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: line.campaignId }, select: { sequence: true } });
  const declared = stepById(sequenceOf(campaign), line.stepId)?.config.aiVariables?.find((candidate) => candidate.name === line.name);
  const max = declared?.maxLength ?? DEFAULT_AI_LINE_MAX;
  const collapsed = value.replace(/\s+/g, " ").trim();
  if (collapsed.length > max) throw HeraldError.invalidInput(`The line is too long: this step allows at most ${max} characters for it.`, [{ field: "value", message: `must be at most ${max} characters (the step's length for this line)` }]);
  return collapsed;
}

export async function decideAiLine(actor: Actor, id: string, decision: { status: "approved" | "rejected"; value?: string }): Promise<void> {
  const line = await db.aiLine.findFirst({ where: { id, workspaceId: actor.workspaceId }, select: { id: true, campaignId: true, campaignLeadId: true, stepId: true, name: true, createdAt: true } });
  if (!line) throw HeraldError.notFound("AI line");
  const value = decision.value === undefined ? undefined : await personsLine(line, decision.value);
  await withOutbox(async (tx) => {
    await lockCampaignLead(tx, line.campaignLeadId);
    const at = now();
    const claimed = await tx.aiLine.updateMany({
      where: { id: line.id, workspaceId: actor.workspaceId, status: "pending-approval" },
      data: { status: decision.status, decidedAt: at, decidedById: actor.userId, updatedAt: at, ...(value !== undefined ? { value } : {}) },
    });
    if (!claimed.count) {
      const current = await tx.aiLine.findUniqueOrThrow({ where: { id: line.id }, select: { status: true } });
      throw aiLineDecided(current.status);
    }
    await releaseIfSettled(tx, line.campaignLeadId, line.stepId, line.createdAt);
  });
}
