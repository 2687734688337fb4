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
import { rolledBack } from "./add-leads-dry-run";
import { enrollListLeads } from "./enroll-list-leads";
import { FORECAST_ROW_INCLUDE, type ForecastRow } from "./forecast/forecast-change";

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

/** The rows enrollListLeads would write for the campaign as changed, read back before the rollback. */
async function enrolledByList(changed: Campaign): Promise<ForecastRow[]> {
  return rolledBack(async (tx) => {
    const created = await enrollListLeads(tx, changed);
    if (!created.length) return [];
    return tx.campaignLead.findMany({ where: { id: { in: created.map((row) => row.id) } }, include: FORECAST_ROW_INCLUDE, orderBy: { seq: "asc" } });
  });
}

/** What PATCH /campaigns/{id} with `changes` would do to the campaign's forecast; stores nothing. */
export async function dryRunCampaignChange(actor: Actor, campaignId: string, changes: TUpdateCampaignInput, days = DRY_RUN_FORECAST_DAYS): Promise<TCampaignChangeDryRun> {
  const current = await findCampaign(actor, campaignId);
  const prepared = await prepareCampaignChange(actor, current, changes);
  const defined = Object.fromEntries(Object.entries(prepared.columns).filter(([, value]) => value !== undefined)) as Partial<Campaign>;
  const changed: Campaign = { ...current, ...defined };
  const first = prepared.sequence && !prepared.started ? firstStep(prepared.sequence) : undefined;
  // A new list enrolls its leads as the real change would: written in a transaction rolled back.
  const enrolledRows = changes.listId && changes.listId !== current.listId ? await enrolledByList(changed) : undefined;
  const before = await forecastCampaign(actor, campaignId, { days });
  const forecastAfter = await forecastCampaign(actor, campaignId, { days }, { campaign: changed, firstStep: first === undefined ? undefined : first && { id: first.id, type: first.type }, enrolledRows });
  // A change that pauses the campaign (or leaves it a draft) reaches nobody after it.
  const stops = changes.status !== undefined && changed.status !== "active";
  const after = stops ? { ...forecastAfter, days: [], finishAt: null, totals: { ...forecastAfter.totals, reached: 0 } } : forecastAfter;
  const caps = await senderCaps(current.workspaceId, [...new Set([...current.linkedinAccountIds, ...changed.linkedinAccountIds])]);
  const beforeOutline = outline(before, current.linkedinAccountIds, caps);
  const afterOutline = outline(after, changed.linkedinAccountIds, caps);
  const summary =
    `Dry run of a change to the campaign “${current.name}”; nothing was stored. Over the next ${days} days, ` +
    `${beforeOutline.leadsReached} of ${beforeOutline.leads} leads are reached now and ${afterOutline.leadsReached} of ${afterOutline.leads} would be after the change; ` +
    `the campaign finishes ${finish(before.finishAt)} now and ${finish(after.finishAt)} after it. ` +
    `Senders: ${beforeOutline.senders.length} now, ${afterOutline.senders.length} after.` +
    (stops
      ? ` After the change the campaign is ${changed.status}: it reaches nobody and has no finish date until it is activated again.`
      : current.status !== "active"
        ? " The forecast assumes the campaign is activated now, before and after."
        : "") +
    (enrolledRows ? ` The new list would enroll ${enrolledRows.length} lead${enrolledRows.length === 1 ? "" : "s"}.` : "");
  const assumptions = stops
    ? [`After the change the campaign is ${changed.status}: nothing is sent until it is activated again.`, ...forecastAfter.assumptions.filter((line) => !line.includes("assumes it is activated now"))]
    : after.assumptions;
  return { dryRun: true, stored: false, summary, before: beforeOutline, after: afterOutline, horizonDays: days, assumptions };
}
