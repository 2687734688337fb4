import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TUpdateCampaignInput, TCampaign } from "../../schemas/campaign";
import { assignCampaignMailboxes } from "./assign-campaign-mailboxes";
import { assignCampaignSenders } from "./assign-campaign-senders";
import { retimeWaitingLeads } from "../../domain/sequence/retime-waiting-leads";
import { firstStep } from "../../domain/sequence/wire-sequence";
import { enrollListLeads } from "./enroll-list-leads";
import { recordGettingStarted } from "../getting-started/record-getting-started";
import { findCampaign } from "./find-campaign";
import { kickCampaignExecutor } from "./kick-campaign-executor";
import { retimeCampaignLeads } from "./retime-campaign-leads";
import { settleEditedAiLines } from "./ai-lines/settle-edited-ai-lines";
import { toCampaign } from "./to-campaign";
import { prepareCampaignChange } from "./prepare-campaign-change";

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
  const { sequence, previous, started, emailAccountIds, columns } = await prepareCampaignChange(actor, current, changes);
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.campaign.update({
      where: { id: current.id },
      data: { ...columns, updatedAt: now() },
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
