import type { DbClient, Prisma } from "../../db/client";
import type { TSenderUsage } from "../../schemas/sender";
import { countSenderUsage } from "./count-sender-usage";
import { cappedStepKinds, resolveLimits } from "../../domain/sender-limits";
import { readLimitOverrides } from "./sender-columns";

export type WorkspaceLimits = { weeklyInvitationLimitFree: number; weeklyInvitationLimitPaid: number; bypassWeeklyInvitationLimit: boolean };

/** The step kinds a sender may not take again today: their daily cap, or the weekly invitation limit, is used up. */
export async function senderCappedKinds(
  sender: { id: string; timezone: string; linkedinPlan: string; limits: Prisma.JsonValue },
  workspace: WorkspaceLimits,
  client?: DbClient,
): Promise<Set<string>> {
  return cappedKindsOf(sender, workspace, await countSenderUsage(sender, client));
}

/** The step kinds at their cap, from a usage already read. */
export function cappedKindsOf(sender: { linkedinPlan: string; limits: Prisma.JsonValue }, workspace: WorkspaceLimits, usage: TSenderUsage): Set<string> {
  const limits = resolveLimits({ linkedinPlan: sender.linkedinPlan, overrides: readLimitOverrides(sender.limits), workspace });
  return cappedStepKinds(limits, { day: usage.day, weekInvitations: usage.week.invitations });
}
