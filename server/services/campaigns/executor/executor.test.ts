// The campaign executor end to end on the sandbox network, with a manual clock: weeks of campaign
// through the real services, checked against the caps, the schedule, the answers and the forecast.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { zonedDateString, zonedParts } from "@/server/lib/time-zones";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { connectSender } from "@/server/services/senders/connect-sender";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { addCampaignLeads } from "../add-campaign-leads";
import { createCampaign } from "../create-campaign";
import { forecastCampaign } from "../forecast-campaign";
import { updateCampaign } from "../update-campaign";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../../schemas/campaign";
import { ZForecastQuery } from "../../../schemas/campaign-forecast";
import { ZConnectSenderInput } from "../../../schemas/sender";
import { ZLeadsInput } from "../../../schemas/lead";

afterEach(() => setClock(systemClock));

const directory = sandboxDirectory();
const DAY = 86_400_000;

/** Sandbox senders named after the test: the network's answers are keyed by who acts, so each test sees the same ones every run. */
async function senders(actor: Actor, label: string, count: number, options: { timezone?: string; premium?: boolean } = {}) {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const name = `${label}-rep${index}${options.premium ? "+premium" : ""}`;
    const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `${name}@example.com`, password: "x", timezone: options.timezone }), { via: "api" });
    ids.push(account.account.id);
  }
  return ids;
}

/** Invite; accepted → message; not accepted → visit the profile. */
const BRANCHING: TSequenceInput = {
  steps: [
    { id: "invite", type: "invite", config: { note: "Hi {{firstName}}", withdrawEnabled: true, withdrawDays: 7 } },
    { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks for connecting, {{firstName}}!" }, nextDelayHours: 48, branchDelays: { yes: 2 } },
    { id: "follow", type: "message", parent: "thanks", branch: "no", config: { text: "Any thoughts, {{firstName}}?" }, nextDelayHours: 72 },
    { id: "visit", type: "visit_profile", parent: "invite", branch: "no" },
  ],
};

async function setup(options: { label: string; senders: number; leads: number; start: string; timezone?: string; sequence?: TSequenceInput; offset?: number }) {
  const clock = new ManualClock(options.start);
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const pool = await senders(actor, options.label, options.senders, { timezone: options.timezone });
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "Simulated",
    linkedinAccountIds: pool,
    sequence: options.sequence ?? BRANCHING,
    schedule: { timezone: options.timezone ?? "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
  }));
  const offset = options.offset ?? 0;
  const prospects = directory.slice(offset, offset + options.leads);
  const added = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  expect(added.added).toBe(options.leads);
  return { clock, actor, workspace, pool, campaign, prospects };
}

describe("a simulated month on the sandbox network", () => {
  it("keeps every sender within its caps and every action inside the schedule, and accounts for every lead", async () => {
    const { clock, actor, workspace, pool, campaign } = await setup({ label: "month", senders: 2, leads: 90, start: "2026-03-02T06:00:00Z" });
    // Tight caps make the caps bind within the month.
    for (const id of pool) {
      await db.linkedinAccount.update({ where: { id }, data: { limits: { daily: { invitations: 7, messages: 9, profileViews: 5 }, weeklyInvitations: 30 } } });
    }
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
    const end = new Date(Date.parse("2026-03-02T06:00:00Z") + 31 * DAY);
    const drive = await driveCampaigns(clock, end);
    expect(drive.acted).toBeGreaterThan(100);

    const actions = await db.senderAction.findMany({ where: { workspaceId: workspace.id, status: { notIn: ["failed"] } }, orderBy: { createdAt: "asc" } });
    const perDay = new Map<string, number>();
    const perWeek = new Map<string, number>();
    for (const action of actions) {
      // Inside the schedule: Monday to Friday, 09:00–18:00 Paris time.
      const parts = zonedParts(action.createdAt, "Europe/Paris");
      expect(parts.isoWeekday).toBeLessThanOrEqual(5);
      expect(parts.hour * 60 + parts.minute).toBeGreaterThanOrEqual(9 * 60);
      expect(parts.hour).toBeLessThan(18);
      const cap = action.type === "invitation" ? "invitations" : action.type === "profile_view" ? "profileViews" : "messages";
      const day = `${action.accountId}|${cap}|${zonedDateString(action.createdAt, "UTC")}`;
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      if (action.type === "invitation") {
        const monday = new Date(action.createdAt.getTime() - ((zonedParts(action.createdAt, "UTC").isoWeekday - 1) * DAY));
        const week = `${action.accountId}|${zonedDateString(monday, "UTC")}`;
        perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
      }
    }
    const limits = { invitations: 7, messages: 9, profileViews: 5 };
    for (const [key, count] of perDay) expect(count, key).toBeLessThanOrEqual(limits[key.split("|")[1] as keyof typeof limits]);
    for (const [key, count] of perWeek) expect(count, key).toBeLessThanOrEqual(30);
    // The caps did bind: some sender used its whole daily invitation cap on some day.
    expect([...perDay.entries()].some(([key, count]) => key.includes("|invitations|") && count === 7)).toBe(true);
    // One action at a time per sender, with human-like gaps of at least 90 seconds.
    for (const id of pool) {
      const times = actions.filter((action) => action.accountId === id).map((action) => action.createdAt.getTime());
      for (let index = 1; index < times.length; index++) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(90_000);
    }
    // Every lead accounted for: each is in exactly one status, and the campaign's totals add up.
    const leads = await db.campaignLead.findMany({ where: { campaignId: campaign.id } });
    expect(leads).toHaveLength(90);
    const statuses = leads.map((lead) => lead.status);
    expect(statuses.filter((status) => status === "done" || status === "replied" || status === "failed").length).toBeGreaterThan(40);
    // No lead got the same step twice, and invitations are never duplicated at the network.
    const journal = await db.campaignLeadStep.groupBy({ by: ["campaignLeadId", "stepId"], where: { campaignId: campaign.id }, _count: { _all: true } });
    expect(journal.every((row) => row._count._all === 1)).toBe(true);
    const invitations = await db.sandboxInvitation.groupBy({ by: ["fromMemberId", "toMemberId"], _count: { _all: true } });
    expect(invitations.every((row) => row._count._all === 1)).toBe(true);
  }, 180_000);

  it("ends a sequence when the lead replies, fires the events, and finishes the campaign exactly once", async () => {
    const { clock, actor, workspace, campaign } = await setup({ label: "replies", senders: 1, leads: 12, start: "2026-03-02T07:00:00Z", offset: 100 });
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
    await driveCampaigns(clock, new Date(Date.parse("2026-03-02T07:00:00Z") + 40 * DAY));

    const leads = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { lead: true } });
    expect(leads.every((lead) => ["done", "replied", "failed"].includes(lead.status))).toBe(true);
    const replied = leads.filter((lead) => lead.status === "replied");
    expect(replied.length).toBeGreaterThan(0);
    for (const lead of replied) {
      // Nothing was sent to a lead after its reply.
      const after = await db.senderAction.count({ where: { campaignLeadId: lead.id, createdAt: { gt: lead.lastReplyAt! } } });
      expect(after).toBe(0);
    }
    const statusEvents = await outboxEvents(workspace.id, "lead.status_changed");
    expect(statusEvents.filter((event) => event.data.newStatus === "replied").map((event) => event.data.campaignLeadId).sort()).toEqual(
      replied.map((lead) => lead.id).sort(),
    );
    const accepted = await outboxEvents(workspace.id, "connection.accepted");
    expect(accepted.length).toBe(leads.filter((lead) => lead.invitationAccepted).length);
    expect(accepted.every((event) => event.data.source === "campaign" && event.data.campaignId === campaign.id)).toBe(true);
    const received = await outboxEvents(workspace.id, "message.received");
    expect(received.length).toBeGreaterThanOrEqual(replied.length);
    expect(received.every((event) => event.data.source === "campaign")).toBe(true);
    const finished = await outboxEvents(workspace.id, "campaign.finished");
    expect(finished).toEqual([{ event: "campaign.finished", data: { campaignId: campaign.id, name: "Simulated", stats: { total: 12 } } }]);
    // More passes change nothing: still exactly one.
    await driveCampaigns(clock, new Date(clock.now().getTime() + 2 * DAY));
    expect(await outboxEvents(workspace.id, "campaign.finished")).toHaveLength(1);
  }, 180_000);
});

describe("sender turns", () => {
  it("does not keep a due profile visit waiting behind invitations at their daily cap, and the forecast agrees", async () => {
    const clock = new ManualClock("2026-03-02T08:00:00Z");
    setClock(clock);
    await ensureSandboxDirectory();
    const { actor } = await createTestWorkspace();
    const [sender] = await senders(actor, "turns", 1);
    await db.linkedinAccount.update({ where: { id: sender! }, data: { limits: { daily: { invitations: 1 } } } });
    const schedule = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };
    const invites = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Invites", linkedinAccountIds: [sender!], schedule, sequence: { steps: [{ type: "invite" }] } }));
    const visits = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Visits", linkedinAccountIds: [sender!], schedule, sequence: { steps: [{ type: "visit_profile" }] } }));
    // Twelve invitations come first in line (more than one batch of candidates), the visit after them.
    await addCampaignLeads(actor, invites.id, ZLeadsInput.parse({ leads: directory.slice(200, 212).map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
    await addCampaignLeads(actor, visits.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(directory[220]!.publicIdentifier) }] }));
    await updateCampaign(actor, invites.id, ZUpdateCampaignInput.parse({ status: "active" }));
    const forecast = await forecastCampaign(actor, visits.id, ZForecastQuery.parse({ days: 1 }));
    await updateCampaign(actor, visits.id, ZUpdateCampaignInput.parse({ status: "active" }));

    await driveCampaigns(clock, new Date("2026-03-02T10:00:00Z"));

    const actions = await db.senderAction.findMany({ where: { accountId: sender! }, orderBy: { createdAt: "asc" } });
    expect(actions.map((action) => action.type)).toEqual(["invitation", "profile_view"]);
    const visit = actions[1]!;
    expect(forecast.leads).toHaveLength(1);
    expect(forecast.leads[0]!.firstActionAt).toBe(visit.createdAt.toISOString());
  }, 60_000);
});

describe("the forecast", () => {
  it("matches what then happens on the sandbox network", async () => {
    const { clock, actor, campaign } = await setup({ label: "forecast", senders: 2, leads: 40, start: "2026-03-04T10:17:00Z", offset: 150 });
    const forecast = await forecastCampaign(actor, campaign.id, ZForecastQuery.parse({ days: 30 }));
    expect(forecast.model).toBe("sandbox");
    expect(forecast.leads).toHaveLength(40);
    expect(forecast.finishAt).not.toBeNull();

    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    const leads = await db.campaignLead.findMany({ where: { campaignId: campaign.id } });
    const firstActions = await db.senderAction.groupBy({ by: ["campaignLeadId"], where: { campaignLeadId: { in: leads.map((lead) => lead.id) } }, _min: { createdAt: true } });
    const firstAt = new Map(firstActions.map((row) => [row.campaignLeadId, row._min.createdAt?.toISOString() ?? null]));
    for (const predicted of forecast.leads) {
      const actual = leads.find((lead) => lead.id === predicted.campaignLeadId)!;
      expect({ lead: predicted.campaignLeadId, firstActionAt: predicted.firstActionAt, status: predicted.expectedStatus }).toEqual({
        lead: actual.id,
        firstActionAt: firstAt.get(actual.id) ?? null,
        status: actual.status,
      });
    }
    const lastFinish = Math.max(...leads.map((lead) => lead.finishedAt?.getTime() ?? 0));
    expect(forecast.finishAt).toBe(new Date(lastFinish).toISOString());
  }, 180_000);
});
