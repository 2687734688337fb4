// One pass of the campaign executor (run every minute and when something gives it work; passes
// never overlap). It reconciles interrupted steps, resolves due waits and conditions, then lets
// each available sender take one action: the due lead it is pinned to that comes first, inside the
// campaign's schedule and the sender's caps, then a human-like pause before its next action.
import { db, Prisma } from "../../../db/client";
import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { NOT_YET_AVAILABLE, type StepType } from "../../../schemas/sequence";
import { senderCappedKinds, type WorkspaceLimits } from "../../senders/sender-capped-kinds";
import { isWithinSchedule } from "../engine/schedule";
import { scheduleOf, sequenceOf, stepById } from "./load-campaign-sequence";
import { performLeadStep, type LeadInCampaign } from "./perform-lead-step";
import { reconcileInterruptedSteps } from "./reconcile-interrupted-steps";
import { resolveDueWaits } from "./resolve-due-waits";

/** Step kinds a sender's turn is used for (the not-yet-available kinds fail the lead on their turn). */
export const ACTION_STEP_TYPES: StepType[] = ["visit_profile", "invite", "message", "inmail", ...NOT_YET_AVAILABLE];
const CANDIDATES_PER_SENDER = 10;
const HELD_RETRY_MS = 3_600_000;

export interface PassReport {
  reconciled: number;
  resolved: number;
  acted: number;
  sendersConsidered: number;
}

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

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

export async function runExecutorPass(options: { parallelism?: number } = {}): Promise<PassReport> {
  const reconciled = await reconcileInterruptedSteps();
  const resolved = await resolveDueWaits();
  const at = now();
  const active = await db.campaign.findMany({ where: { status: "active" } });
  const open = new Map(active.filter((campaign) => isWithinSchedule(scheduleOf(campaign), at)).map((campaign) => [campaign.id, campaign]));
  if (!open.size) return { reconciled: reconciled.recorded + reconciled.retried, resolved, acted: 0, sendersConsidered: 0 };

  const poolIds = [...new Set([...open.values()].flatMap((campaign) => campaign.linkedinAccountIds))];
  const senders = await db.linkedinAccount.findMany({
    where: {
      id: { in: poolIds },
      connectionStatus: "connected",
      status: "active",
      paused: false,
      AND: [{ OR: [{ cooldownUntil: null }, { cooldownUntil: { lte: at } }] }, { OR: [{ nextActionAt: null }, { nextActionAt: { lte: at } }] }],
    },
    orderBy: [{ nextActionAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
  });
  const workspaces = new Map(
    (
      await db.workspace.findMany({
        where: { id: { in: [...new Set(senders.map((sender) => sender.workspaceId))] } },
        select: { id: true, weeklyInvitationLimitFree: true, weeklyInvitationLimitPaid: true, bypassWeeklyInvitationLimit: true },
      })
    ).map((workspace) => [workspace.id, workspace]),
  );
  let acted = 0;
  await inParallel(senders, options.parallelism ?? 8, async (sender) => {
    const campaigns = new Map([...open].filter(([, campaign]) => campaign.linkedinAccountIds.includes(sender.id)));
    try {
      if (await takeTurn(sender, campaigns, at, workspaces.get(sender.workspaceId)!)) acted++;
    } catch (error) {
      logger.error("A sender's campaign turn failed", { accountId: sender.id, error });
    }
  });
  return { reconciled: reconciled.recorded + reconciled.retried, resolved, acted, sendersConsidered: senders.length };
}
