// The analytics over the API with an API key: a period's figures beside the period before (each lead
// on the day it was first contacted, rates over the leads they could apply to), the breakdowns, the
// leads behind a figure, the CSV export, outcomes marked on a lead, and plain-words refusals naming
// the field. The campaign leads' columns are written as the executor and the mail readers write them.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

afterEach(() => setClock(systemClock));

const day = (iso: string) => new Date(`${iso}T10:00:00Z`);

async function history() {
  setClock(new ManualClock("2026-06-30T12:00:00Z"));
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const campaign = await createCampaign(
    context.actor,
    ZCreateCampaignInput.parse({ name: "=Founders, EU", sequence: { steps: [{ id: "mail", type: "email", config: { subject: "Hi", text: "Hello" } }] } }),
  );
  const other = await createCampaign(context.actor, ZCreateCampaignInput.parse({ name: "Agencies", sequence: { steps: [{ id: "mail", type: "email", config: { subject: "Hi", text: "Hello" } }] } }));
  const leads = (count: number, prefix: string) =>
    ZLeadsInput.parse({ leads: Array.from({ length: count }, (_, index) => ({ email: `${prefix}${index}@example.com`, firstName: `${prefix}${index}` })) });
  await addCampaignLeads(context.actor, campaign.id, leads(6, "f"));
  await addCampaignLeads(context.actor, other.id, leads(2, "a"));
  const rows = await db.campaignLead.findMany({ where: { workspaceId: context.actor.workspaceId }, include: { lead: true }, orderBy: { seq: "asc" } });
  const byName = new Map(rows.map((row) => [row.lead.firstName!, row.id]));
  const write = (name: string, data: Parameters<typeof db.campaignLead.update>[0]["data"]) => db.campaignLead.update({ where: { id: byName.get(name)! }, data });
  // This period (the last 30 days to June 30): f0–f3 e-mailed; f0 replied and is interested with a
  // meeting, f1 replied twice (once), f2 bounced; a0 invited and accepted on LinkedIn.
  await write("f0", { emailSentAt: day("2026-06-10"), emailRepliedAt: day("2026-06-11"), lastReplyAt: day("2026-06-11"), interest: "interested" });
  await write("f1", { emailSentAt: day("2026-06-12"), emailRepliedAt: day("2026-06-13"), lastReplyAt: day("2026-06-13") });
  await write("f1", { lastReplyAt: day("2026-06-20") });
  await write("f2", { emailSentAt: day("2026-06-15"), emailBouncedAt: day("2026-06-15") });
  await write("f3", { emailSentAt: day("2026-06-29") });
  await write("a0", { invitationSentAt: day("2026-06-05"), invitationAccepted: true, invitationAcceptedAt: day("2026-06-07") });
  // The period before: f4 e-mailed in May, replying in June (counted in May, its contact's period).
  await write("f4", { emailSentAt: day("2026-05-20"), emailRepliedAt: day("2026-06-02"), lastReplyAt: day("2026-06-02") });
  // a1 was a connection already: messaged without an invitation, it is no acceptance. f5 was never contacted.
  await write("a1", { invitationAccepted: true, messageSentAt: day("2026-06-06") });
  return { ...context, key, campaign, other, byName };
}

describe("the analytics API", () => {
  it("gives a period's figures beside the period before, by the day each lead was first contacted", async () => {
    const { key, campaign, byName } = await history();
    expect((await callApi("POST", `/campaigns/${campaign.id}/leads/${byName.get("f0")}/outcome`, { key, body: { outcome: "meeting BOOKED" } })).body!.data.outcome).toBe("Meeting booked");

    const overview = await callApi("GET", "/analytics/overview", { key, query: { period: "30d" } });
    expect(overview.status).toBe(200);
    const data = overview.body!.data;
    expect(data.period).toMatchObject({ from: "2026-06-01", to: "2026-06-30", days: 30, bucket: "day", previous: { from: "2026-05-02", to: "2026-05-31" } });
    expect(data.counts).toEqual({ contacted: 6, invited: 1, accepted: 1, messaged: 1, emailed: 4, replied: 2, positive: 1, outcomes: 1, bounced: 1, complained: 0, unsubscribed: 0 });
    expect(data.rates).toMatchObject({ acceptanceRate: 1, replyRate: 2 / 6, positiveReplyRate: 1 / 6, outcomeRate: 1 / 6, bounceRate: 1 / 4, complaintRate: 0 });
    expect(data.previous.counts).toMatchObject({ contacted: 1, emailed: 1, replied: 1 });
    expect(data.series).toHaveLength(30);
    expect(data.series.find((point: { start: string }) => point.start === "2026-06-12").counts).toMatchObject({ contacted: 1, replied: 1 });
    expect(data.definitions.find((entry: { key: string }) => entry.key === "replyRate").definition).toContain("÷ leads contacted");

    // A custom period of the previous month, and a campaign filter.
    const may = await callApi("GET", "/analytics/overview", { key, query: { from: "2026-05-01", to: "2026-05-31", campaignId: campaign.id } });
    expect(may.body!.data.counts).toMatchObject({ contacted: 1, replied: 1 });
    expect(may.body!.data.period.bucket).toBe("day");
    const quarter = await callApi("GET", "/analytics/overview", { key, query: { period: "90d" } });
    expect(quarter.body!.data.period.bucket).toBe("week");
    expect(quarter.body!.data.counts.contacted).toBe(7);
  });

  it("breaks the figures down and lists the leads behind each", async () => {
    const { key, campaign, other, byName } = await history();
    const byCampaign = await callApi("GET", "/analytics/breakdown", { key, query: { by: "campaign", period: "30d" } });
    expect(byCampaign.body!.data.rows.map((row: { name: string; counts: { contacted: number; replied: number } }) => [row.name, row.counts.contacted, row.counts.replied])).toEqual([
      ["=Founders, EU", 4, 2],
      ["Agencies", 2, 0],
    ]);
    const byMailbox = await callApi("GET", "/analytics/breakdown", { key, query: { by: "mailbox", period: "30d" } });
    expect(byMailbox.body!.data.rows).toEqual([expect.objectContaining({ key: "", name: "No mailbox", removed: false })]);

    const replied = await callApi("GET", "/analytics/leads", { key, query: { metric: "replied", period: "30d", campaignId: campaign.id } });
    expect(replied.body!.paging.total).toBe(2);
    expect(replied.body!.data.map((row: { name: string }) => row.name).sort()).toEqual(["f0", "f1"]);
    const accepted = await callApi("GET", "/analytics/leads", { key, query: { metric: "accepted", period: "30d" } });
    expect(accepted.body!.data).toEqual([expect.objectContaining({ campaignLeadId: byName.get("a0"), campaignId: other.id, campaignName: "Agencies" })]);

    const csv = await callApi("GET", "/analytics/export", { key, query: { by: "campaign", period: "30d" } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="herald-exportAnalytics.csv"');
    const lines = csv.text!.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Name,Leads contacted,Connection requests,/);
    // A name a spreadsheet would run as a formula is written as text, and a comma is quoted.
    expect(lines[1]).toBe(`"'=Founders, EU",4,0,0,0,4,2,1,0,1,0,0,,50.0,25.0,0.0,25.0,0.0,0.0`);
    const days = await callApi("GET", "/analytics/export", { key, query: { period: "7d" } });
    expect(days.text!.split("\r\n")[0]).toMatch(/^Day,/);
  });

  it("refuses what it cannot answer in plain words naming the field", async () => {
    const { key, campaign, byName } = await history();
    const half = await callApi("GET", "/analytics/overview", { key, query: { from: "2026-06-01" } });
    expect([half.status, half.body!.error.details.fields[0].field]).toEqual([400, "to"]);
    const backwards = await callApi("GET", "/analytics/overview", { key, query: { from: "2026-06-10", to: "2026-06-01" } });
    expect([backwards.status, backwards.body!.error.message]).toEqual([400, expect.stringContaining("on or after from")]);
    const tooLong = await callApi("GET", "/analytics/overview", { key, query: { from: "2024-01-01", to: "2026-06-01" } });
    expect(tooLong.status).toBe(400);
    const period = await callApi("GET", "/analytics/overview", { key, query: { period: "365d" } });
    expect([period.status, period.body!.error.message]).toEqual([400, expect.stringContaining("period")]);
    const steps = await callApi("GET", "/analytics/breakdown", { key, query: { by: "step" } });
    expect([steps.status, steps.body!.error.details.fields[0].field]).toEqual([400, "campaignId"]);
    const metric = await callApi("GET", "/analytics/leads", { key, query: { metric: "meetings" } });
    expect([metric.status, metric.body!.error.message]).toEqual([400, expect.stringContaining("metric")]);
    expect((await callApi("GET", "/analytics/overview", { key, query: { campaignId: "cmp_missing" } })).status).toBe(404);
    const elsewhere = await createTestWorkspace();
    const { key: otherKey } = await createTestApiKey(elsewhere.actor);
    expect((await callApi("GET", "/analytics/overview", { key: otherKey, query: { campaignId: campaign.id } })).status).toBe(404);
    const outcome = await callApi("POST", `/campaigns/${campaign.id}/leads/${byName.get("f1")}/outcome`, { key, body: { outcome: "Deal won" } });
    expect([outcome.status, outcome.body!.error.details.fields[0].field, outcome.body!.error.message]).toEqual([400, "outcome", expect.stringContaining("Meeting booked")]);
  });
});
