// The campaigns API's leads through its route handlers: leads with skip reasons, exclusion and
// source lists, stop / pause / resume, rebalance, funnel and forecast, deletion.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { directory, profile, workspace } from "@/server/test/campaigns-api";
import { callApi } from "@/server/test/call-api";
import { outboxEvents } from "@/server/test/factories";

afterEach(() => setClock(systemClock));

describe("campaign leads", () => {
  it("adds leads by profile URL or e-mail and says which were skipped and why", async () => {
    const { api } = await workspace();
    const { body } = await api.create({});
    const id = body!.data.id;
    const first = await api.addLeads(id, [
      { profileUrl: profile(0), firstName: "Maya", customVariables: { pain: "hiring" } },
      { email: "SOMEONE@example.com", firstName: "Sam" },
      { profileUrl: `${profile(0)}/?utm=1` },
    ]);
    expect(first.status).toBe(200);
    expect(first.body!.data).toMatchObject({
      added: 2,
      skipped: [{ index: 2, reason: "duplicate", message: expect.any(String) }],
    });
    const second = await api.addLeads(id, [{ email: "someone@example.com" }, { profileUrl: profile(1) }]);
    expect(second.body!.data).toMatchObject({ added: 1, skipped: [{ index: 0, reason: "already-in-campaign", email: "someone@example.com" }] });
    const invalid = await api.addLeads(id, [{ firstName: "Nobody" }, { profileUrl: "https://example.com/jane" }]);
    expect(invalid.status).toBe(400);
    expect(invalid.body!.error.details.fields.map((issue: { field: string }) => issue.field)).toEqual(["leads.0.profileUrl", "leads.1.profileUrl"]);

    const listed = await api.leads(id);
    expect(listed.body!.paging).toEqual({ limit: 50, offset: 0, total: 3, nextCursor: null });
    expect(listed.body!.data[0]).toMatchObject({
      status: "pending",
      publicIdentifier: directory[0]!.publicIdentifier,
      firstName: "Maya",
      customVariables: { pain: "hiring" },
      linkedinAccountId: null,
      heldBy: null,
    });
    expect(listed.body!.data[1]).toMatchObject({ email: "someone@example.com", publicIdentifier: null, profileUrl: null });
    expect((await api.leads(id, { status: "replied" })).body!.paging.total).toBe(0);
    expect((await api.leads(id, { status: "sleeping" })).status).toBe(400);
  });

  it("skips leads on an exclusion list, and takes a list's leads in as the campaign's list", async () => {
    const { api, key } = await workspace();
    const list = (name: string) => callApi("POST", "/lead-lists", { key, body: { name } });
    const exclusions = (await list("Customers")).body!.data.id;
    const source = (await list("Prospects")).body!.data.id;
    const addToList = (listId: string, leads: unknown[]) => callApi("POST", `/lead-lists/${listId}/leads`, { key, body: { leads } });
    await addToList(exclusions, [{ profileUrl: profile(5) }]);
    const added = await addToList(source, [{ profileUrl: profile(5) }, { profileUrl: profile(6) }, { profileUrl: profile(6) }]);
    expect(added.body!.data).toMatchObject({ added: 2, skipped: [{ index: 2, reason: "duplicate" }] });

    const { body } = await api.create({ listId: source, excludeListIds: [exclusions] });
    const leads = await api.leads(body!.data.id);
    expect(leads.body!.data.map((lead: { publicIdentifier: string }) => lead.publicIdentifier)).toEqual([directory[6]!.publicIdentifier]);
    const direct = await api.addLeads(body!.data.id, [{ profileUrl: profile(5) }]);
    expect(direct.body!.data.skipped).toEqual([expect.objectContaining({ reason: "excluded-list" })]);
    // Leads added to the list later join the campaign too.
    await addToList(source, [{ profileUrl: profile(7) }]);
    expect((await api.leads(body!.data.id)).body!.paging.total).toBe(2);
    // A list in use cannot be deleted; the answer names the campaign.
    const deleted = await callApi("DELETE", `/lead-lists/${exclusions}`, { key });
    expect(deleted.status).toBe(409);
    expect(deleted.body!.error.message).toContain(body!.data.id);
    const shown = await callApi("GET", `/lead-lists/${source}`, { key });
    expect(shown.body!.data).toMatchObject({ leadCount: 3, campaignIds: [body!.data.id], excludedByCampaignIds: [] });
  });

  it("stops, pauses and resumes one lead with lead.status_changed", async () => {
    const { api, workspace: row } = await workspace();
    const { body } = await api.create({ sequence: { steps: [{ type: "visit_profile" }] } });
    const id = body!.data.id;
    const added = await api.addLeads(id, [{ profileUrl: profile(10) }, { profileUrl: profile(11) }]);
    const [first, second] = added.body!.data.leadIds as string[];

    const paused = await api.pause(id, first!);
    expect(paused.body!.data).toMatchObject({ status: "paused", leadId: first });
    expect((await api.pause(id, first!)).status).toBe(200);
    const resumed = await api.resume(id, first!);
    expect(resumed.body!.data.status).toBe("pending");
    // By campaign lead id as well as by lead id.
    const stopped = await api.stop(id, added.body!.data.campaignLeadIds[1]);
    expect(stopped.body!.data).toMatchObject({ status: "stopped", finishedAt: expect.any(String), waitUntil: null });
    expect((await api.stop(id, second!)).status).toBe(409);
    expect((await api.resume(id, second!)).status).toBe(409);
    expect((await api.lead(id, "led_nope")).status).toBe(404);

    const events = await outboxEvents(row.id, "lead.status_changed");
    expect(events.map((event) => [event.data.leadId, event.data.oldStatus, event.data.newStatus])).toEqual([
      [first, "pending", "paused"],
      [second, "pending", "stopped"],
    ]);
    expect(events[1]!.data).toMatchObject({ campaignId: id, lead: { publicIdentifier: directory[11]!.publicIdentifier } });
  });

  it("rebalances a sender's not-yet-contacted leads; 422 outside the pool; receivers 0 when nobody can take them", async () => {
    setClock(new ManualClock("2026-03-02T09:30:00Z"));
    await ensureSandboxDirectory();
    const { api } = await workspace();
    const [a, b, c] = [await api.connect("a"), await api.connect("b"), await api.connect("c")];
    const { body } = await api.create({ linkedinAccountIds: [a, b], sequence: { steps: [{ type: "invite" }] } });
    const id = body!.data.id;
    await api.addLeads(id, Array.from({ length: 6 }, (_, index) => ({ profileUrl: profile(20 + index) })));
    const byA = (await api.leads(id)).body!.data.filter((lead: { linkedinAccountId: string }) => lead.linkedinAccountId === a);
    expect(byA).toHaveLength(3);

    expect((await api.rebalance(id, c)).status).toBe(422);
    await api.pauseSender(a);
    await api.pauseSender(b);
    expect((await api.rebalance(id, a)).body!.data).toEqual({ moved: 0, receivers: 0 });
    // With a third sender in the pool, a's leads spread onto c (the only available one).
    await api.patch(id, { linkedinAccountIds: [a, b, c] });
    const moved = await api.rebalance(id, a);
    expect(moved.status).toBe(200);
    expect(moved.body!.data).toEqual({ moved: 3, receivers: 1 });
    const after = (await api.leads(id)).body!.data;
    expect(after.filter((lead: { linkedinAccountId: string }) => lead.linkedinAccountId === c)).toHaveLength(3);
  });

  it("reports the funnel per variant and forecasts a draft campaign", async () => {
    setClock(new ManualClock("2026-03-02T09:30:00Z"));
    await ensureSandboxDirectory();
    const { api } = await workspace();
    const sender = await api.connect("rep");
    const { body } = await api.create({
      status: "draft",
      linkedinAccountIds: [sender],
      sequence: { steps: [{ id: "v", type: "visit_profile" }, { id: "i", type: "invite", parent: "v" }] },
    });
    const id = body!.data.id;
    await api.addLeads(id, [{ profileUrl: profile(40) }, { profileUrl: profile(41) }]);
    const forecast = await api.forecast(id, 10);
    expect(forecast.status).toBe(200);
    expect(forecast.body!.data).toMatchObject({
      model: "sandbox",
      timezone: "UTC",
      totals: { leads: 2, reached: 2, profileViews: 2, invitations: 2 },
      leads: [{ firstActionAt: expect.any(String) }, { firstActionAt: expect.any(String) }],
      leadsTruncated: false,
    });
    expect(forecast.body!.data.assumptions[0]).toContain("draft");
    expect((await api.forecast(id, 500)).status).toBe(400);
    const funnel = await api.funnel(id);
    expect(funnel.body!.data).toEqual({ overall: { leads: 2, invited: 0, accepted: 0, messaged: 0, replied: 0, emailSent: 0, emailOpened: 0, emailClicked: 0, emailReplied: 0, emailBounced: 0 }, steps: [] });
  });

  it("deletes a campaign with its leads' progress; the leads stay", async () => {
    const { api, workspace: row } = await workspace();
    const { body } = await api.create({});
    await api.addLeads(body!.data.id, [{ profileUrl: profile(50) }]);
    expect((await api.remove(body!.data.id)).body).toEqual({ data: { id: body!.data.id, deleted: true } });
    expect((await api.get(body!.data.id)).status).toBe(404);
    expect(await db.lead.count({ where: { workspaceId: row.id } })).toBe(1);
  });
});
