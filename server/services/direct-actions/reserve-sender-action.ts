// Records the intent of an action before LinkedIn is asked, inside the sender's lock: the caps are
// checked and the intent counted in one step, so concurrent requests cannot exceed a cap, and an
// invitation to a member can be open only once per sender.
import { Prisma } from "../../db/client";
import type { LinkedinAccount, SenderAction } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { addZonedDays, startOfZonedDay, startOfZonedWeek } from "../../lib/time-zones";
import { CAP_OF_ACTION, COUNTED_STATUSES, resolveLimits } from "../../domain/sender-limits";
import { readLimitOverrides } from "../senders/sender-columns";

export interface ActionIntent {
  type: "invitation" | "profile_view" | "post_like" | "message" | "inmail" | "comment" | "voice_note";
  /** `manual`: a reply written in the inbox (counted against the caps as any message). */
  source: "direct" | "campaign" | "manual";
  leadId: string;
  profileUrl?: string | null;
  publicIdentifier?: string | null;
  note?: string | null;
  postUrl?: string | null;
  campaignLeadId?: string;
  stepId?: string;
  variantId?: string;
  /** Direct actions honour the workspace's weekly-limit bypass; campaigns always keep the limit. */
  honourWeeklyBypass: boolean;
}

function secondsUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - now().getTime()) / 1000));
}

export async function reserveSenderAction(tx: Prisma.TransactionClient, account: LinkedinAccount, intent: ActionIntent): Promise<SenderAction> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sender:${account.id}`}))`;
  const workspace = await tx.workspace.findUniqueOrThrow({
    where: { id: account.workspaceId },
    select: { weeklyInvitationLimitFree: true, weeklyInvitationLimitPaid: true, bypassWeeklyInvitationLimit: true },
  });
  const limits = resolveLimits({ linkedinPlan: account.linkedinPlan, overrides: readLimitOverrides(account.limits), workspace });
  const current = now();
  const cap = CAP_OF_ACTION[intent.type]!;
  const sameCap = Object.entries(CAP_OF_ACTION).filter(([, name]) => name === cap).map(([type]) => type);
  const dayStart = startOfZonedDay(current, account.timezone);
  const usedToday = await tx.senderAction.count({
    where: { accountId: account.id, type: { in: sameCap }, status: { in: COUNTED_STATUSES }, createdAt: { gte: dayStart } },
  });
  if (usedToday >= limits.daily[cap]) {
    const tomorrow = addZonedDays(current, 1, account.timezone);
    throw new HeraldError({
      code: "daily-limit-reached",
      message: `This sender reached its daily cap of ${limits.daily[cap]} ${cap} (resets at ${tomorrow.toISOString()}, midnight ${account.timezone}).`,
      retryAfterSeconds: secondsUntil(tomorrow),
    });
  }
  if (intent.type === "invitation" && !(intent.honourWeeklyBypass && limits.weeklyLimitBypassed)) {
    const weekStart = startOfZonedWeek(current, account.timezone);
    const usedThisWeek = await tx.senderAction.count({
      where: { accountId: account.id, type: "invitation", status: { in: COUNTED_STATUSES }, createdAt: { gte: weekStart } },
    });
    if (usedThisWeek >= limits.weeklyInvitations) {
      const nextWeek = addZonedDays(weekStart, 7, account.timezone);
      throw new HeraldError({
        code: "weekly-limit-reached",
        message: `This sender reached its weekly limit of ${limits.weeklyInvitations} connection requests (resets ${nextWeek.toISOString()}).`,
        retryAfterSeconds: secondsUntil(nextWeek),
      });
    }
  }
  try {
    return await tx.senderAction.create({
      data: {
        workspaceId: account.workspaceId,
        accountId: account.id,
        leadId: intent.leadId,
        type: intent.type,
        source: intent.source,
        status: "sending",
        campaignLeadId: intent.campaignLeadId,
        stepId: intent.stepId,
        variantId: intent.variantId,
        profileUrl: intent.profileUrl,
        publicIdentifier: intent.publicIdentifier,
        note: intent.note,
        postUrl: intent.postUrl,
        openInvitationKey: intent.type === "invitation" ? `${account.id}:${intent.leadId}` : null,
        createdAt: current,
        updatedAt: current,
      },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new HeraldError({ code: "invitation-pending", message: "An invitation from this sender to this profile is already pending." });
    }
    throw error;
  }
}
