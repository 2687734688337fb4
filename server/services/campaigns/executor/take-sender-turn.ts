// One sender's turn: the sender acts once on the first due lead whose step it may take now, inside
// the open schedules of its active campaigns and its caps, then rests a human-like gap. The minute
// pass (run-executor-pass.ts) finds the senders with due work; each turn runs on its own, so that
// several Herald processes can share the turns (one turn per sender at a time). The rules are the
// decision core's (server/domain/sequence); this file reads the facts and carries out its decisions.
import { db, Prisma } from "../../../db/client";
import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { decideStep } from "../../../domain/sequence/decide-step";
import { isWithinSchedule } from "../../../domain/sequence/schedule";
import { batchStepTypes, CANDIDATES_PER_SENDER, readAnotherBatch, senderCanActAt, turnSender } from "../../../domain/sequence/turn-policy";
import { senderCappedKinds, type WorkspaceLimits } from "../../senders/sender-capped-kinds";
import { scheduleOf, sequenceOf, stepById } from "./load-campaign-sequence";
import { reconcileInterruptedSteps } from "./reconcile-interrupted-steps";
import { heldBy } from "./held-by";
import { performLeadStep } from "./perform-lead-step";

/**
 * Lets one sender act once: the first due lead whose step it may take now. Kinds at their cap are
 * left out before any lead is looked at (no profile is read for a step that cannot be taken). Due
 * leads are read in batches of the other kinds (readAnotherBatch says when another is read). The
 * forecast's turn (forecast/sim-turn.ts) follows the same policy.
 */
async function takeTurn(sender: LinkedinAccount, campaigns: Map<string, Campaign>, at: Date, workspace: WorkspaceLimits): Promise<boolean> {
  const capped = await senderCappedKinds(sender, workspace);
  const seen: string[] = [];
  for (;;) {
    const cappedBefore = capped.size;
    const candidates = await db.campaignLead.findMany({
      where: {
        linkedinAccountId: sender.id,
        campaignId: { in: [...campaigns.keys()] },
        status: { in: ["pending", "running"] },
        phase: "ready",
        waitUntil: { lte: at },
        currentStepType: { in: batchStepTypes(capped) },
        ...(seen.length ? { id: { notIn: seen } } : {}),
      },
      include: { lead: true },
      orderBy: [{ waitUntil: "asc" }, { seq: "asc" }],
      take: CANDIDATES_PER_SENDER,
    });
    for (const candidate of candidates) {
      seen.push(candidate.id);
      if (candidate.currentStepType && capped.has(candidate.currentStepType)) continue;
      const campaign = campaigns.get(candidate.campaignId)!;
      const sequence = sequenceOf(campaign);
      const step = stepById(sequence, candidate.currentStepId);
      if (!step) continue;
      const holder = await heldBy(candidate, campaign);
      const decision = decideStep({ step, campaignLeadId: candidate.id, at: at.getTime(), holder, hasProfile: true, profile: null, inmailBalance: 0, capped: false });
      if (decision.kind === "held") {
        await db.campaignLead.update({
          where: { id: candidate.id },
          data: { heldBy: { ...decision.holder }, waitUntil: new Date(decision.retryAt), updatedAt: at },
        });
        continue;
      }
      if (candidate.heldBy) await db.campaignLead.update({ where: { id: candidate.id }, data: { heldBy: Prisma.DbNull } });
      const result = await performLeadStep({ campaign, sequence, campaignLead: candidate, sender, step });
      if (result.kind === "acted" || result.kind === "sender-unavailable") return result.kind === "acted";
      if (result.kind === "capped") capped.add(step.type);
    }
    if (!readAnotherBatch({ size: candidates.length, cappedBefore, cappedAfter: capped.size })) return false;
  }
}

/**
 * Takes one sender's turn at `at`: re-reads the sender (it may have acted, been paused or
 * disconnected since the pass found it) and its active campaigns whose schedule is open at `at`,
 * then lets it act once. Returns whether the sender acted.
 */
export async function takeSenderTurn(senderId: string, at: Date): Promise<boolean> {
  // Turns of one sender never overlap, so any intent of this sender left `sending` is a leftover.
  await reconcileInterruptedSteps({ senderId });
  const sender = await db.linkedinAccount.findUnique({ where: { id: senderId } });
  if (!sender || !senderCanActAt(turnSender(sender), at.getTime())) return false;
  const active = await db.campaign.findMany({ where: { status: "active", linkedinAccountIds: { has: sender.id } } });
  const open = new Map(active.filter((campaign) => isWithinSchedule(scheduleOf(campaign), at)).map((campaign) => [campaign.id, campaign]));
  if (!open.size) return false;
  const workspace = await db.workspace.findUniqueOrThrow({
    where: { id: sender.workspaceId },
    select: { weeklyInvitationLimitFree: true, weeklyInvitationLimitPaid: true, bypassWeeklyInvitationLimit: true },
  });
  return takeTurn(sender, open, at, workspace);
}
