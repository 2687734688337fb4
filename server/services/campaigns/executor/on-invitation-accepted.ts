import type { Prisma } from "../../../db/client";
import { now } from "../../../lib/clock";
import type { Emit } from "../../events/with-outbox";
import { placeAfter } from "../../../domain/sequence/step-timing";
import { sequenceOf, stepById } from "./load-campaign-sequence";
import { placeCampaignLead } from "./settle-campaign-lead";

/**
 * A lead accepted a sender's invitation: its campaign leads with that sender record it, and those
 * waiting at the invitation move to its yes branch. Returns the campaign of the first one (for the
 * connection.accepted event).
 */
export async function onInvitationAccepted(
  tx: Prisma.TransactionClient,
  emit: Emit,
  input: { accountId: string; leadId: string; at: Date },
): Promise<{ campaignLeadId: string; campaignId: string } | null> {
  const campaignLeads = await tx.campaignLead.findMany({
    where: { leadId: input.leadId, linkedinAccountId: input.accountId, invitationAccepted: false, status: { in: ["pending", "running", "paused"] } },
    include: { lead: true, campaign: true },
    orderBy: { createdAt: "desc" },
  });
  for (const row of campaignLeads) {
    const { campaign, ...campaignLead } = row;
    const sequence = sequenceOf(campaign);
    const step = stepById(sequence, campaignLead.currentStepId);
    const accepted = { invitationAccepted: true, invitationAcceptedAt: input.at };
    if (step?.type === "invite" && campaignLead.phase === "waiting" && (campaignLead.status === "running" || campaignLead.status === "paused")) {
      await tx.campaignLeadStep.updateMany({
        where: { campaignLeadId: campaignLead.id, stepId: step.id },
        data: { outcome: "yes", detail: "Accepted", finishedAt: now() },
      });
      await placeCampaignLead(tx, emit, campaignLead, placeAfter(sequence, step, "yes", input.at), accepted);
    } else {
      await tx.campaignLead.update({ where: { id: campaignLead.id }, data: { ...accepted, updatedAt: now() } });
    }
  }
  const first = campaignLeads[0];
  return first ? { campaignLeadId: first.id, campaignId: first.campaignId } : null;
}
