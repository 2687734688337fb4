// The executor's sweep of leads held for AI lines that no longer wait for anyone: a lead in phase
// `approval` at an e-mail, message, connection request or InMail step with nothing of that step
// waiting for a person: no AI line, and no voice note or comment (a message step holds a lead for
// its voice note in the same phase, which this sweep must never cut short). A decision that found the lead not yet held, a line
// rewritten meanwhile, approval turned off: whatever left it there, it is released here (under its
// lock, as decide-ai-line.ts releases it) and its step goes out at its next turn.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import type { Prisma } from "../../../db/generated/client";
import { AI_LINE_STEPS } from "../../../domain/sequence/ai-lines";
import { leadAiLines } from "../../../domain/sequence/lead-ai-lines";
import { currentAiLines } from "../ai-lines/resolve-ai-lines";
import { sequenceOf, stepById } from "./load-campaign-sequence";
import { withOutbox } from "../../events/with-outbox";
import { lockCampaignLead } from "./settle-campaign-lead";

/**
 * Whether the lead's step still waits for a person: one of the lines its version uses (current
 * prompt, pending), or a voice note or comment drafted for it (a message step holds a lead for its
 * voice note in the same phase).
 */
async function stillWaiting(tx: Prisma.TransactionClient, campaignLeadId: string, stepId: string): Promise<boolean> {
  const drafts = { campaignLeadId, stepId, status: "pending" };
  if ((await tx.pendingVoiceNote.count({ where: drafts })) + (await tx.pendingComment.count({ where: drafts })) > 0) return true;
  const campaignLead = await tx.campaignLead.findUniqueOrThrow({ where: { id: campaignLeadId }, select: { campaign: { select: { sequence: true } } } });
  const sequence = sequenceOf(campaignLead.campaign);
  const step = stepById(sequence, stepId);
  const used = step ? leadAiLines(sequence, step, campaignLeadId) : [];
  if (!used.length) return false;
  return (await tx.aiLine.count({ where: { ...currentAiLines(campaignLeadId, stepId, used), status: "pending-approval" } })) > 0;
}

/** Releases a lead held for its step's AI lines once none of the lines its version uses waits: due again since `since`. */
export async function releaseIfSettled(tx: Prisma.TransactionClient, campaignLeadId: string, stepId: string, since: Date): Promise<boolean> {
  if (await stillWaiting(tx, campaignLeadId, stepId)) return false;
  const at = now();
  const released = await tx.campaignLead.updateMany({
    where: { id: campaignLeadId, phase: "approval", currentStepId: stepId },
    data: { phase: "ready", waitUntil: since < at ? since : at, updatedAt: at },
  });
  return released.count > 0;
}

/** At most this many leads released per pass (the next pass takes the rest). */
const BATCH = 100;

/** Releases the held leads whose step has no AI line waiting; returns how many. */
export async function releaseSettledAiHolds(): Promise<number> {
  const kinds = [...AI_LINE_STEPS];
  const stuck = await db.$queryRaw<Array<{ id: string; stepId: string }>>`
    SELECT cl.id, cl."currentStepId" AS "stepId" FROM "CampaignLead" cl
    WHERE cl.status IN ('pending', 'running') AND cl.phase = 'approval' AND cl."currentStepId" IS NOT NULL
      AND cl."currentStepType" = ANY(${kinds})
      AND NOT EXISTS (SELECT 1 FROM "AiLine" a WHERE a."campaignLeadId" = cl.id AND a."stepId" = cl."currentStepId" AND a.status = 'pending-approval')
      AND NOT EXISTS (SELECT 1 FROM "PendingVoiceNote" v WHERE v."campaignLeadId" = cl.id AND v."stepId" = cl."currentStepId" AND v.status = 'pending')
      AND NOT EXISTS (SELECT 1 FROM "PendingComment" c WHERE c."campaignLeadId" = cl.id AND c."stepId" = cl."currentStepId" AND c.status = 'pending')
    LIMIT ${BATCH}`;
  let released = 0;
  for (const lead of stuck) {
    const done = await withOutbox(async (tx) => {
      await lockCampaignLead(tx, lead.id);
      return releaseIfSettled(tx, lead.id, lead.stepId, now());
    });
    if (done) released++;
  }
  return released;
}
