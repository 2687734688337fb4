// Deciding a pending AI line (approve, edited or not, or reject), as decide-draft.ts decides a
// comment: the campaign lead locked first, then the line moved from `pending-approval` with a
// conditional update (of two people deciding at once one wins, the other gets 409 already-decided).
// When the last pending line of the lead's step is decided the lead is released: due again since the
// lines were written, so the step goes out at its sender's or mailbox's next turn, with the approved
// lines and the fallback for the rejected ones.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
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

export async function decideAiLine(actor: Actor, id: string, decision: { status: "approved" | "rejected"; value?: string }): Promise<void> {
  const line = await db.aiLine.findFirst({ where: { id, workspaceId: actor.workspaceId }, select: { id: true, campaignLeadId: true, stepId: true, createdAt: true } });
  if (!line) throw HeraldError.notFound("AI line");
  await withOutbox(async (tx) => {
    await lockCampaignLead(tx, line.campaignLeadId);
    const at = now();
    const claimed = await tx.aiLine.updateMany({
      where: { id: line.id, workspaceId: actor.workspaceId, status: "pending-approval" },
      data: { status: decision.status, decidedAt: at, decidedById: actor.userId, updatedAt: at, ...(decision.value !== undefined ? { value: decision.value } : {}) },
    });
    if (!claimed.count) {
      const current = await tx.aiLine.findUniqueOrThrow({ where: { id: line.id }, select: { status: true } });
      throw aiLineDecided(current.status);
    }
    const waiting = await tx.aiLine.count({ where: { campaignLeadId: line.campaignLeadId, stepId: line.stepId, status: "pending-approval" } });
    if (waiting) return;
    await tx.campaignLead.updateMany({
      where: { id: line.campaignLeadId, phase: "approval", currentStepId: line.stepId },
      data: { phase: "ready", waitUntil: line.createdAt < at ? line.createdAt : at, updatedAt: at },
    });
  });
}
