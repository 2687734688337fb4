// The dry run of a campaign change (PATCH /campaigns/{id}: settings, schedule, senders, mailboxes,
// sequence, activation): the forecast before and after, with nothing stored. The change is checked
// and turned into the campaign's columns exactly as updateCampaign does (prepare-campaign-change.ts),
// and the forecast runs the same simulation on the campaign as the change would leave it
// (forecastCampaign's `change`): one model, never a second one.
import { db } from "../../db/client";
import type { Campaign } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { resolveLimits } from "../../domain/sender-limits";
import { firstStep } from "../../domain/sequence/wire-sequence";
import type { TUpdateCampaignInput } from "../../schemas/campaign";
import type { TCampaignForecast } from "../../schemas/campaign-forecast";
import type { TCampaignChangeDryRun, TForecastOutline } from "../../schemas/dry-runs";
import { readLimitOverrides } from "../senders/sender-columns";
import { findCampaign } from "./find-campaign";
import { forecastCampaign } from "./forecast-campaign";
import { prepareCampaignChange } from "./prepare-campaign-change";

export const DRY_RUN_FORECAST_DAYS = 30;
const COUNTS = ["invitations", "messages", "inmails", "profileViews"] as const;

type Caps = Record<(typeof COUNTS)[number], number>;

async function senderCaps(workspaceId: string, senderIds: string[]): Promise<Map<string, { name: string; caps: Caps }>> {
  if (!senderIds.length) return new Map();
  const [accounts, workspace] = await Promise.all([
    db.linkedinAccount.findMany({ where: { id: { in: senderIds }, workspaceId } }),
    db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { weeklyInvitationLimitFree: true, weeklyInvitationLimitPaid: true, bypassWeeklyInvitationLimit: true } }),
  ]);
  return new Map(
    accounts.map((account) => {
      const { daily } = resolveLimits({ linkedinPlan: account.linkedinPlan, overrides: readLimitOverrides(account.limits), workspace });
      return [account.id, { name: account.label || account.fullName || "A LinkedIn sender", caps: { invitations: daily.invitations, messages: daily.messages, inmails: daily.inmails, profileViews: daily.profileViews } }];
    }),
  );
}

function outline(forecast: TCampaignForecast, pool: string[], caps: Map<string, { name: string; caps: Caps }>): TForecastOutline {
  const senders = pool.flatMap((senderId) => {
    const known = caps.get(senderId);
    if (!known) return [];
    const days = forecast.days.flatMap((day) => day.senders.filter((entry) => entry.linkedinAccountId === senderId).map((entry) => ({ ...entry, date: day.date })));
    const total = (day: Caps) => COUNTS.reduce((sum, name) => sum + day[name], 0);
    const busiest = days.reduce<(typeof days)[number] | null>((best, day) => (!best || total(day) > total(best) ? day : best), null);
    const average = Object.fromEntries(COUNTS.map((name) => [name, days.length ? Math.round((days.reduce((sum, day) => sum + day[name], 0) / days.length) * 10) / 10 : 0])) as Caps;
    return [
      {
        linkedinAccountId: senderId,
        name: known.name,
        caps: known.caps,
        averagePerDay: average,
        busiestDay: busiest && { date: busiest.date, invitations: busiest.invitations, messages: busiest.messages, inmails: busiest.inmails, profileViews: busiest.profileViews },
        daysAtCap: days.filter((day) => COUNTS.some((name) => day[name] > 0 && day[name] >= known.caps[name])).length,
      },
    ];
  });
  const mailDays = forecast.days.filter((day) => day.mailboxes.length);
  const emails = mailDays.reduce((sum, day) => sum + day.mailboxes.reduce((inner, mailbox) => inner + mailbox.emails, 0), 0);
  return {
    leads: forecast.totals.leads,
    leadsReached: forecast.totals.reached,
    finishAt: forecast.finishAt,
    senders,
    emailsPerDay: mailDays.length ? Math.round((emails / mailDays.length) * 10) / 10 : 0,
  };
}

function finish(value: string | null): string {
  return value ? value.slice(0, 10) : "not within the horizon";
}

/** What PATCH /campaigns/{id} with `changes` would do to the campaign's forecast; stores nothing. */
export async function dryRunCampaignChange(actor: Actor, campaignId: string, changes: TUpdateCampaignInput, days = DRY_RUN_FORECAST_DAYS): Promise<TCampaignChangeDryRun> {
  const current = await findCampaign(actor, campaignId);
  const prepared = await prepareCampaignChange(actor, current, changes);
  const defined = Object.fromEntries(Object.entries(prepared.columns).filter(([, value]) => value !== undefined)) as Partial<Campaign>;
  const changed: Campaign = { ...current, ...defined };
  const first = prepared.sequence && !prepared.started ? firstStep(prepared.sequence) : undefined;
  const [before, after] = [
    await forecastCampaign(actor, campaignId, { days }),
    await forecastCampaign(actor, campaignId, { days }, { campaign: changed, firstStep: first === undefined ? undefined : first && { id: first.id, type: first.type } }),
  ];
  const caps = await senderCaps(current.workspaceId, [...new Set([...current.linkedinAccountIds, ...changed.linkedinAccountIds])]);
  const beforeOutline = outline(before, current.linkedinAccountIds, caps);
  const afterOutline = outline(after, changed.linkedinAccountIds, caps);
  const summary =
    `Dry run of a change to the campaign “${current.name}”; nothing was stored. Over the next ${days} days, ` +
    `${beforeOutline.leadsReached} of ${beforeOutline.leads} leads are reached now and ${afterOutline.leadsReached} of ${afterOutline.leads} would be after the change; ` +
    `the campaign finishes ${finish(before.finishAt)} now and ${finish(after.finishAt)} after it. ` +
    `Senders: ${beforeOutline.senders.length} now, ${afterOutline.senders.length} after.` +
    (current.status !== "active" ? " The forecast assumes the campaign is activated now, before and after." : "");
  return { dryRun: true, stored: false, summary, before: beforeOutline, after: afterOutline, horizonDays: days, assumptions: after.assumptions };
}
