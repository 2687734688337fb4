import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TUpdateCampaignInput, TCampaign } from "../../schemas/campaign";
import type { WiredSequence } from "../../schemas/sequence";
import { assignCampaignMailboxes } from "./assign-campaign-mailboxes";
import { assignCampaignSenders } from "./assign-campaign-senders";
import { retimeWaitingLeads } from "../../domain/sequence/retime-waiting-leads";
import { structuralChanges } from "../../domain/sequence/structural-changes";
import { firstStep, wireSequence } from "../../domain/sequence/wire-sequence";
import { enrollListLeads } from "./enroll-list-leads";
import { recordGettingStarted } from "../getting-started/record-getting-started";
import { findCampaign } from "./find-campaign";
import { kickCampaignExecutor } from "./kick-campaign-executor";
import { retimeCampaignLeads } from "./retime-campaign-leads";
import { settleEditedAiLines } from "./ai-lines/settle-edited-ai-lines";
import { toCampaign } from "./to-campaign";
import { checkCanRun, checkUnsubscribe, uniqueIds, validateCampaignFields } from "./validate-campaign-fields";
import { campaignVerificationOf } from "../../schemas/verification";
import { mergeApprovals, mergeExperiments, mergeVerification, mergeTracking, mergeUnsubscribe, readApprovals, readExperiments, readSequence, readTracking, readUnsubscribe, sequenceColumn } from "./campaign-columns";

/**
 * Updates a campaign (PATCH /campaigns/{id}). The sequence and the schedule are replaced wholesale.
 * Once leads are in progress, only copy and delays may change and steps be appended; leads already
 * waiting out a changed delay or answer window are re-timed to it (retimeWaitingLeads). An active
 * campaign needs senders for its LinkedIn steps and mailboxes for its e-mail steps. A changed pool
 * gives leads without a sender or mailbox (or with one that left the pool before contacting them)
 * one from it. `tracking` and `unsubscribe` keep the fields a change leaves out. `draft` is for
 * campaigns no lead has started yet.
 */
export async function updateCampaign(actor: Actor, campaignId: string, changes: TUpdateCampaignInput): Promise<TCampaign> {
  const current = await findCampaign(actor, campaignId);
  await validateCampaignFields(actor, changes);
  // In progress: some lead has reached a step.
  const started = await db.campaignLeadStep.count({ where: { campaignId } });

  let sequence: WiredSequence | undefined;
  let previous: WiredSequence | undefined;
  if (changes.sequence) {
    previous = readSequence(current.sequence);
    sequence = wireSequence(changes.sequence, { previous });
    if (started) {
      const issues = structuralChanges(previous, sequence);
      if (issues.length) {
        throw HeraldError.invalidInput(
          `Leads are in progress: only copy and delays may change and steps be appended; this ${issues[0]!.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`,
          issues,
        );
      }
    }
  }
  const status = changes.status ?? current.status;
  const emailAccountIds = uniqueIds(changes.emailAccountIds);
  // Checked when the change could leave an active campaign unable to run (a rename of one whose
  // mailbox was since removed still goes through).
  if (changes.status === "active" || changes.sequence || changes.linkedinAccountIds || changes.emailAccountIds) {
    checkCanRun({
      status,
      sequence: sequence ?? readSequence(current.sequence),
      linkedinAccountIds: changes.linkedinAccountIds ?? current.linkedinAccountIds,
      emailAccountIds: emailAccountIds ?? current.emailAccountIds,
    });
  }
  const unsubscribe = changes.unsubscribe && mergeUnsubscribe(readUnsubscribe(current.unsubscribe), changes.unsubscribe);
  if (unsubscribe) checkUnsubscribe(unsubscribe);
  if (changes.status === "draft" && current.status !== "draft" && started) {
    throw HeraldError.invalidInput("Invalid status: a campaign whose leads have started cannot go back to draft; pause it instead", [
      { field: "status", message: "cannot be draft once leads have started" },
    ]);
  }

  const row = await db.$transaction(async (tx) => {
    const updated = await tx.campaign.update({
      where: { id: current.id },
      data: {
        name: changes.name,
        status: changes.status,
        aiInterestEnabled: changes.aiInterestEnabled,
        unsubscribe,
        sourceNotice: changes.sourceNotice,
        tracking: changes.tracking && mergeTracking(readTracking(current.tracking), changes.tracking),
        approvals: changes.approvals && mergeApprovals(readApprovals(current.approvals), changes.approvals),
        experiments: changes.experiments && mergeExperiments(readExperiments(current.experiments), changes.experiments),
        verification: changes.verification && mergeVerification(campaignVerificationOf(current.verification), changes.verification),
        linkedinAccountIds: changes.linkedinAccountIds,
        emailAccountIds,
        excludeListIds: changes.excludeListIds,
        listId: changes.listId,
        excludeOtherCampaigns: changes.excludeOtherCampaigns,
        excludeOtherSenders: changes.excludeOtherSenders,
        excludeSameSenderOtherCampaigns: changes.excludeSameSenderOtherCampaigns,
        schedule: changes.schedule,
        sequence: sequence && sequenceColumn(sequence),
        updatedAt: now(),
      },
    });
    if (sequence && previous && started) await retimeCampaignLeads(tx, current.id, retimeWaitingLeads(previous, sequence), now());
    if (sequence) await settleEditedAiLines(tx, current.id, sequence);
    if (sequence && !started) {
      // No lead has started: they all begin at the (new) first step.
      const first = firstStep(sequence);
      await tx.campaignLead.updateMany({
        where: { campaignId: current.id },
        data: { currentStepId: first?.id ?? null, currentStepType: first?.type ?? null },
      });
    }
    if (changes.linkedinAccountIds) await assignCampaignSenders(tx, updated);
    if (emailAccountIds) await assignCampaignMailboxes(tx, updated);
    if (changes.listId && changes.listId !== current.listId) await enrollListLeads(tx, updated);
    if (changes.status === "active" && current.status !== "active") await recordGettingStarted(current.workspaceId, "campaignActivatedAt", tx);
    return updated;
  });
  if (row.status === "active") await kickCampaignExecutor("campaign updated");
  return toCampaign(row);
}
