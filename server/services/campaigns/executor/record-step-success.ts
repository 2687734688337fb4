import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import type { WiredSequence, WiredStep } from "../../../schemas/sequence";
import { withOutbox } from "../../events/with-outbox";
import { leadSummary } from "../../leads/lead-summary";
import { humanGapSeconds } from "../../../domain/sequence/human-gaps";
import { afterAction } from "../../../domain/sequence/step-timing";
import type { LeadInCampaign } from "./perform-lead-step";
import { moveCampaignLead, placeCampaignLead } from "./settle-campaign-lead";

export type SentDetails =
  | { kind: "visit" }
  | { kind: "invitation"; providerRef: string | null; note: string | null }
  /** A comment on the lead's post; commentId null when reconciliation could not tell it (it counts as made). */
  | { kind: "comment"; commentId: string | null }
  | { kind: "message" | "inmail"; chatId: string; messageId: string; text: string; at: string; spentInmailCredit?: boolean };

/**
 * Records a step that reached LinkedIn: the journal and the sender action are completed, the step's
 * approved draft (comment, voice note) is sent, the lead waits for an answer or moves on, the sender
 * rests for a human-like gap, and a message (a voice note too) fires message.sent. Also used by reconciliation, when an interrupted step turns out to have happened.
 */
export async function recordStepSuccess(input: {
  campaign: Campaign;
  sequence: WiredSequence;
  campaignLead: LeadInCampaign;
  sender: LinkedinAccount;
  step: WiredStep;
  journalId: string;
  actionId: string | null;
  sent: SentDetails;
}): Promise<void> {
  const { campaign, sequence, campaignLead, sender, step, journalId, actionId, sent } = input;
  const at = now();
  await withOutbox(async (tx, emit) => {
    await tx.campaignLeadStep.update({ where: { id: journalId }, data: { status: "done", finishedAt: at } });
    // Before the lead moves on: moving it withdraws its open drafts.
    const draft = { where: { campaignLeadId: campaignLead.id, stepId: step.id, status: { in: ["pending", "approved"] } } };
    if (sent.kind === "comment") await tx.pendingComment.updateMany({ ...draft, data: { status: "sent", sentAt: at, providerRef: sent.commentId, updatedAt: at } });
    if (step.type === "ai_voice_note" || step.type === "voice_note") {
      await tx.pendingVoiceNote.updateMany({ ...draft, data: { status: "sent", sentAt: at, providerRef: sent.kind === "message" ? sent.messageId : null, updatedAt: at } });
    }
    if (actionId) {
      await tx.senderAction.update({
        where: { id: actionId },
        data: {
          status: sent.kind === "invitation" ? "pending" : "done",
          providerRef: sent.kind === "invitation" ? sent.providerRef : sent.kind === "visit" ? null : sent.kind === "comment" ? sent.commentId : sent.messageId,
          chatId: sent.kind === "message" || sent.kind === "inmail" ? sent.chatId : null,
          note: sent.kind === "invitation" ? sent.note : undefined,
          sentAt: at,
          updatedAt: at,
        },
      });
    }
    const gap = humanGapSeconds(sender.id, sender.campaignActionCount);
    await tx.linkedinAccount.update({
      where: { id: sender.id },
      data: { nextActionAt: new Date(at.getTime() + gap * 1000), campaignActionCount: { increment: 1 } },
    });
    // An InMail to a profile that is not open spends a credit: the balance the next InMail step checks.
    if (sent.kind === "inmail" && sent.spentInmailCredit) {
      await tx.linkedinAccount.updateMany({ where: { id: sender.id, inmailBalance: { gt: 0 } }, data: { inmailBalance: { decrement: 1 } } });
    }
    await tx.lead.update({ where: { id: campaignLead.leadId }, data: { lastActivityAt: at } });
    const next = afterAction(sequence, step, at);
    if (next.kind === "place") {
      await placeCampaignLead(tx, emit, campaignLead, next.placement, { contacted: true });
      return;
    }
    if (sent.kind === "invitation") {
      await moveCampaignLead(tx, campaignLead.id, { contacted: true, phase: "waiting", invitationSentAt: at, waitUntil: next.until });
      return;
    }
    if (sent.kind === "visit" || sent.kind === "comment") return;
    await moveCampaignLead(tx, campaignLead.id, { contacted: true, phase: "waiting", messageSentAt: at, waitUntil: next.until });
    const stored = await tx.linkedinMessage.createMany({
      data: [
        {
          workspaceId: campaign.workspaceId,
          accountId: sender.id,
          leadId: campaignLead.leadId,
          chatId: sent.chatId,
          providerMessageId: sent.messageId,
          direction: "outbound",
          source: "campaign",
          text: sent.text,
          at: new Date(sent.at),
          createdAt: at,
        },
      ],
      skipDuplicates: true,
    });
    if (stored.count) {
      await emit({
        workspaceId: campaign.workspaceId,
        event: "message.sent",
        data: {
          source: "campaign",
          accountId: sender.id,
          campaignLeadId: campaignLead.id,
          campaignId: campaign.id,
          leadId: campaignLead.leadId,
          chatId: sent.chatId,
          message: { text: sent.text, at: sent.at },
          to: leadSummary(campaignLead.lead),
        },
      });
    }
  });
}
