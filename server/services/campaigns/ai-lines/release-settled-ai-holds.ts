// The executor's sweep of leads held for AI lines that no longer wait for anyone: a lead in phase
// `approval` at an e-mail, message, connection request or InMail step (the kinds only AI lines hold)
// with no line of that step waiting for approval. A decision that found the lead not yet held, a line
// rewritten meanwhile, approval turned off: whatever left it there, it is released here (under its
// lock, as decide-ai-line.ts releases it) and its step goes out at its next turn.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { AI_LINE_STEPS } from "../../../domain/sequence/ai-lines";
import { releaseIfSettled } from "../../approvals/decide-ai-line";
import { withOutbox } from "../../events/with-outbox";
import { lockCampaignLead } from "../executor/settle-campaign-lead";

/** At most this many leads released per pass (the next pass takes the rest). */
const BATCH = 100;

/** Releases the held leads whose step has no AI line waiting; returns how many. */
export async function releaseSettledAiHolds(): Promise<number> {
  const kinds = [...AI_LINE_STEPS];
  const stuck = await db.$queryRaw<Array<{ id: string; stepId: string }>>`
    SELECT cl.id, cl."currentStepId" AS "stepId" FROM "CampaignLead" cl
    WHERE cl.phase = 'approval' AND cl.status::text IN ('pending', 'running') AND cl."currentStepId" IS NOT NULL
      AND cl."currentStepType" = ANY(${kinds})
      AND NOT EXISTS (SELECT 1 FROM "AiLine" a WHERE a."campaignLeadId" = cl.id AND a."stepId" = cl."currentStepId" AND a.status = 'pending-approval')
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
