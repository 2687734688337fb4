// What a campaign page says about leads that are due but not moving: outside the schedule, the
// next window; behind a sender's cap or pause, which one. The facts come from campaigns.sendState
// (the executor's own schedule and cap rules); this module only words them.
import type { TCampaignSendState, TSenderCap, TSenderSendState } from "@/server/schemas/campaign-send-state";

const DAY = 86_400_000;

/** "Tue 09:00", or "Mon 12 Jan 09:00" a week or more ahead, in the given time zone. */
export function formatZonedMoment(iso: string, timeZone: string, now: number): string {
  const at = new Date(iso);
  const far = at.getTime() - now >= 6 * DAY;
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    ...(far ? { day: "numeric", month: "short" } : {}),
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(at)
    .replace(",", "");
}

/** "Next send window opens Tue 09:00 (Europe/Paris)", or null while the window is open. */
export function windowNote(state: Pick<TCampaignSendState, "windowOpen" | "nextWindowOpensAt" | "timezone">, now: number): string | null {
  if (state.windowOpen) return null;
  if (!state.nextWindowOpensAt) return "The schedule has ended: no send window lies ahead";
  return `Next send window opens ${formatZonedMoment(state.nextWindowOpensAt, state.timezone, now)} (${state.timezone})`;
}

const CAPPED_ACTION: Record<string, string> = {
  invite: "invitation",
  visit_profile: "profile view",
  message: "message",
  inmail: "InMail",
};

function capNote(cap: TSenderCap, sender: TSenderSendState, now: number): string {
  const action = CAPPED_ACTION[cap.stepType] ?? "action";
  if (cap.limit === "weekly") {
    return `Waiting for the sender's weekly ${action} limit — resets ${formatZonedMoment(cap.resetsAt, sender.timezone, now)} (${sender.timezone})`;
  }
  return `Waiting for the sender's daily ${action} limit — resets at ${zonedTime(cap.resetsAt, sender.timezone)} (${sender.timezone})`;
}

/** "09:05", in the given time zone. */
function zonedTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
}

export interface DueLead {
  status: string;
  waitUntil: string | null;
  currentStepType: string | null;
  linkedinAccountId: string | null;
}

/**
 * What the "next step due" column says of a lead whose moment has come: "Due now" only when the
 * executor would take it on its next pass; in a campaign that is not active, that it waits for it. Null
 * for a lead that is not due (it shows its time).
 */
export function dueLeadNote(lead: DueLead, state: TCampaignSendState | undefined, now: number): string | null {
  if (lead.status !== "pending" && lead.status !== "running") return null;
  // Nothing is due in a campaign that is not running, whatever time a lead waits until.
  if (state && state.status !== "active") return "Waits until the campaign is activated";
  if (lead.waitUntil && new Date(lead.waitUntil).getTime() > now) return null;
  if (!state) return "Due now";
  const closed = windowNote(state, now);
  if (closed) return closed;
  const sender = state.senders.find((candidate) => candidate.id === lead.linkedinAccountId);
  if (!sender) return "Due now";
  const cap = sender.capped.find((candidate) => candidate.stepType === lead.currentStepType);
  if (cap) return capNote(cap, sender, now);
  if (sender.cooldownUntil) return `The sender rests after LinkedIn slowed it down — until ${formatZonedMoment(sender.cooldownUntil, sender.timezone, now)} (${sender.timezone})`;
  if (sender.nextActionAt) return `Due — the sender's next action is at ${zonedTime(sender.nextActionAt, sender.timezone)} (${sender.timezone}), after its pause between actions`;
  return "Due now";
}
