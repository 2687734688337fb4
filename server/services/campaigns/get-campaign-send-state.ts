import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { addZonedDays, startOfZonedDay, startOfZonedWeek } from "../../lib/time-zones";
import type { TCampaignSendState, TSenderCap } from "../../schemas/campaign-send-state";
import { countSenderUsage } from "../senders/count-sender-usage";
import { resolveLimits, stepCapsReached } from "../../domain/sender-limits";
import { isWithinSchedule, nextWindowStart } from "../../domain/sequence/schedule";
import { scheduleOf } from "./executor/load-campaign-sequence";
import { findCampaign } from "./find-campaign";
import { readLimitOverrides } from "../senders/sender-columns";

/**
 * Why a campaign's due leads may not move right now: its schedule (the executor's own
 * isWithinSchedule and nextWindowStart) and, per sender of its pool, the caps used up and the
 * pauses the executor honours. Two queries per sender of the pool, whatever the number of leads.
 */
export async function getCampaignSendState(actor: Actor, campaignId: string): Promise<TCampaignSendState> {
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
        const capped: TSenderCap[] = stepCapsReached(limits, { day: usage.day, weekInvitations: usage.week.invitations }).map(({ stepType, cap }) => ({
          stepType,
          limit: cap.limit,
          resetsAt: cap.limit === "daily" ? nextDay : nextWeek,
        }));
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
