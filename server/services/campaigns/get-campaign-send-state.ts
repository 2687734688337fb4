import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { addZonedDays, startOfZonedDay, startOfZonedWeek } from "../../lib/time-zones";
import { countSenderUsage } from "../senders/count-sender-usage";
import { CAP_OF_STEP, resolveLimits } from "../senders/sender-limits";
import { isWithinSchedule, nextWindowStart } from "./engine/schedule";
import { scheduleOf } from "./executor/load-campaign-sequence";
import { findCampaign } from "./find-campaign";
import { readLimitOverrides } from "../senders/sender-columns";

export interface SenderCap {
  /** The step kind the sender may not take now (`invite`, `message`…). */
  stepType: string;
  limit: "daily" | "weekly";
  /** When the count starts again: the sender's next midnight, or the start of its next week. */
  resetsAt: string;
}

export interface SenderSendState {
  id: string;
  timezone: string;
  capped: SenderCap[];
  /** The human-like pause after its last action ends then. */
  nextActionAt: string | null;
  /** LinkedIn throttled the sender: it rests until then. */
  cooldownUntil: string | null;
}

export interface CampaignSendState {
  at: string;
  status: string;
  timezone: string;
  /** Whether the campaign's schedule lets it act now. */
  windowOpen: boolean;
  /** When the schedule opens next (now, if open); null once it never opens again. */
  nextWindowOpensAt: string | null;
  senders: SenderSendState[];
}

/**
 * Why a campaign's due leads may not move right now: its schedule (the executor's own
 * isWithinSchedule and nextWindowStart) and, per sender of its pool, the caps used up and the
 * pauses the executor honours. Two queries per sender of the pool, whatever the number of leads.
 */
export async function getCampaignSendState(actor: Actor, campaignId: string): Promise<CampaignSendState> {
  const campaign = await findCampaign(actor, campaignId);
  const at = now();
  const schedule = scheduleOf(campaign);
  const [workspace, senders] = await Promise.all([
    db.workspace.findUniqueOrThrow({
      where: { id: actor.workspaceId },
      select: { weeklyInvitationLimitFree: true, weeklyInvitationLimitPaid: true, bypassWeeklyInvitationLimit: true },
    }),
    db.linkedinAccount.findMany({ where: { id: { in: campaign.linkedinAccountIds }, workspaceId: actor.workspaceId } }),
  ]);
  const nextOpen = nextWindowStart(schedule, at);
  return {
    at: at.toISOString(),
    status: campaign.status,
    timezone: schedule.timezone,
    windowOpen: isWithinSchedule(schedule, at),
    nextWindowOpensAt: nextOpen?.toISOString() ?? null,
    senders: await Promise.all(
      senders.map(async (sender) => {
        const usage = await countSenderUsage(sender);
        const limits = resolveLimits({ linkedinPlan: sender.linkedinPlan, overrides: readLimitOverrides(sender.limits), workspace });
        const nextDay = startOfZonedDay(addZonedDays(at, 1, sender.timezone), sender.timezone).toISOString();
        const nextWeek = startOfZonedWeek(addZonedDays(startOfZonedWeek(at, sender.timezone), 7, sender.timezone), sender.timezone).toISOString();
        const capped: SenderCap[] = [];
        for (const [stepType, cap] of Object.entries(CAP_OF_STEP)) {
          if (usage.day[cap] >= limits.daily[cap]) capped.push({ stepType, limit: "daily", resetsAt: nextDay });
          else if (stepType === "invite" && usage.week.invitations >= limits.weeklyInvitations) capped.push({ stepType, limit: "weekly", resetsAt: nextWeek });
        }
        return {
          id: sender.id,
          timezone: sender.timezone,
          capped,
          nextActionAt: sender.nextActionAt && sender.nextActionAt > at ? sender.nextActionAt.toISOString() : null,
          cooldownUntil: sender.cooldownUntil && sender.cooldownUntil > at ? sender.cooldownUntil.toISOString() : null,
        };
      }),
    ),
  };
}
