// Puts a step's new draft in the approvals queue: a pending comment or voice note, the lead waiting
// for a person (phase `approval`), comment.pending or voice_note.pending, and the sender resting
// its human-like gap (drafting used its turn; it counts against no cap).
import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import type { WiredStep } from "../../../schemas/sequence";
import type { Variant } from "../../../domain/sequence/decide-step";
import { senderRest } from "../../../domain/sequence/human-gaps";
import { withOutbox } from "../../events/with-outbox";
import type { StepDraft } from "./make-step-draft";
import { LeadMovedOn, type LeadInCampaign } from "./perform-lead-step";
import { lockCampaignLead, moveCampaignLead } from "./settle-campaign-lead";

export async function holdDraftForApproval(input: {
  campaign: Campaign;
  campaignLead: LeadInCampaign;
  sender: LinkedinAccount;
  step: WiredStep;
  variant: Variant;
  draft: StepDraft;
}): Promise<void> {
  const { campaign, campaignLead, sender, step, variant, draft } = input;
  const at = now();
  await withOutbox(async (tx, emit) => {
    const status = await lockCampaignLead(tx, campaignLead.id);
    const current = await tx.campaignLead.findUnique({ where: { id: campaignLead.id }, select: { currentStepId: true } });
    if ((status !== "pending" && status !== "running") || current?.currentStepId !== step.id) throw new LeadMovedOn();
    const owner = {
      workspaceId: campaign.workspaceId,
      campaignId: campaign.id,
      campaignLeadId: campaignLead.id,
      leadId: campaignLead.leadId,
      linkedinAccountId: sender.id,
      stepId: step.id,
      variantId: variant.id,
    };
    // A draft withdrawn earlier for this lead and step (cancelled, failed) is replaced by the new one.
    const fresh = { status: "pending", generations: 1, decidedAt: null, decidedById: null, sentAt: null, providerRef: null, error: null, updatedAt: at };
    if (draft.kind === "comment") {
      const content = { prompt: draft.prompt, comment: draft.comment, postId: draft.post.postId, postUrl: draft.post.url, postText: draft.post.text, postedAt: new Date(draft.post.postedAt) };
      const row = await tx.pendingComment.upsert({
        where: { campaignLeadId_stepId: { campaignLeadId: campaignLead.id, stepId: step.id } },
        create: { ...owner, ...content, status: "pending", createdAt: at, updatedAt: at },
        update: { ...owner, ...content, ...fresh, createdAt: at },
      });
      await emit({
        workspaceId: campaign.workspaceId,
        event: "comment.pending",
        data: { campaignLeadId: campaignLead.id, campaignId: campaign.id, leadId: campaignLead.leadId, pendingCommentId: row.id, postUrl: row.postUrl, comment: row.comment },
      });
    } else {
      const content = {
        kind: draft.voiceKind,
        script: draft.script,
        voiceId: draft.voiceId,
        voiceName: draft.voiceName,
        audioKey: draft.audioKey,
        audioMimeType: draft.mimeType,
        durationMs: draft.durationMs,
        recordedById: null,
      };
      const row = await tx.pendingVoiceNote.upsert({
        where: { campaignLeadId_stepId: { campaignLeadId: campaignLead.id, stepId: step.id } },
        create: { ...owner, ...content, status: "pending", createdAt: at, updatedAt: at },
        update: { ...owner, ...content, ...fresh, createdAt: at },
      });
      await emit({
        workspaceId: campaign.workspaceId,
        event: "voice_note.pending",
        data: { campaignLeadId: campaignLead.id, campaignId: campaign.id, leadId: campaignLead.leadId, pendingVoiceNoteId: row.id, script: row.script, durationMs: row.durationMs },
      });
    }
    await moveCampaignLead(tx, campaignLead.id, { phase: "approval", waitUntil: null });
    const rest = senderRest(sender.id, sender.campaignActionCount, at.getTime());
    await tx.linkedinAccount.update({ where: { id: sender.id }, data: { nextActionAt: new Date(rest.until), campaignActionCount: { increment: 1 } } });
  });
}
