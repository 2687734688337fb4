// A rejected draft's lead leaves the step without it: the journal says why (`skipped`) and the lead
// is placed after the step by the executor's own placement (a comment's single next step; a voice
// note's no-reply branch, now), in the decision's transaction. Its status is kept as placement
// keeps it: a paused lead stays paused on its next step, a lead at the end of its branch is done.
import type { Prisma } from "../../db/client";
import { stepById, sequenceOf } from "../campaigns/executor/load-campaign-sequence";
import { placeCampaignLead } from "../campaigns/executor/settle-campaign-lead";
import { placeAfter } from "../../domain/sequence/step-timing";
import type { Emit } from "../events/with-outbox";
import type { DraftRef } from "./decide-draft";

const ON_THE_STEP = new Set(["pending", "running", "paused"]);

export async function skipRejectedStep(
  tx: Prisma.TransactionClient,
  emit: Emit,
  draft: DraftRef,
  at: Date,
  rejection: { outcome: "no" | null; detail: string },
): Promise<void> {
  const campaignLead = await tx.campaignLead.findUnique({
    where: { id: draft.campaignLeadId },
    include: { lead: { select: { firstName: true, lastName: true, publicIdentifier: true } }, campaign: { select: { sequence: true } } },
  });
  // A lead that already left the step (the trigger withdrew its drafts then) has nothing to skip.
  if (!campaignLead || campaignLead.currentStepId !== draft.stepId || !ON_THE_STEP.has(campaignLead.status)) return;
  const sequence = sequenceOf(campaignLead.campaign);
  const step = stepById(sequence, draft.stepId);
  if (!step) return;
  const journal = { status: "skipped", outcome: rejection.outcome, detail: rejection.detail, finishedAt: at };
  await tx.campaignLeadStep.upsert({
    where: { campaignLeadId_stepId: { campaignLeadId: campaignLead.id, stepId: step.id } },
    create: { campaignLeadId: campaignLead.id, campaignId: campaignLead.campaignId, stepId: step.id, stepType: step.type, variantId: draft.variantId, startedAt: at, ...journal },
    update: journal,
  });
  await placeCampaignLead(tx, emit, campaignLead, placeAfter(sequence, step, rejection.outcome, at));
}
