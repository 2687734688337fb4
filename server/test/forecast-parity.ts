// Test support for the forecast parity tests: what really happened on the sandbox network between a
// forecast's start and its horizon, read from the executor's own records and laid out in the
// forecast's shape (leads with their first action or e-mail, steps, status and end; actions per
// day per sender and e-mails per day per mailbox; totals; the finish date), so that a test compares the two with one deep equality;
// and the scenarios' shared steps: a workspace with sandbox senders on a manual clock, a forecast, the comparison.
import { expect } from "vitest";
import { db } from "../db/client";
import type { Actor } from "../lib/actor";
import { ManualClock, setClock } from "../lib/clock";
import { zonedDateString } from "../lib/time-zones";
import { ensureSandboxDirectory } from "../providers/linkedin/sandbox/store";
import type { TCampaignForecast } from "../schemas/campaign-forecast";
import { ZConnectSenderInput } from "../schemas/sender";
import { forecastCampaign } from "../services/campaigns/forecast-campaign";
import { connectSender } from "../services/senders/connect-sender";
import { createTestWorkspace } from "./factories";

type Counts = { invitations: number; messages: number; inmails: number; profileViews: number };

/** Sender action types (a string column) to the forecast's counts; likes and comments are not campaign steps yet. */
const KIND: Record<string, keyof Counts | undefined> = {
  invitation: "invitations",
  message: "messages",
  voice_note: "messages",
  inmail: "inmails",
  profile_view: "profileViews",
};

/** The part of a forecast that is a prediction (names and generation details left out). */
export type Predicted = Pick<TCampaignForecast, "finishAt" | "totals" | "days"> & {
  leads: Array<Omit<TCampaignForecast["leads"][number], "name">>;
};

/**
 * A lead's steps in time order; steps of the same instant (a condition resolved in the minute of the
 * action after it) by step id, since the journal's rows of one instant have no order of their own.
 */
function inTimeOrder<T extends { at: string; stepId: string }>(steps: T[]): T[] {
  return [...steps].sort((a, b) => a.at.localeCompare(b.at) || a.stepId.localeCompare(b.stepId));
}

export function predicted(forecast: TCampaignForecast): Predicted {
  return {
    finishAt: forecast.finishAt,
    totals: forecast.totals,
    days: forecast.days,
    leads: forecast.leads.map(({ name: _name, ...lead }) => ({ ...lead, steps: inTimeOrder(lead.steps) })),
  };
}

/** What stood when the forecast was taken: the campaign's leads' statuses, and who was connected on the network. */
export interface Before {
  statuses: Map<string, string>;
  /** Sandbox connections, `${memberId}>${otherMemberId}`. */
  connections: Set<string>;
}

export async function takeBefore(campaignId: string): Promise<Before> {
  const [rows, relations] = await Promise.all([
    db.campaignLead.findMany({ where: { campaignId }, select: { id: true, status: true } }),
    db.sandboxRelation.findMany({ select: { memberId: true, otherMemberId: true } }),
  ]);
  return {
    statuses: new Map(rows.map((row) => [row.id, row.status])),
    connections: new Set(relations.map((relation) => `${relation.memberId}>${relation.otherMemberId}`)),
  };
}

/**
 * What happened to the forecast's campaign from its start (generatedAt) to now, in the forecast's
 * shape. Leads are the forecast's own (those moving when it was taken), in its order.
 */
export async function observed(forecast: TCampaignForecast, before: Before): Promise<Predicted> {
  const start = new Date(forecast.generatedAt);
  const ids = forecast.leads.map((lead) => lead.campaignLeadId);
  const [campaign, rows, actions, emails, journal] = await Promise.all([
    db.campaign.findUniqueOrThrow({ where: { id: forecast.campaignId } }),
    db.campaignLead.findMany({ where: { id: { in: ids } }, include: { lead: true } }),
    db.senderAction.findMany({
      where: { campaignLeadId: { in: ids }, sentAt: { not: null }, createdAt: { gte: start } },
      orderBy: { createdAt: "asc" },
    }),
    db.emailMessage.findMany({
      // A bounced e-mail left the mailbox too (and counts for its day).
      where: { campaignLeadId: { in: ids }, direction: "outbound", source: "campaign", status: { in: ["sent", "bounced"] }, createdAt: { gte: start } },
      orderBy: { createdAt: "asc" },
    }),
    db.campaignLeadStep.findMany({ where: { campaignId: forecast.campaignId, startedAt: { gte: start } }, orderBy: [{ startedAt: "asc" }, { id: "asc" }] }),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));

  // Acceptances within the horizon: a connection between the lead's sender and the lead that was not
  // there when the forecast was taken (an acceptance due before then but not yet taken in counts).
  const senderIds = [...new Set(rows.flatMap((row) => (row.linkedinAccountId ? [row.linkedinAccountId] : [])))];
  const accounts = await db.linkedinAccount.findMany({ where: { id: { in: senderIds } }, select: { id: true, providerAccountId: true } });
  const sessions = await db.sandboxSession.findMany({ where: { id: { in: accounts.map((account) => account.providerAccountId) } }, select: { id: true, memberId: true } });
  const memberOfSession = new Map(sessions.map((session) => [session.id, session.memberId]));
  const memberOfSender = new Map(accounts.map((account) => [account.id, memberOfSession.get(account.providerAccountId) ?? null]));
  const relations = await db.sandboxRelation.findMany({ where: { memberId: { in: [...memberOfSession.values()] } }, select: { memberId: true, otherMemberId: true } });
  const connectedDuring = new Set(relations.map((relation) => `${relation.memberId}>${relation.otherMemberId}`).filter((pair) => !before.connections.has(pair)));

  const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
  // Opens and clicks as Herald recorded them within the horizon (a click records the open it proves).
  const horizon = new Date(forecast.horizonEnd);
  const totals = {
    leads: ids.length,
    reached: 0,
    accepted: 0,
    replied: 0,
    invitations: 0,
    messages: 0,
    inmails: 0,
    profileViews: 0,
    emails: 0,
    emailsOpened: emails.filter((email) => email.openedAt && email.openedAt <= horizon).length,
    emailsClicked: emails.filter((email) => email.clickedAt && email.clickedAt <= horizon).length,
  };
  const leads = forecast.leads.map((lead) => {
    const row = byId.get(lead.campaignLeadId)!;
    // The lead's first action or e-mail, whichever came first.
    const firstAction = actions.find((action) => action.campaignLeadId === row.id)?.createdAt;
    const firstEmail = emails.find((email) => email.campaignLeadId === row.id)?.createdAt;
    const first = firstAction && firstEmail ? (firstAction < firstEmail ? firstAction : firstEmail) : (firstAction ?? firstEmail);
    if (first) totals.reached++;
    if (row.status === "replied") totals.replied++;
    const senderMember = row.linkedinAccountId ? memberOfSender.get(row.linkedinAccountId) : null;
    if (senderMember && row.lead.memberId && connectedDuring.has(`${senderMember}>${row.lead.memberId}`)) totals.accepted++;
    return {
      campaignLeadId: row.id,
      leadId: row.leadId,
      linkedinAccountId: row.linkedinAccountId,
      emailAccountId: row.emailAccountId,
      firstActionAt: iso(first),
      steps: inTimeOrder(
        journal.filter((step) => step.campaignLeadId === row.id).map((step) => ({ stepId: step.stepId, type: step.stepType, at: step.startedAt.toISOString(), outcome: step.outcome })),
      ),
      expectedStatus: row.status,
      endsAt: row.finishedAt && row.finishedAt >= start ? row.finishedAt.toISOString() : null,
    };
  });

  const perDay = new Map<string, Counts>();
  for (const action of actions) {
    const kind = KIND[action.type];
    if (!kind) continue;
    const key = `${zonedDateString(action.createdAt, forecast.timezone)}|${action.accountId}`;
    const counts = perDay.get(key) ?? { invitations: 0, messages: 0, inmails: 0, profileViews: 0 };
    counts[kind] += 1;
    perDay.set(key, counts);
    totals[kind] += 1;
  }
  const emailsPerDay = new Map<string, number>();
  for (const email of emails) {
    const key = `${zonedDateString(email.createdAt, forecast.timezone)}|${email.mailboxId}`;
    emailsPerDay.set(key, (emailsPerDay.get(key) ?? 0) + 1);
    totals.emails += 1;
  }
  const days: Predicted["days"] = [];
  const dayOf = (date: string) => {
    let day = days.find((candidate) => candidate.date === date);
    if (!day) {
      day = { date, total: 0, senders: [], mailboxes: [] };
      days.push(day);
    }
    return day;
  };
  for (const [key, counts] of [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [date, linkedinAccountId] = key.split("|") as [string, string];
    const day = dayOf(date);
    day.senders.push({ linkedinAccountId, ...counts });
    day.total += counts.invitations + counts.messages + counts.inmails + counts.profileViews;
  }
  for (const [key, count] of [...emailsPerDay.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [date, emailAccountId] = key.split("|") as [string, string];
    const day = dayOf(date);
    day.mailboxes.push({ emailAccountId, emails: count });
    day.total += count;
  }
  days.sort((a, b) => a.date.localeCompare(b.date));
  return { finishAt: iso(campaign.finishedAt), totals, days, leads };
}

/** A workspace with sandbox senders named after the scenario (the network's answers are keyed by who acts). */
export async function world(label: string, start: string, names: string[]) {
  const clock = new ManualClock(start);
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const senders: string[] = [];
  for (const name of names) {
    const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: `${label}-${name}@example.com`, password: "x" }), { via: "api" });
    expect(connected.status).toBe("connected");
    senders.push(connected.account.id);
  }
  return { clock, actor, workspace, senders };
}

/**
 * The forecast against what happened: the same leads, steps, statuses, days, totals and finish;
 * and the campaign's leads the forecast leaves out (not moving when it was taken) did nothing.
 */
export async function expectParity(forecast: TCampaignForecast, before: Before): Promise<void> {
  // Soft: a scenario with several campaigns reports every forecast that differs, not only the first.
  expect.soft(predicted(forecast)).toEqual(await observed(forecast, before));
  const listed = new Set(forecast.leads.map((lead) => lead.campaignLeadId));
  const leftOut = [...before.statuses.keys()].filter((id) => !listed.has(id));
  const now = await db.campaignLead.findMany({ where: { id: { in: leftOut } }, select: { id: true, status: true } });
  const acted = await db.senderAction.findMany({ where: { campaignLeadId: { in: leftOut }, createdAt: { gte: new Date(forecast.generatedAt) } }, select: { campaignLeadId: true } });
  expect.soft({ statuses: Object.fromEntries(now.map((row) => [row.id, row.status])), acted: acted.map((action) => action.campaignLeadId) }).toEqual({
    statuses: Object.fromEntries(leftOut.map((id) => [id, before.statuses.get(id)])),
    acted: [],
  });
}

/** The forecast of one campaign, with its leads' statuses when it was taken. */
export async function forecastOne(actor: Actor, campaignId: string, days: number) {
  const forecast = await forecastCampaign(actor, campaignId, { days });
  // The sandbox network's own behaviour model, so the forecast can be compared lead by lead.
  expect(forecast.model).toBe("sandbox");
  return { forecast, before: await takeBefore(campaignId) };
}
