// One sender's turn: the sender acts once on the first due lead whose step it may take now, inside
// the open schedules of its active campaigns and its caps, then rests a human-like gap. The minute
// pass (run-executor-pass.ts) finds the senders with due work; each turn runs on its own, so that
// several Herald processes can share the turns (one turn per sender at a time).
import { db, Prisma } from "../../../db/client";
import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { NOT_YET_AVAILABLE, type StepType } from "../../../schemas/sequence";
import { senderCappedKinds, type WorkspaceLimits } from "../../senders/sender-capped-kinds";
import { isWithinSchedule } from "../engine/schedule";
import { scheduleOf, sequenceOf, stepById } from "./load-campaign-sequence";
import { performLeadStep, type LeadInCampaign } from "./perform-lead-step";

/** Step kinds a sender's turn is used for (the not-yet-available kinds fail the lead on their turn). */
export const ACTION_STEP_TYPES: StepType[] = ["visit_profile", "invite", "message", "inmail", ...NOT_YET_AVAILABLE];
const CANDIDATES_PER_SENDER = 10;
const HELD_RETRY_MS = 3_600_000;

async function heldBy(lead: LeadInCampaign, campaign: Campaign): Promise<{ campaignId: string; campaignName: string; senderName: string | null } | null> {
  if (!campaign.excludeOtherCampaigns && !campaign.excludeSameSenderOtherCampaigns) return null;
  const other = await db.campaignLead.findFirst({
    where: {
      leadId: lead.leadId,
      campaignId: { not: campaign.id },
      status: "running",
      ...(campaign.excludeOtherCampaigns ? {} : { linkedinAccountId: lead.linkedinAccountId }),
    },
    include: { campaign: { select: { id: true, name: true } } },
  });
  if (!other) return null;
  const holder = other.linkedinAccountId ? await db.linkedinAccount.findUnique({ where: { id: other.linkedinAccountId }, select: { label: true, fullName: true } }) : null;
  return { campaignId: other.campaign.id, campaignName: other.campaign.name, senderName: holder ? holder.label || holder.fullName : null };
}

/**
 * Lets one sender act once: the first due lead whose step it may take now. Kinds at their cap are
 * left out before any lead is looked at (no profile is read for a step that cannot be taken). Due
 * leads are read in batches of the other kinds; another batch is read only when this one found a
 * kind at its cap (a race with a direct action), so that leads behind a capped kind (invitations
 * waiting for tomorrow) do not keep a due message or InMail from its turn. The forecast mirrors
 * this order.
 */
async function takeTurn(sender: LinkedinAccount, campaigns: Map<string, Campaign>, at: Date, workspace: WorkspaceLimits): Promise<boolean> {
  const capped = await senderCappedKinds(sender, workspace);
  const seen: string[] = [];
  for (;;) {
    const excluded = new Set(capped);
    const candidates = await db.campaignLead.findMany({
      where: {
        linkedinAccountId: sender.id,
        campaignId: { in: [...campaigns.keys()] },
        status: { in: ["pending", "running"] },
        phase: "ready",
        waitUntil: { lte: at },
        currentStepType: { in: ACTION_STEP_TYPES.filter((type) => !excluded.has(type)) },
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
      const holder = await heldBy(candidate, campaign);
      if (holder) {
        await db.campaignLead.update({
          where: { id: candidate.id },
          data: { heldBy: holder, waitUntil: new Date(at.getTime() + HELD_RETRY_MS), updatedAt: at },
        });
        continue;
      }
      if (candidate.heldBy) await db.campaignLead.update({ where: { id: candidate.id }, data: { heldBy: Prisma.DbNull } });
      const sequence = sequenceOf(campaign);
      const step = stepById(sequence, candidate.currentStepId);
      if (!step) continue;
      const result = await performLeadStep({ campaign, sequence, campaignLead: candidate, sender, step });
      if (result.kind === "acted" || result.kind === "sender-unavailable") return result.kind === "acted";
      if (result.kind === "capped") capped.add(step.type);
    }
    if (candidates.length < CANDIDATES_PER_SENDER || capped.size === excluded.size) return false;
  }
}

/** Whether a sender may act at `at`: connected, active, not paused, past its cooldown and its human-like gap. */
export function senderFreeAt(at: Date) {
  return {
    connectionStatus: "connected",
    status: "active",
    paused: false,
    AND: [{ OR: [{ cooldownUntil: null }, { cooldownUntil: { lte: at } }] }, { OR: [{ nextActionAt: null }, { nextActionAt: { lte: at } }] }],
  } satisfies Prisma.LinkedinAccountWhereInput;
}

/**
 * Takes one sender's turn at `at`: re-reads the sender (it may have acted, been paused or
 * disconnected since the pass found it) and its active campaigns whose schedule is open at `at`,
 * then lets it act once. Returns whether the sender acted.
 */
export async function takeSenderTurn(senderId: string, at: Date): Promise<boolean> {
  const sender = await db.linkedinAccount.findFirst({ where: { id: senderId, ...senderFreeAt(at) } });
  if (!sender) return false;
  const active = await db.campaign.findMany({ where: { status: "active", linkedinAccountIds: { has: sender.id } } });
  const open = new Map(active.filter((campaign) => isWithinSchedule(scheduleOf(campaign), at)).map((campaign) => [campaign.id, campaign]));
  if (!open.size) return false;
  const workspace = await db.workspace.findUniqueOrThrow({
    where: { id: sender.workspaceId },
    select: { weeklyInvitationLimitFree: true, weeklyInvitationLimitPaid: true, bypassWeeklyInvitationLimit: true },
  });
  return takeTurn(sender, open, at, workspace);
}
