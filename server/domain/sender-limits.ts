// A sender's caps: daily caps per action type and the weekly connection-request limit. Defaults
// follow LinkedIn's tolerance for each plan; the workspace sets the weekly limits (about 130 on a
// free plan, 150 on a paid one) and admins can override any cap per sender. A free account's InMails
// go only to open profiles (they cost no credit); a paid one's also spend its InMail credits.
// Follows (the campaign's follow step) have a cap of their own, 50 a day on either plan: LinkedIn
// publishes no limit for them, and a follow is as visible to the lead as a like.
import type { TDailyCaps, TSenderLimits } from "../schemas/sender";
import { ACTION_OF_STEP } from "./sequence/decide-step";

export const DEFAULT_DAILY_CAPS: Record<"free" | "paid", TDailyCaps> = {
  free: { invitations: 25, profileViews: 80, postLikes: 40, messages: 100, inmails: 25, comments: 20, follows: 50 },
  paid: { invitations: 30, profileViews: 150, postLikes: 60, messages: 150, inmails: 25, comments: 30, follows: 50 },
};

export interface LimitOverrides {
  daily?: Partial<TDailyCaps>;
  weeklyInvitations?: number | null;
}

export function resolveLimits(input: {
  linkedinPlan: string;
  overrides: LimitOverrides | null;
  workspace: { weeklyInvitationLimitFree: number; weeklyInvitationLimitPaid: number; bypassWeeklyInvitationLimit: boolean };
}): TSenderLimits {
  const paid = input.linkedinPlan !== "free";
  const daily = { ...DEFAULT_DAILY_CAPS[paid ? "paid" : "free"] };
  for (const [name, cap] of Object.entries(input.overrides?.daily ?? {})) {
    if (typeof cap === "number") daily[name as keyof TDailyCaps] = cap;
  }
  const workspaceWeekly = paid ? input.workspace.weeklyInvitationLimitPaid : input.workspace.weeklyInvitationLimitFree;
  return {
    daily,
    weeklyInvitations: input.overrides?.weeklyInvitations ?? workspaceWeekly,
    weeklyLimitBypassed: input.workspace.bypassWeeklyInvitationLimit,
  };
}

/**
 * Which daily cap an action type counts against. The SenderDailyUsage trigger (migration
 * 20261124231724_sender_daily_usage, redefined by 20261125021500_sender_usage_lock and
 * 20261204090000_sender_follows_cap) and its recount
 * function are the database's own guard and apply the same map and COUNTED_STATUSES in SQL:
 * services/senders/usage-trigger-caps.test.ts asks the database's functions and fails when the two disagree.
 */
export const CAP_OF_ACTION: Record<string, keyof TDailyCaps> = {
  invitation: "invitations",
  profile_view: "profileViews",
  post_like: "postLikes",
  message: "messages",
  voice_note: "messages",
  inmail: "inmails",
  comment: "comments",
  follow: "follows",
};

/** Statuses that mean the action reached (or may have reached) LinkedIn, so it counts. */
export const COUNTED_STATUSES = ["sending", "pending", "accepted", "withdrawn", "done"];

/** A sender's counted actions: today's per daily cap, and this week's connection requests. */
export interface CapUsage {
  day: TDailyCaps;
  weekInvitations: number;
}

/** The cap one more action would go past: a daily cap, or the weekly connection-request limit. */
export type CapReached = { limit: "daily"; cap: keyof TDailyCaps; max: number } | { limit: "weekly"; max: number };

/**
 * Whether one more `action` goes past a cap, given the sender's counts before it: its daily cap, and
 * for an invitation the weekly limit, unless bypassed (only direct actions honour the workspace's
 * bypass; campaigns always keep the limit). The one cap rule: the reservation asks it after counting
 * the action in (usageBefore), the forecast before acting, and the turns before reading any lead.
 */
export function capReachedBy(action: string, limits: TSenderLimits, before: CapUsage, options: { honourWeeklyBypass: boolean }): CapReached | null {
  const cap = CAP_OF_ACTION[action];
  if (!cap) return null;
  if (before.day[cap] >= limits.daily[cap]) return { limit: "daily", cap, max: limits.daily[cap] };
  const bypassed = options.honourWeeklyBypass && limits.weeklyLimitBypassed;
  if (action === "invitation" && !bypassed && before.weekInvitations >= limits.weeklyInvitations) return { limit: "weekly", max: limits.weeklyInvitations };
  return null;
}

/** The counts before `action`, from counts that include it (the reservation's, read after its insert). */
export function usageBefore(action: string, counted: CapUsage): CapUsage {
  const cap = CAP_OF_ACTION[action];
  if (!cap) return counted;
  return {
    day: { ...counted.day, [cap]: counted.day[cap] - 1 },
    weekInvitations: counted.weekInvitations - (action === "invitation" ? 1 : 0),
  };
}

/**
 * Campaign step kinds a sender may not take now, each with the cap that stops it: one more of their
 * action would go past a cap (capReachedBy, as a campaign sees it: the weekly limit is never
 * bypassed). The campaign's send state shows them.
 */
export function stepCapsReached(limits: TSenderLimits, used: CapUsage): Array<{ stepType: string; cap: CapReached }> {
  return Object.entries(ACTION_OF_STEP).flatMap(([stepType, action]) => {
    const cap = action ? capReachedBy(action, limits, used, { honourWeeklyBypass: false }) : null;
    return cap ? [{ stepType, cap }] : [];
  });
}

/**
 * The step kinds of stepCapsReached: the executor and the forecast leave these kinds out of a
 * sender's turn before looking at any lead, so a capped sender costs LinkedIn nothing.
 */
export function cappedStepKinds(limits: TSenderLimits, used: CapUsage): Set<string> {
  return new Set(stepCapsReached(limits, used).map(({ stepType }) => stepType));
}
