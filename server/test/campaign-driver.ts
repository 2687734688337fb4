// Test support: runs Herald's campaign machinery as its minute crons would — the sandbox network
// answering, then an executor pass — on a manual clock, skipping the minutes in which nothing can
// happen (no lead due, no sender free, no answer coming, no schedule window opening, no day
// starting). Weeks of campaign run in seconds, through the real services.
import { db } from "../db/client";
import type { ManualClock } from "../lib/clock";
import { addZonedDays, startOfZonedDay } from "../lib/time-zones";
import { runExecutorPass, type PassReport } from "../services/campaigns/executor/run-executor-pass";
import { isWithinSchedule, nextWindowStart, type Schedule } from "../services/campaigns/engine/schedule";
import { advanceSandboxNetwork } from "../services/sandbox/advance-sandbox-network";

const MINUTE = 60_000;
const HOUR = 3_600_000;

async function nextInterestingMoment(at: Date): Promise<number> {
  const moments: number[] = [at.getTime() + HOUR];
  const [placedNow, lead, sender, invitation, message, campaigns, accounts] = await Promise.all([
    // Leads this pass placed on a step already due: the next pass takes them.
    db.campaignLead.findFirst({
      where: { status: { in: ["pending", "running"] }, waitUntil: { lte: at }, updatedAt: { gte: at }, campaign: { status: "active" } },
      select: { id: true },
    }),
    db.campaignLead.findFirst({
      where: { status: { in: ["pending", "running"] }, waitUntil: { gt: at }, campaign: { status: "active" } },
      orderBy: { waitUntil: "asc" },
      select: { waitUntil: true },
    }),
    db.linkedinAccount.findFirst({ where: { nextActionAt: { gt: at } }, orderBy: { nextActionAt: "asc" }, select: { nextActionAt: true } }),
    db.sandboxInvitation.findFirst({ where: { status: "pending", acceptAt: { gt: at } }, orderBy: { acceptAt: "asc" }, select: { acceptAt: true } }),
    db.sandboxMessage.findFirst({ where: { repliedAt: null, replyAt: { gt: at } }, orderBy: { replyAt: "asc" }, select: { replyAt: true } }),
    db.campaign.findMany({ where: { status: "active" }, select: { schedule: true } }),
    db.linkedinAccount.findMany({ select: { timezone: true }, distinct: ["timezone"] }),
  ]);
  if (placedNow) moments.push(at.getTime() + MINUTE);
  if (lead?.waitUntil) moments.push(lead.waitUntil.getTime());
  if (sender?.nextActionAt) moments.push(sender.nextActionAt.getTime());
  if (invitation?.acceptAt) moments.push(invitation.acceptAt.getTime());
  if (message?.replyAt) moments.push(message.replyAt.getTime());
  for (const campaign of campaigns) {
    const schedule = campaign.schedule as unknown as Schedule;
    if (isWithinSchedule(schedule, at)) continue;
    const opens = nextWindowStart(schedule, at);
    if (opens) moments.push(opens.getTime());
  }
  for (const account of accounts) moments.push(addZonedDays(startOfZonedDay(at, account.timezone), 1, account.timezone).getTime());
  return Math.min(...moments);
}

/** Something changed: a step, an action, an event, a lead moved. */
async function fingerprint(): Promise<string> {
  const [steps, actions, events, moved] = await Promise.all([
    db.campaignLeadStep.count(),
    db.senderAction.count(),
    db.outboxEvent.count(),
    db.campaignLead.aggregate({ _max: { updatedAt: true } }),
  ]);
  return `${steps}/${actions}/${events}/${moved._max.updatedAt?.getTime() ?? 0}`;
}

export interface DriveReport {
  passes: number;
  acted: number;
}

/** Runs the crons' minutes from the clock's time until `until`, on whole minutes. */
export async function driveCampaigns(
  clock: ManualClock,
  until: Date,
  options: {
    onPass?: (report: PassReport, at: Date) => Promise<void> | void;
    /** Run every minute and report the minutes in which something happened that skipping would have missed. */
    checkSkipping?: (missed: Date) => void;
  } = {},
): Promise<DriveReport> {
  let passes = 0;
  let predicted = 0;
  let acted = 0;
  let at = Math.ceil(clock.now().getTime() / MINUTE) * MINUTE;
  while (at <= until.getTime()) {
    clock.set(new Date(at));
    const before = options.checkSkipping ? await fingerprint() : "";
    await advanceSandboxNetwork();
    const report = await runExecutorPass();
    if (options.checkSkipping && at < predicted && (await fingerprint()) !== before) options.checkSkipping(new Date(at));
    await options.onPass?.(report, new Date(at));
    passes++;
    acted += report.acted;
    const next = await nextInterestingMoment(new Date(at));
    if (options.checkSkipping) {
      if (at >= predicted) predicted = Math.max(Math.ceil(next / MINUTE) * MINUTE, at + MINUTE);
      at += MINUTE;
      continue;
    }
    at = Math.max(Math.ceil(next / MINUTE) * MINUTE, at + MINUTE);
  }
  clock.set(until);
  return { passes, acted };
}
