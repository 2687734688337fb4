// The campaign forecast (beyond the spec): when each lead will be reached, actions per day per
// sender, e-mails per day per mailbox and the expected finish date, by running the executor's rules forward in memory from the
// campaign's current state (see forecast/simulate-campaigns.ts). A draft or paused campaign is
// forecast as if activated now. Active campaigns that share its senders or mailboxes are simulated
// too, since they compete for the same turns, caps and daily limits.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { TForecastQuery, TCampaignForecast } from "../../schemas/campaign-forecast";
import type { Campaign } from "../../db/generated/client";
import { countSenderUsage } from "../senders/count-sender-usage";
import { resolveLimits } from "../../domain/sender-limits";
import { senderAvailable } from "../../domain/sequence/rebalanceable-sender";
import { sequenceChannels } from "../../domain/sequence/campaign-channels";
import { pickSenders, senderLoads } from "./assign-campaign-senders";
import { forecastMailboxes } from "./forecast/forecast-mailboxes";
import { readApprovals, readTracking } from "./campaign-columns";
import { DRAFTED_STEPS, type StepType } from "../../schemas/sequence";
import { scheduleOf, sequenceOf } from "./executor/load-campaign-sequence";
import { findCampaign } from "./find-campaign";
import { hasLinkedinProfile } from "../../domain/sequence/decide-wait";
import { mergeFields } from "./lead-merge-fields";
import { DEFAULT_RATES, ratesOutcomeModel, type Rates } from "./forecast/rates-outcome-model";
import { simulateCampaigns } from "./forecast/simulate-campaigns";
import { forecastFoundEmails } from "./forecast/forecast-found-emails";
import { forecastExperiments } from "./forecast/forecast-experiments";
import { storedVerifications } from "./forecast/stored-verifications";
import { findListedPeople } from "../do-not-contact/find-listed-people";
import { campaignVerificationOf } from "../../schemas/verification";
import type { SimLead, SimSender } from "./forecast/simulation-types";
import { readLimitOverrides } from "../senders/sender-columns";
import { changedRow, FORECAST_ROW_INCLUDE, type ForecastChange } from "./forecast/forecast-change";

const DAY = 86_400_000;
const LISTED_LEADS = 1000;
const MIN_HISTORY = 20;

/** The workspace's own acceptance and reply rates over the last 90 days, when it has enough history. */
async function historicalRates(workspaceId: string, since: Date): Promise<{ rates: Rates; fromHistory: boolean }> {
  const [invitations, accepted, messages, replies] = await Promise.all([
    db.senderAction.count({ where: { workspaceId, type: "invitation", sentAt: { gte: since } } }),
    db.senderAction.count({ where: { workspaceId, type: "invitation", sentAt: { gte: since }, acceptedAt: { not: null } } }),
    db.senderAction.count({ where: { workspaceId, type: { in: ["message", "inmail", "voice_note"] }, sentAt: { gte: since } } }),
    db.campaignLead.count({ where: { workspaceId, lastReplyAt: { gte: since } } }),
  ]);
  const fromHistory = invitations >= MIN_HISTORY && messages >= MIN_HISTORY;
  return {
    fromHistory,
    rates: fromHistory ? { ...DEFAULT_RATES, acceptRate: accepted / invitations, replyRate: Math.min(1, replies / messages) } : DEFAULT_RATES,
  };
}

function trackingOf(campaign: Campaign): { opens: boolean; clicks: boolean } {
  const tracking = readTracking(campaign.tracking);
  return { opens: tracking.opens === "on", clicks: tracking.clicks === "on" };
}

/**
 * The campaign leads' drafts that are pending or approved, keyed `${campaignLeadId}|${stepId}`, with
 * when each was made (the forecast takes both as approved: the lead is due since then, as releaseLead makes it).
 */
async function openDrafts(campaignLeadIds: string[]): Promise<Map<string, Date>> {
  if (!campaignLeadIds.length) return new Map();
  const where = { campaignLeadId: { in: campaignLeadIds }, status: { in: ["pending", "approved"] } };
  const select = { campaignLeadId: true, stepId: true, createdAt: true };
  const [comments, voiceNotes] = await Promise.all([db.pendingComment.findMany({ where, select }), db.pendingVoiceNote.findMany({ where, select })]);
  return new Map([...comments, ...voiceNotes].map((draft) => [`${draft.campaignLeadId}|${draft.stepId}`, draft.createdAt]));
}

export async function forecastCampaign(actor: Actor, campaignId: string, query: TForecastQuery, change?: ForecastChange): Promise<TCampaignForecast> {
  const { days } = query;
  const stored = await findCampaign(actor, campaignId);
  const campaign = change ? { ...change.campaign, id: stored.id, workspaceId: stored.workspaceId } : stored;
  const start = now();
  const end = new Date(start.getTime() + days * DAY);
  const assumptions: string[] = [];
  if (campaign.status !== "active") assumptions.push(`The campaign is ${campaign.status}: the forecast assumes it is activated now.`);

  // The active campaigns whose turns interact with this one's are simulated too: those sharing a
  // sender with any simulated campaign (they compete for the same turns and caps, and so shift
  // when each sender acts), and, where a simulated campaign excludes people other campaigns run,
  // the active campaigns running those people (when they let a person go decides when it starts).
  const excludes = (row: Campaign) => row.excludeOtherCampaigns || row.excludeSameSenderOtherCampaigns;
  const others: Campaign[] = [];
  for (let round = 0; round < 10; round++) {
    const simulated = [campaign, ...others];
    const pool = [...new Set(simulated.flatMap((row) => row.linkedinAccountIds))];
    const mailboxPool = [...new Set(simulated.flatMap((row) => row.emailAccountIds))];
    const excluding = simulated.filter(excludes).map((row) => row.id);
    const more = await db.campaign.findMany({
      where: {
        workspaceId: campaign.workspaceId,
        status: "active",
        id: { notIn: simulated.map((row) => row.id) },
        OR: [
          ...(pool.length ? [{ linkedinAccountIds: { hasSome: pool } }] : []),
          ...(mailboxPool.length ? [{ emailAccountIds: { hasSome: mailboxPool } }] : []),
          ...(excluding.length ? [{ leads: { some: { status: { in: ["pending" as const, "running" as const] }, lead: { campaignLeads: { some: { campaignId: { in: excluding } } } } } } }] : []),
        ],
      },
      orderBy: { createdAt: "asc" },
    });
    if (!more.length) break;
    others.push(...more);
  }
  const sharing = others.filter(
    (row) => row.linkedinAccountIds.some((id) => campaign.linkedinAccountIds.includes(id)) || row.emailAccountIds.some((id) => campaign.emailAccountIds.includes(id)),
  );
  if (sharing.length) {
    assumptions.push(`${sharing.length} other active campaign${sharing.length > 1 ? "s share" : " shares"} these senders or mailboxes; their leads compete for the same turns, caps and daily limits.`);
  }
  const linked = others.length - sharing.length;
  if (linked) {
    assumptions.push(
      `${linked} more active campaign${linked > 1 ? "s are" : " is"} simulated too: ${linked > 1 ? "they share" : "it shares"} senders with those campaigns, or ${linked > 1 ? "run" : "runs"} people a campaign here excludes while another campaign runs them.`,
    );
  }
  const campaigns = [campaign, ...others];
  if (sequenceOf(campaign).steps.some((step) => step.type === "task")) {
    assumptions.push("Manual tasks are assumed done as soon as they reach the Tasks queue; a lead waits there until someone marks its task done or skipped.");
  }
  const senderIds = [...new Set(campaigns.flatMap((row) => row.linkedinAccountIds))];

  const [accounts, workspace, storedRows] = await Promise.all([
    db.linkedinAccount.findMany({ where: { id: { in: senderIds } } }),
    db.workspace.findUniqueOrThrow({
      where: { id: campaign.workspaceId },
      select: { weeklyInvitationLimitFree: true, weeklyInvitationLimitPaid: true, bypassWeeklyInvitationLimit: true, optOutStopsLinkedin: true },
    }),
    db.campaignLead.findMany({
      // Paused leads too: they never act, but the network's answers still reach them.
      where: { campaignId: { in: campaigns.map((row) => row.id) }, status: { in: ["pending", "running", "paused"] } },
      include: FORECAST_ROW_INCLUDE,
      orderBy: { seq: "asc" },
    }),
  ]);
  const rows = change
    ? [...storedRows.map((row) => (row.campaignId === campaign.id ? changedRow(row, campaign, change) : row)), ...(change.enrolledRows ?? [])]
    : storedRows;
  const senders: SimSender[] = await Promise.all(
    accounts.map(async (account) => {
      const limits = resolveLimits({ linkedinPlan: account.linkedinPlan, overrides: readLimitOverrides(account.limits), workspace });
      const usage = await countSenderUsage(account);
      return {
        id: account.id,
        timezone: account.timezone,
        daily: limits.daily,
        weeklyInvitations: limits.weeklyInvitations,
        usedToday: usage.day,
        usedThisWeek: usage.week.invitations,
        nextActionAt: account.nextActionAt?.getTime() ?? null,
        actionCount: account.campaignActionCount,
        available: senderAvailable(account),
        cooldownUntil: account.cooldownUntil?.getTime() ?? null,
        inmailBalance: account.inmailBalance ?? 0,
      };
    }),
  );
  const unavailable = accounts.filter((account) => !senderAvailable(account));
  const channels = sequenceChannels(sequenceOf(campaign).steps);
  if (channels.linkedin && !campaign.linkedinAccountIds.length) assumptions.push("The campaign has no senders yet: nothing can be sent on LinkedIn until senders join its pool.");
  if (unavailable.length) assumptions.push(`${unavailable.length} sender${unavailable.length > 1 ? "s are" : " is"} paused or not connected and will not act.`);

  // Leads without a sender get one as sender assignment would give it (assign-campaign-senders.ts):
  // the pool's lightest sender, counting its paused leads as assignment does.
  const unassigned = rows.filter((row) => row.campaignId === campaign.id && !row.linkedinAccountId);
  const assigned = unassigned.length
    ? pickSenders(campaign.linkedinAccountIds, await senderLoads(db, campaign.id, campaign.linkedinAccountIds), unassigned.length)
    : [];
  const assignedSender = new Map(unassigned.map((row, index) => [row.id, assigned[index] ?? null]));
  const finding = await forecastFoundEmails({ workspaceId: campaign.workspaceId, campaigns, rows });
  assumptions.push(...finding.assumptions);
  // The mailboxes' side sees the addresses the finder gives (a dead one is skipped as it will be).
  const withFound = rows.map((row) => (finding.found.get(row.id) ? { ...row, lead: { ...row.lead, email: finding.found.get(row.id)! } } : row));
  const mail = await forecastMailboxes({ campaign, campaigns, rows: withFound, start, email: channels.email });
  assumptions.push(...mail.assumptions);
  const personIds = [...new Set(rows.map((row) => row.leadId))];
  const [pendingActions, outside, drafts, listed, verifications] = await Promise.all([
    db.senderAction.findMany({
      where: { accountId: { in: senderIds }, leadId: { in: personIds }, type: "invitation", status: "pending" },
      select: { accountId: true, leadId: true, campaignLeadId: true, stepId: true },
    }),
    campaigns.some(excludes)
      ? db.campaignLead.findMany({
          where: { leadId: { in: personIds }, campaignId: { notIn: campaigns.map((row) => row.id) }, status: "running" },
          select: { leadId: true, campaignId: true, linkedinAccountId: true, campaign: { select: { name: true } } },
        })
      : [],
    openDrafts(rows.filter((row) => row.currentStepType && DRAFTED_STEPS.has(row.currentStepType as StepType)).map((row) => row.id)),
    // The do-not-contact list and the stored verifications, each read once for all the leads.
    // With the address a find-e-mail step will find, as the executor's e-mail step reads the lead then.
    findListedPeople(campaign.workspaceId, rows.map((row) => ({ ...row.lead, email: finding.found.get(row.id) ?? row.lead.email, id: row.id }))),
    storedVerifications(campaign.workspaceId, withFound.map((row) => row.lead.email)),
  ]);
  const sentFor = new Set(pendingActions.flatMap((action) => (action.campaignLeadId ? [`${action.campaignLeadId}|${action.stepId}`] : [])));
  const senderNames = new Map(accounts.map((account) => [account.id, account.label || account.fullName]));
  if (campaigns.some(excludes)) {
    assumptions.push(
      "Senders take their turns one after another in each minute, the longest-resting first; when another campaign lets a person go in the same minute as their turn here, the real start may come an hour later (held leads are looked at again hourly).",
    );
  }
  if (outside.length) {
    assumptions.push(
      `${outside.length} of these people ${outside.length > 1 ? "are" : "is"} running in campaigns that are not active; the forecast assumes they stay there, so this campaign's exclusions keep ${outside.length > 1 ? "them" : "that person"} waiting.`,
    );
  }
  const leads: SimLead[] = rows.map((row) => {
    const senderId = row.linkedinAccountId ?? assignedSender.get(row.id) ?? null;
    return {
      id: row.id,
      seq: Number(row.seq),
      campaignId: row.campaignId,
      senderId,
      status: row.status,
      // A lead waiting for a person's approval: approvers are assumed to approve at once.
      phase: row.phase === "approval" ? "ready" : (row.phase as SimLead["phase"]),
      stepId: row.currentStepId,
      waitUntil: row.phase === "approval" ? Math.min(start.getTime(), drafts.get(`${row.id}|${row.currentStepId}`)?.getTime() ?? Infinity) : (row.waitUntil?.getTime() ?? null),
      draftApproved: drafts.has(`${row.id}|${row.currentStepId}`),
      taskOpen: row.phase === "approval" && row.currentStepType === "task",
      invitationAccepted: row.invitationAccepted,
      contacted: row.contacted,
      openProfile: row.lead.openProfile,
      hasProfile: hasLinkedinProfile(row.lead),
      personId: row.leadId,
      invitationSent: sentFor.has(`${row.id}|${row.currentStepId}`),
      mailboxId: row.emailAccountId ?? mail.assignedMailbox.get(row.id) ?? null,
      email: row.lead.email,
      emailOptOut: row.lead.emailOptOut,
      listed: listed.get(row.id) ?? null,
      verification: verifications.get((finding.found.get(row.id) ?? row.lead.email)?.trim().toLowerCase() ?? "") ?? null,
      foundEmail: finding.found.get(row.id),
      foundEmailOptedOut: finding.optedOut.has(finding.found.get(row.id)?.toLowerCase() ?? ""),
      emailContacted: row.emailContacted,
      fields: mergeFields(row.lead, row),
      softBounces: row.softBounces,
      sentEmails: mail.sentEmails.get(row.id),
    };
  });

  const provider = await getLinkedinProvider();
  let model = await provider.forecastOutcomeModel?.({
    senders: accounts.map((account) => ({ id: account.id, providerAccountId: account.providerAccountId })),
    leads: rows.map((row) => ({ id: row.id, memberId: row.lead.memberId, publicIdentifier: row.lead.publicIdentifier })),
    start: start.getTime(),
  });
  if (model) {
    assumptions.push("Acceptances and replies follow the sandbox network's behaviour model, which is deterministic: the forecast shows what will happen unless someone acts as a prospect on the Sandbox page.");
  } else {
    const { rates, fromHistory } = await historicalRates(campaign.workspaceId, new Date(start.getTime() - 90 * DAY));
    model = ratesOutcomeModel(rates);
    assumptions.push(
      `${Math.round(rates.acceptRate * 100)}% of invitations accepted and ${Math.round(rates.replyRate * 100)}% of messages answered (${fromHistory ? "this workspace's last 90 days" : "defaults, until the workspace has more history"}); which leads answer is one plausible draw.`,
    );
  }

  const result = simulateCampaigns({
    start: start.getTime(),
    end: end.getTime(),
    campaigns: campaigns.map((row) => ({
      tracking: trackingOf(row),
      id: row.id,
      schedule: scheduleOf(row),
      sequence: sequenceOf(row),
      active: true,
      mailboxIds: row.emailAccountIds,
      name: row.name,
      excludeOtherCampaigns: row.excludeOtherCampaigns,
      excludeSameSenderOtherCampaigns: row.excludeSameSenderOtherCampaigns,
      approvals: readApprovals(row.approvals),
      verification: campaignVerificationOf(row.verification),
    })),
    senders,
    mailboxes: mail.mailboxes,
    leads,
    model,
    emailModel: mail.emailModel,
    emailsBefore: mail.emailsBefore,
    emailEventsBefore: mail.emailEventsBefore,
    deadAddresses: mail.deadAddresses,
    mailboxRateLimits: mail.mailboxRateLimits,
    optOutStopsLinkedin: workspace.optOutStopsLinkedin,
    reportCampaignIds: new Set([campaign.id]),
    outsideHolders: outside.map((row) => ({
      personId: row.leadId,
      campaignId: row.campaignId,
      campaignName: row.campaign.name,
      senderId: row.linkedinAccountId,
      senderName: row.linkedinAccountId ? (senderNames.get(row.linkedinAccountId) ?? null) : null,
    })),
    pendingInvitations: pendingActions.map((action) => ({ senderId: action.accountId, personId: action.leadId })),
  });

  const own = leads.filter((lead) => lead.campaignId === campaign.id);
  const timezone = scheduleOf(campaign).timezone;
  const byDay = new Map<string, TCampaignForecast["days"][number]>();
  const totals = { leads: own.length, reached: 0, accepted: result.accepted.size, replied: result.replied.size, invitations: 0, messages: 0, inmails: 0, profileViews: 0, emails: 0, emailsOpened: result.emailsOpened, emailsClicked: result.emailsClicked };
  const dayOf = (date: string) => byDay.get(date) ?? { date, total: 0, senders: [], mailboxes: [] };
  for (const [key, counts] of [...result.actions.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [, date, senderId] = key.split("|") as [string, string, string];
    const day = dayOf(date);
    day.senders.push({ linkedinAccountId: senderId, ...counts });
    day.total += counts.invitations + counts.messages + counts.inmails + counts.profileViews;
    byDay.set(date, day);
    totals.invitations += counts.invitations;
    totals.messages += counts.messages;
    totals.inmails += counts.inmails;
    totals.profileViews += counts.profileViews;
  }
  for (const [key, emails] of [...result.emails.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [, date, mailboxId] = key.split("|") as [string, string, string];
    const day = dayOf(date);
    day.mailboxes.push({ emailAccountId: mailboxId, emails });
    day.total += emails;
    byDay.set(date, day);
    totals.emails += emails;
  }
  let finishAt: number | null = 0;
  let holdsOpen = false;
  const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());
  const rowById = new Map(rows.map((row) => [row.id, row]));
  // People by name, or by their profile's slug before the profile was read, or by their e-mail
  // address (an e-mail campaign's leads often have nothing else): never by an id.
  const nameOf = (id: string) => {
    const lead = rowById.get(id)!.lead;
    return [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.publicIdentifier || lead.email || null;
  };
  const forecastLeads = own.map((lead) => {
    const simulated = result.leads.get(lead.id);
    if (simulated?.firstActionAt !== null && simulated?.firstActionAt !== undefined) totals.reached++;
    const endsAt = simulated?.endsAt ?? null;
    // A lead still paused does not keep the campaign from finishing (only pending and running ones do).
    if ((simulated?.status ?? lead.status) !== "paused") {
      holdsOpen = true;
      if (endsAt === null) finishAt = null;
      else if (finishAt !== null) finishAt = Math.max(finishAt, endsAt);
    }
    return {
      campaignLeadId: lead.id,
      leadId: rowById.get(lead.id)!.leadId,
      name: nameOf(lead.id),
      linkedinAccountId: lead.senderId,
      emailAccountId: lead.mailboxId ?? null,
      firstActionAt: iso(simulated?.firstActionAt ?? null),
      steps: (simulated?.steps ?? []).map((step) => ({ stepId: step.stepId, type: step.type, at: new Date(step.at).toISOString(), outcome: step.outcome })),
      expectedStatus: simulated?.status ?? lead.status,
      endsAt: iso(endsAt),
    };
  });
  if (!holdsOpen) finishAt = campaign.finishedAt ? campaign.finishedAt.getTime() : null;

  return {
    campaignId: campaign.id,
    generatedAt: start.toISOString(),
    horizonEnd: end.toISOString(),
    timezone,
    model: model.kind,
    assumptions,
    finishAt: iso(finishAt),
    totals,
    days: [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date)),
    leads: forecastLeads.slice(0, LISTED_LEADS),
    leadsTruncated: forecastLeads.length > LISTED_LEADS,
    experiments: forecastExperiments(sequenceOf(campaign), result, own.map((lead) => lead.id), days, timezone).map((plan) => ({ ...plan, expectedBy: iso(plan.expectedBy) })),
  };
}
