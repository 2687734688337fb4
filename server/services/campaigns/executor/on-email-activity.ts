// An open or a click was recorded on a campaign e-mail (record-email-open.ts, record-email-click.ts):
// a lead waiting at an e-mail activity condition that it answers takes the condition's yes branch
// from the moment it happened, in the same transaction as the record; a paused one too, which stays
// paused on its next step (as an accepted invitation moves a paused lead). The forecast does the same
// in sim-email-events.ts.
import type { Prisma } from "../../../db/client";
import { decideCondition } from "../../../domain/sequence/decide-wait";
import { isEmailActivityCondition } from "../../../domain/sequence/decide-email-activity";
import { placeAfter } from "../../../domain/sequence/step-timing";
import type { Emit } from "../../events/with-outbox";
import { sequenceOf, stepById } from "./load-campaign-sequence";
import { conditionFacts, journalOutcome, stillAt } from "./resolve-due-waits";
import { placeCampaignLead } from "./settle-campaign-lead";

export async function onEmailActivity(tx: Prisma.TransactionClient, emit: Emit, campaignLeadId: string, at: Date): Promise<void> {
  const row = await tx.campaignLead.findUnique({ where: { id: campaignLeadId }, include: { lead: true, campaign: true } });
  if (!row || row.phase !== "waiting" || (row.status !== "running" && row.status !== "paused") || !isEmailActivityCondition(row.currentStepType)) return;
  const { campaign, ...campaignLead } = row;
  const sequence = sequenceOf(campaign);
  const condition = stepById(sequence, campaignLead.currentStepId);
  if (!condition || !(await stillAt(tx, campaignLead, { paused: true }))) return;
  const decided = decideCondition(condition, await conditionFacts(campaignLead, condition, at, tx));
  if (decided.outcome !== "yes") return;
  await journalOutcome(tx, campaignLead, condition, "yes", decided.detail);
  await placeCampaignLead(tx, emit, campaignLead, placeAfter(sequence, condition, "yes", at));
}
