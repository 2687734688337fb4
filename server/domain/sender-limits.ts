// A sender's caps: daily caps per action type and the weekly connection-request limit. Defaults
// follow LinkedIn's tolerance for each plan; the workspace sets the weekly limits (about 130 on a
// free plan, 150 on a paid one) and admins can override any cap per sender. A free account's InMails
// go only to open profiles (they cost no credit); a paid one's also spend its InMail credits.
import type { TDailyCaps, TSenderLimits } from "../schemas/sender";

export const DEFAULT_DAILY_CAPS: Record<"free" | "paid", TDailyCaps> = {
  free: { invitations: 25, profileViews: 80, postLikes: 40, messages: 100, inmails: 25, comments: 20 },
  paid: { invitations: 30, profileViews: 150, postLikes: 60, messages: 150, inmails: 25, comments: 30 },
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
 * 20261124231724_sender_daily_usage, redefined by 20261125021500_sender_usage_lock) and its recount
 * function apply the same map and COUNTED_STATUSES in SQL: change them together.
 */
export const CAP_OF_ACTION: Record<string, keyof TDailyCaps> = {
  invitation: "invitations",
  profile_view: "profileViews",
  post_like: "postLikes",
  message: "messages",
  voice_note: "messages",
  inmail: "inmails",
  comment: "comments",
};

/** Statuses that mean the action reached (or may have reached) LinkedIn, so it counts. */
export const COUNTED_STATUSES = ["sending", "pending", "accepted", "withdrawn", "done"];

/** The daily cap each campaign action step counts against (other kinds are not capped here). */
export const CAP_OF_STEP: Record<string, keyof TDailyCaps> = {
  visit_profile: "profileViews",
  invite: "invitations",
  message: "messages",
  inmail: "inmails",
  comment_post: "comments",
  ai_voice_note: "messages",
  voice_note: "messages",
};

/**
 * Campaign step kinds a sender may not take now: their daily cap is used up, or for invitations
 * the weekly limit (campaigns never bypass it). The executor and the forecast leave these kinds out
 * of a sender's turn before looking at any lead, so a capped sender costs LinkedIn nothing.
 */
export function cappedStepKinds(limits: TSenderLimits, used: { day: TDailyCaps; weekInvitations: number }): Set<string> {
  const capped = new Set<string>();
  for (const [kind, cap] of Object.entries(CAP_OF_STEP)) if (used.day[cap] >= limits.daily[cap]) capped.add(kind);
  if (used.weekInvitations >= limits.weeklyInvitations) capped.add("invite");
  return capped;
}
