// Records the intent of an action before LinkedIn is asked: the intent is counted and the caps are
// checked in one transaction, so concurrent requests cannot exceed a cap, and an invitation to a
// member can be open only once per sender.
import { Prisma } from "../../db/client";
import type { LinkedinAccount, SenderAction } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { addZonedDays, startOfZonedWeek } from "../../lib/time-zones";
import { capReachedBy, resolveLimits, usageBefore, type CapReached, type CapUsage } from "../../domain/sender-limits";
import { countSenderUsage } from "../senders/count-sender-usage";
import type { WorkspaceLimits } from "../senders/sender-capped-kinds";
import { readLimitOverrides } from "../senders/sender-columns";
import type { TActionType } from "../../schemas/direct-action";

export interface ActionIntent {
  type: TActionType;
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

/** The reservation's answer: the intent is written, or a cap refused it (its transaction must roll back). */
export type Reservation<T> = ({ kind: "reserved" } & T) | Capped;

/** A cap refused the action: which one, and when it resets. */
export type Capped = { kind: "capped"; cap: CapReached; resetsAt: Date };

/** A unique constraint refused the insert (through Prisma's model API, or a raw statement). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2002") return true;
  return error.code === "P2010" && (JSON.stringify(error.meta ?? {}).includes("23505") || /unique constraint/i.test(error.message));
}

function secondsUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - now().getTime()) / 1000));
}

/**
 * Records the intent and checks the caps in the same transaction: the insert counts the action on
 * the sender's day (the SenderDailyUsage trigger), which first takes a lock on the sender held until
 * the transaction ends (migration 20261125021500_sender_usage_lock). Concurrent reservations of one
 * sender are therefore counted one after the other, on whichever local day each falls: the check
 * after the insert sees every earlier reservation, so neither a daily cap nor the weekly limit (a sum
 * over days, so a day's row lock alone would not do at midnight) can be exceeded. No statement is
 * added for it. Over a cap, the error rolls the transaction (and the intent) back.
 * `workspace`: the workspace's weekly limits, when the caller has read them already.
 */
export async function reserveSenderAction(
  tx: Prisma.TransactionClient,
  account: LinkedinAccount,
  intent: ActionIntent,
  workspace?: WorkspaceLimits,
): Promise<Reservation<{ action: SenderAction }>> {
  return reserve(tx, account, intent, workspace);
}

/**
 * A direct action's (or a manual reply's) reservation: the action, or, at a cap, the error its
 * request answers with (429, with when the cap resets), which also rolls the transaction back.
 */
export async function reserveOrRefuse(tx: Prisma.TransactionClient, account: LinkedinAccount, intent: ActionIntent, workspace?: WorkspaceLimits): Promise<SenderAction> {
  const reserved = await reserveSenderAction(tx, account, intent, workspace);
  if (reserved.kind === "capped") throw cappedError(reserved, account);
  return reserved.action;
}

/** The request's answer to a reservation a cap refused. */
export function cappedError(capped: Capped, account: Pick<LinkedinAccount, "timezone">): HeraldError {
  const retryAfterSeconds = secondsUntil(capped.resetsAt);
  if (capped.cap.limit === "weekly") {
    return new HeraldError({
      code: "weekly-limit-reached",
      message: `This sender reached its weekly limit of ${capped.cap.max} connection requests (resets ${capped.resetsAt.toISOString()}).`,
      retryAfterSeconds,
    });
  }
  return new HeraldError({
    code: "daily-limit-reached",
    message: `This sender reached its daily cap of ${capped.cap.max} ${capped.cap.cap} (resets at ${capped.resetsAt.toISOString()}, midnight ${account.timezone}).`,
    retryAfterSeconds,
  });
}

async function reserve(
  tx: Prisma.TransactionClient,
  account: LinkedinAccount,
  intent: ActionIntent,
  workspace: WorkspaceLimits | undefined,
): Promise<Reservation<{ action: SenderAction }>> {
  const current = now();
  let action: SenderAction;
  try {
    action = await tx.senderAction.create({
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
    if (isUniqueViolation(error)) throw invitationPending();
    throw error;
  }
  const [limitsOf, usage] = await Promise.all([
    workspace ??
      tx.workspace.findUniqueOrThrow({
        where: { id: account.workspaceId },
        select: { weeklyInvitationLimitFree: true, weeklyInvitationLimitPaid: true, bypassWeeklyInvitationLimit: true },
      }),
    // The day and week the action was counted in, even if the clock passed midnight since.
    countSenderUsage(account, tx, current),
  ]);
  const capped = capCheck(account, intent, limitsOf, usageBefore(intent.type, { day: usage.day, weekInvitations: usage.week.invitations }), current);
  return capped ?? { kind: "reserved", action };
}

/**
 * The reservation's cap check (the core's capReachedBy) on the sender's counts before the action,
 * counted at `current`: null when the action fits, else which cap refused it and when it resets.
 */
export function capCheck(account: LinkedinAccount, intent: Pick<ActionIntent, "type" | "honourWeeklyBypass">, workspace: WorkspaceLimits, before: CapUsage, current: Date): Capped | null {
  const limits = resolveLimits({ linkedinPlan: account.linkedinPlan, overrides: readLimitOverrides(account.limits), workspace });
  const cap = capReachedBy(intent.type, limits, before, { honourWeeklyBypass: intent.honourWeeklyBypass });
  if (!cap) return null;
  const resetsAt = cap.limit === "daily" ? addZonedDays(current, 1, account.timezone) : addZonedDays(startOfZonedWeek(current, account.timezone), 7, account.timezone);
  return { kind: "capped", cap, resetsAt };
}

/** The unique open-invitation key refused a second invitation to the member. */
export function invitationPending(): HeraldError {
  return new HeraldError({ code: "invitation-pending", message: "An invitation from this sender to this profile is already pending." });
}
