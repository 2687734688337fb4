// One sender's turn: the sender acts once on the first due lead whose step it may take now, inside
// the open schedules of its active campaigns and its caps, then rests a human-like gap. The minute
// pass (run-executor-pass.ts) finds the senders with due work; each turn runs on its own, so that
// several Herald processes can share the turns (one turn per sender at a time). The rules are the
// decision core's (server/domain/sequence); this file reads the facts and carries out its decisions.
import { db, Prisma } from "../../../db/client";
import { modelRow, objectRows } from "../../../db/json-timestamps";
import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { decideHold } from "../../../domain/sequence/decide-step";
import { isWithinSchedule } from "../../../domain/sequence/schedule";
import { batchStepTypes, CANDIDATES_PER_SENDER, EMAIL_STEP_TYPES, readAnotherBatch, senderCanActAt, turnSender } from "../../../domain/sequence/turn-policy";
import { now } from "../../../lib/clock";
import { usageFrom, usageRowsFrom, type UsageRow } from "../../senders/count-sender-usage";
import { cappedKindsOf, type WorkspaceLimits } from "../../senders/sender-capped-kinds";
import { scheduleOf, sequenceOf, stepById } from "./load-campaign-sequence";
import { reconcileInterruptedSteps } from "./reconcile-interrupted-steps";
import { readTurnCandidates } from "./read-turn-candidates";
import { performLeadStep } from "./perform-lead-step";

/**
 * Lets one sender act once: the first due lead whose step it may take now. Kinds at their cap are
 * left out before any lead is looked at (no profile is read for a step that cannot be taken). Due
 * leads are read in batches of the other kinds (readAnotherBatch says when another is read). The
 * forecast's turn (forecast/sim-turn.ts) follows the same policy.
 */
async function takeTurn(sender: LinkedinAccount, campaigns: Map<string, Campaign>, at: Date, workspace: WorkspaceLimits, capped: Set<string>): Promise<boolean> {
  const seen: string[] = [];
  for (;;) {
    const cappedBefore = capped.size;
    const candidates = await readTurnCandidates({
      senderId: sender.id,
      campaignIds: [...campaigns.keys()],
      stepTypes: batchStepTypes(capped),
      seen,
      at,
      take: CANDIDATES_PER_SENDER,
    });
    for (const { holder, listed, ...candidate } of candidates) {
      seen.push(candidate.id);
      if (candidate.currentStepType && capped.has(candidate.currentStepType)) continue;
      const campaign = campaigns.get(candidate.campaignId)!;
      const sequence = sequenceOf(campaign);
      const step = stepById(sequence, candidate.currentStepId);
      if (!step) continue;
      // A person on the do-not-contact list is refused before any hold (performLeadStep fails the lead).
      const held = listed ? null : decideHold(holder, at.getTime());
      if (held) {
        await db.campaignLead.update({
          where: { id: candidate.id },
          data: { heldBy: { ...held.holder }, waitUntil: new Date(held.retryAt), updatedAt: at },
        });
        continue;
      }
      if (candidate.heldBy && !listed) await db.campaignLead.update({ where: { id: candidate.id }, data: { heldBy: Prisma.DbNull } });
      const result = await performLeadStep({ campaign, sequence, campaignLead: candidate, sender, step, workspace, listed });
      if (result.kind === "acted" || result.kind === "sender-unavailable") return result.kind === "acted";
      if (result.kind === "capped") capped.add(step.type);
    }
    if (!readAnotherBatch({ size: candidates.length, cappedBefore, cappedAfter: capped.size })) return false;
  }
}

/**
 * The sender, its workspace's weekly limits, its usage counters of the last eight days, whether it
 * has an interrupted intent, and its active campaigns: one round trip (this runs for every turn).
 */
async function readTurnStart(
  senderId: string,
  at: Date,
): Promise<{ sender: LinkedinAccount; workspace: WorkspaceLimits; interrupted: boolean; usage: UsageRow[]; campaigns: Campaign[] } | null> {
  const since = new Date(at.getTime() - 8 * 86_400_000);
  const rows = await db.$queryRaw`
    SELECT a.*, w."weeklyInvitationLimitFree", w."weeklyInvitationLimitPaid", w."bypassWeeklyInvitationLimit",
      EXISTS (
        SELECT 1 FROM "CampaignLeadStep" j JOIN "CampaignLead" cl ON cl.id = j."campaignLeadId"
        WHERE j.status = 'sending' AND cl."linkedinAccountId" = a.id AND j."stepType" <> ALL(${[...EMAIL_STEP_TYPES]})
      ) AS interrupted,
      COALESCE((SELECT jsonb_agg(to_jsonb(u) - 'accountId') FROM "SenderDailyUsage" u WHERE u."accountId" = a.id AND u.day >= ${since}::date), '[]'::jsonb) AS usage,
      COALESCE((SELECT jsonb_agg(to_jsonb(c)) FROM "Campaign" c WHERE c.status = 'active' AND a.id = ANY(c."linkedinAccountIds")), '[]'::jsonb) AS campaigns
    FROM "LinkedinAccount" a JOIN "Workspace" w ON w.id = a."workspaceId"
    WHERE a.id = ${senderId}`;
  const row = objectRows(rows)[0];
  if (!row) return null;
  const { weeklyInvitationLimitFree, weeklyInvitationLimitPaid, bypassWeeklyInvitationLimit, interrupted, usage, campaigns, ...sender } = row;
  return {
    sender: modelRow("LinkedinAccount", sender),
    workspace: {
      weeklyInvitationLimitFree: Number(weeklyInvitationLimitFree),
      weeklyInvitationLimitPaid: Number(weeklyInvitationLimitPaid),
      bypassWeeklyInvitationLimit: bypassWeeklyInvitationLimit === true,
    },
    interrupted: interrupted === true,
    usage: usageRowsFrom(usage),
    campaigns: objectRows(campaigns).map((campaign) => modelRow("Campaign", campaign)),
  };
}

/**
 * Takes one sender's turn at `at`: re-reads the sender (it may have acted, been paused or
 * disconnected since the pass found it) and its active campaigns whose schedule is open at `at`,
 * then lets it act once. Returns whether the sender acted.
 */
export async function takeSenderTurn(senderId: string, at: Date): Promise<boolean> {
  let start = await readTurnStart(senderId, at);
  if (start?.interrupted) {
    // Turns of one sender never overlap, so any intent of this sender left `sending` is a leftover.
    await reconcileInterruptedSteps({ senderId });
    start = await readTurnStart(senderId, at);
  }
  if (!start) return false;
  const { sender, workspace } = start;
  if (!senderCanActAt(turnSender(sender), at.getTime())) return false;
  const open = new Map(start.campaigns.filter((campaign) => isWithinSchedule(scheduleOf(campaign), at)).map((campaign) => [campaign.id, campaign]));
  if (!open.size) return false;
  const capped = cappedKindsOf(sender, workspace, usageFrom(start.usage, sender, now()));
  return takeTurn(sender, open, at, workspace, capped);
}
