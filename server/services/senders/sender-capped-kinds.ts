import type { DbClient } from "../../db/client";
import { countSenderUsage } from "./count-sender-usage";
import { cappedStepKinds, resolveLimits, type LimitOverrides } from "../../domain/sender-limits";

export type WorkspaceLimits = { weeklyInvitationLimitFree: number; weeklyInvitationLimitPaid: number; bypassWeeklyInvitationLimit: boolean };

/** The step kinds a sender may not take again today: their daily cap, or the weekly invitation limit, is used up. */
export async function senderCappedKinds(
  sender: { id: string; timezone: string; linkedinPlan: string; limits: unknown },
  workspace: WorkspaceLimits,
  client?: DbClient,
): Promise<Set<string>> {
  const usage = await countSenderUsage(sender, client);
  const limits = resolveLimits({ linkedinPlan: sender.linkedinPlan, overrides: sender.limits as LimitOverrides | null, workspace });
  return cappedStepKinds(limits, { day: usage.day, weekInvitations: usage.week.invitations });
}
