// The campaigns API through its route handlers: defaults, wiring rules and every 400 of the spec,
// leads with skip reasons, progress, stop / pause / resume, rebalance, lead lists, deletion.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { runExecutorPass } from "@/server/services/campaigns/executor/run-executor-pass";
import { callRoute } from "@/server/test/call-route";
import { createTestApiKey, createTestWorkspace, outboxEvents } from "@/server/test/factories";
import * as accountsRoute from "../accounts/route";
import * as pauseAccountRoute from "../accounts/[id]/pause/route";
import * as leadListLeadsRoute from "../lead-lists/[id]/leads/route";
import * as leadListRoute from "../lead-lists/[id]/route";
import * as leadListsRoute from "../lead-lists/route";
import * as forecastRoute from "./[id]/forecast/route";
import * as funnelRoute from "./[id]/funnel/route";
import * as pauseLeadRoute from "./[id]/leads/[leadId]/pause/route";
import * as resumeLeadRoute from "./[id]/leads/[leadId]/resume/route";
import * as leadRoute from "./[id]/leads/[leadId]/route";
import * as stopLeadRoute from "./[id]/leads/[leadId]/stop/route";
import * as leadsRoute from "./[id]/leads/route";
import * as rebalanceRoute from "./[id]/rebalance/route";
import * as campaignRoute from "./[id]/route";
import * as stepRoute from "./[id]/sequence/[stepId]/route";
import * as campaignsRoute from "./route";

afterEach(() => setClock(systemClock));

const directory = sandboxDirectory();
const profile = (index: number) => sandboxProfileUrl(directory[index]!.publicIdentifier);

async function workspace() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const api = {
    create: (body: unknown) => callRoute(campaignsRoute.POST, "POST", "/campaigns", { key, body }),
    list: () => callRoute(campaignsRoute.GET, "GET", "/campaigns", { key }),
    get: (id: string) => callRoute(campaignRoute.GET, "GET", `/campaigns/${id}`, { key, params: { id } }),
    patch: (id: string, body: unknown) => callRoute(campaignRoute.PATCH, "PATCH", `/campaigns/${id}`, { key, params: { id }, body }),
    remove: (id: string) => callRoute(campaignRoute.DELETE, "DELETE", `/campaigns/${id}`, { key, params: { id } }),
    patchStep: (id: string, stepId: string, body: unknown) =>
      callRoute(stepRoute.PATCH, "PATCH", `/campaigns/${id}/sequence/${stepId}`, { key, params: { id, stepId }, body }),
    addLeads: (id: string, leads: unknown[]) => callRoute(leadsRoute.POST, "POST", `/campaigns/${id}/leads`, { key, params: { id }, body: { leads } }),
    leads: (id: string, query: Record<string, string | number> = {}) => callRoute(leadsRoute.GET, "GET", `/campaigns/${id}/leads`, { key, params: { id }, query }),
    lead: (id: string, leadId: string) => callRoute(leadRoute.GET, "GET", `/campaigns/${id}/leads/${leadId}`, { key, params: { id, leadId } }),
    stop: (id: string, leadId: string) => callRoute(stopLeadRoute.POST, "POST", `/campaigns/${id}/leads/${leadId}/stop`, { key, params: { id, leadId } }),
    pause: (id: string, leadId: string) => callRoute(pauseLeadRoute.POST, "POST", `/campaigns/${id}/leads/${leadId}/pause`, { key, params: { id, leadId } }),
    resume: (id: string, leadId: string) => callRoute(resumeLeadRoute.POST, "POST", `/campaigns/${id}/leads/${leadId}/resume`, { key, params: { id, leadId } }),
    rebalance: (id: string, linkedinAccountId: string) =>
      callRoute(rebalanceRoute.POST, "POST", `/campaigns/${id}/rebalance`, { key, params: { id }, body: { linkedinAccountId } }),
    funnel: (id: string) => callRoute(funnelRoute.GET, "GET", `/campaigns/${id}/funnel`, { key, params: { id } }),
    forecast: (id: string, days?: number) => callRoute(forecastRoute.GET, "GET", `/campaigns/${id}/forecast`, { key, params: { id }, query: days ? { days } : {} }),
    connect: async (name: string) => {
      const response = await callRoute(accountsRoute.POST, "POST", "/accounts", { key, body: { username: `${name}-${Math.random().toString(36).slice(2, 7)}@example.com`, password: "x" } });
      expect(response.status).toBe(200);
      return response.body!.data.id as string;
    },
    pauseSender: (id: string) => callRoute(pauseAccountRoute.POST, "POST", `/accounts/${id}/pause`, { key, params: { id } }),
  };
  return { ...context, key, api };
}

describe("creating and reading campaigns", () => {
  it("applies the spec's defaults: empty sequence, 09:00–19:00 Monday to Friday, paused; tracking off, the unsubscribe line on", async () => {
    const { api } = await workspace();
    const created = await api.create({});
    expect(created.status).toBe(201);
    expect(created.body!.data).toMatchObject({
      status: "paused",
      sequence: { steps: [] },
      schedule: { timezone: "UTC", activeHours: { from: "09:00", to: "19:00" }, activeDays: [1, 2, 3, 4, 5], startDate: null, endDate: null },
      stats: { total: 0, done: 0, failed: 0 },
      linkedinAccountIds: [],
      leadsInProgress: false,
      tracking: { opens: "off", clicks: "off" },
      unsubscribe: { enabled: true, text: "If you'd rather not hear from me, {{unsubscribe}}." },
      emailAccountIds: [],
      approvals: { comments: true, aiVoiceNotes: true, recordedVoiceNotes: false },
    });
    const listed = await api.list();
    expect(listed.body).toMatchObject({ data: [{ id: created.body!.data.id }], paging: { limit: 50, offset: 0, total: 1 } });
  });

  it("keeps the approval settings a change leaves out, and refuses a setting that is not a yes or no", async () => {
    const { api } = await workspace();
    const created = await api.create({ approvals: { recordedVoiceNotes: true } });
    expect(created.body!.data.approvals).toEqual({ comments: true, aiVoiceNotes: true, recordedVoiceNotes: true });
    const id = created.body!.data.id;
    const patched = await api.patch(id, { approvals: { comments: false } });
    expect(patched.body!.data.approvals).toEqual({ comments: false, aiVoiceNotes: true, recordedVoiceNotes: true });
    const refused = await api.patch(id, { approvals: { aiVoiceNotes: "sometimes" } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("approvals.aiVoiceNotes");
    expect((await api.get(id)).body!.data.approvals).toEqual({ comments: false, aiVoiceNotes: true, recordedVoiceNotes: true });
  });

  it("returns step and variant ids, wiring a linear chain by natural continuation", async () => {
    const { api } = await workspace();
    const created = await api.create({
      name: "Linear",
      sequence: {
        steps: [
          { type: "visit_profile" },
          { type: "invite", config: { note: "Hi {{firstName}}" } },
          { type: "message", config: { text: "Thanks!", variants: [{ text: "Thanks!" }, { text: "Thank you!" }] } },
          { type: "inmail", config: { subject: "Hello", text: "Still there?" } },
        ],
      },
    });
    expect(created.status).toBe(400);
    // InMail cannot sit below the invitation's accepted branch; the error names the step and field.
    expect(created.body!.error.details.fields).toEqual([{ field: "sequence.steps.3.type", message: expect.stringContaining("cannot sit below the connected branch") }]);

    const fixed = await api.create({
      name: "Linear",
      sequence: {
        steps: [
          { type: "visit_profile" },
          { type: "invite", config: { note: "Hi {{firstName}}" } },
          { type: "message", config: { text: "Thanks!", variants: [{ text: "Thanks!" }, { text: "Thank you!" }] } },
          { type: "message", config: { text: "Following up" } },
        ],
      },
    });
    expect(fixed.status).toBe(201);
    const detail = await api.get(fixed.body!.data.id);
    const steps = detail.body!.data.sequence.steps;
    expect(steps.map((step: { parent: string | null; branch: string | null }) => [step.parent, step.branch])).toEqual([
      [null, null],
      [steps[0].id, null],
      [steps[1].id, "yes"],
      [steps[2].id, "no"],
    ]);
    expect(steps[2].config.variants).toEqual([
      { id: "a", text: "Thanks!" },
      { id: expect.stringMatching(/^v_/), text: "Thank you!" },
    ]);
  });

  it("answers every 400 of the spec with the offending field", async () => {
    const { api } = await workspace();
    const sender = await api.connect("pool");
    const cases: Array<[unknown, string]> = [
      [{ status: "active" }, "linkedinAccountIds"],
      [{ linkedinAccountIds: ["acc_nope"] }, "linkedinAccountIds.0"],
      [{ emailAccountIds: ["mbx_nope"] }, "emailAccountIds.0"],
      [{ status: "active", sequence: { steps: [{ type: "email", config: { subject: "Hi", text: "Hello" } }] } }, "emailAccountIds"],
      [{ unsubscribe: { text: "" } }, "unsubscribe.text"],
      [{ schedule: { timezone: "Mars/Olympus" } }, "schedule.timezone"],
      [{ schedule: { activeHours: { from: "19:00", to: "09:00" } } }, "schedule.activeHours.to"],
      [{ schedule: { activeHours: { from: "24:00", to: "24:00" } } }, "schedule.activeHours.from"],
      [{ schedule: { activeHours: { from: "09:00", to: "24:01" } } }, "schedule.activeHours.to"],
      [{ schedule: { activeDays: [] } }, "schedule.activeDays"],
      [{ schedule: { activeDays: [8] } }, "schedule.activeDays.0"],
      [{ sequence: { steps: [{ type: "teleport" }] } }, "sequence.steps.0.type"],
      [{ sequence: { steps: [{ type: "message", config: { text: "A", variants: [{ text: "B" }] } }] } }, "sequence.steps.0.config.text"],
      [{ sequence: { steps: [{ type: "invite", config: { note: "x".repeat(301) } }] } }, "sequence.steps.0.config.note"],
      [{ sequence: { steps: [{ type: "inmail", config: { text: "no subject" } }] } }, "sequence.steps.0.config.subject"],
      [{ sequence: { steps: [{ type: "message", config: { text: "Hi", whenUnable: "skip" } }] } }, "sequence.steps.0.config.whenUnable"],
      [{ sequence: { steps: [{ id: "a", type: "invite" }, { id: "b", type: "visit_profile", parent: "zz", branch: "yes" }] } }, "sequence.steps.1.parent"],
      [{ sequence: { steps: [{ id: "a", type: "if_connected" }, { id: "b", type: "if_open_profile", parent: "a", branch: "yes" }] } }, "sequence.steps.1.type"],
      [{ listId: "lst_nope" }, "listId"],
    ];
    for (const [body, field] of cases) {
      const response = await api.create(body);
      expect({ body, status: response.status, code: response.body!.error.code }).toEqual({ body, status: 400, code: "invalid-input" });
      expect(response.body!.error.details.fields.map((issue: { field: string }) => issue.field)).toContain(field);
    }
    // Active with a sender is fine, and so is a schedule open all day.
    expect((await api.create({ status: "active", linkedinAccountIds: [sender] })).status).toBe(201);
    const allDay = await api.create({ schedule: { activeHours: { from: "00:00", to: "24:00" } } });
    expect({ status: allDay.status, activeHours: allDay.body!.data.schedule.activeHours }).toEqual({ status: 201, activeHours: { from: "00:00", to: "24:00" } });
  });

  it("refuses structural edits once leads are in progress but allows copy, delays and appended steps", async () => {
    setClock(new ManualClock("2026-03-02T09:30:00Z"));
    await ensureSandboxDirectory();
    const { api } = await workspace();
    const sender = await api.connect("rep");
    const sequence = {
      steps: [
        { id: "invite", type: "invite", config: { note: "Hi" } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks" } },
      ],
    };
    const { body } = await api.create({ linkedinAccountIds: [sender], sequence, status: "active" });
    const id = body!.data.id;
    // Before any lead started, anything may change.
    expect((await api.patch(id, { sequence: { steps: [{ id: "visit", type: "visit_profile" }, ...sequence.steps.map((step) => (step.id === "invite" ? { ...step, parent: "visit" } : step))] } })).status).toBe(200);
    await api.patch(id, { sequence });
    await api.addLeads(id, [{ profileUrl: profile(3) }]);
    await runExecutorPass();
    expect((await api.get(id)).body!.data.leadsInProgress).toBe(true);

    const removed = await api.patch(id, { sequence: { steps: [sequence.steps[0]] } });
    expect(removed.status).toBe(400);
    expect(removed.body!.error.message).toContain("removes step thanks");
    const retyped = await api.patch(id, { sequence: { steps: [sequence.steps[0], { ...sequence.steps[1], type: "visit_profile", config: {} }] } });
    expect(retyped.status).toBe(400);
    expect(retyped.body!.error.details.fields[0]).toMatchObject({ field: "sequence.steps.1.type" });
    const appended = await api.patch(id, {
      sequence: {
        steps: [
          { ...sequence.steps[0], config: { note: "Hello {{firstName}}" } },
          { ...sequence.steps[1], nextDelayHours: 24 },
          { id: "visit", type: "visit_profile", parent: "invite", branch: "no" },
        ],
      },
    });
    expect(appended.status).toBe(200);
    expect(appended.body!.data.sequence.steps.map((step: { id: string }) => step.id)).toEqual(["invite", "thanks", "visit"]);
    // A linear chain sent without ids keeps the existing ids by position.
    const linear = await api.create({ sequence: { steps: [{ type: "invite" }, { type: "message", config: { text: "Hi" } }] } });
    const ids = linear.body!.data.sequence.steps.map((step: { id: string }) => step.id);
    const again = await api.patch(linear.body!.data.id, { sequence: { steps: [{ type: "invite" }, { type: "message", config: { text: "Hello" } }] } });
    expect(again.body!.data.sequence.steps.map((step: { id: string }) => step.id)).toEqual(ids);
    // Going active needs a sender; an empty pool on an active campaign is a 400.
    expect((await api.patch(id, { linkedinAccountIds: [] })).status).toBe(400);
    expect((await api.patch(id, { status: "draft" })).status).toBe(400);
  });

  it("changes one step's copy per kind and variant (PATCH /campaigns/{id}/sequence/{stepId})", async () => {
    const { api } = await workspace();
    const recorder = await api.connect("rec");
    const { body } = await api.create({
      sequence: {
        steps: [
          { id: "invite", type: "invite", config: { note: "A" } },
          { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "A", variants: [{ text: "A" }, { id: "b", text: "B" }] } },
          { id: "mail", type: "inmail", parent: "invite", branch: "no", config: { subject: "S", text: "T" } },
          { id: "rec", type: "voice_note", parent: "thanks", config: { voiceAssignments: [{ linkedinAccountId: recorder, voice: { url: "https://example.com/a.mp3" } }] } },
        ],
      },
    });
    const id = body!.data.id;
    const variantB = await api.patchStep(id, "thanks", { variantId: "b", text: "New B" });
    expect(variantB.body).toMatchObject({ data: expect.anything() });
    const thanks = variantB.body!.data.sequence.steps.find((step: { id: string }) => step.id === "thanks");
    expect(thanks.config).toMatchObject({ text: "A", variants: [{ id: "a", text: "A" }, { id: "b", text: "New B" }] });
    const variantA = await api.patchStep(id, "thanks", { text: "New A" });
    expect(variantA.body!.data.sequence.steps.find((step: { id: string }) => step.id === "thanks").config).toMatchObject({ text: "New A", variants: [{ text: "New A" }, { text: "New B" }] });
    expect((await api.patchStep(id, "mail", { voice: { url: "https://example.com/v.mp3" } })).status).toBe(400);
    const wrongField = await api.patchStep(id, "invite", { subject: "Nope" });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body!.error.details.fields[0]).toMatchObject({ field: "subject", message: expect.stringContaining("does not belong to a Connection request step") });
    expect((await api.patchStep(id, "rec", { voice: { url: "https://example.com/v.mp3" } })).status).toBe(409);
    expect((await api.patchStep(id, "nope", { text: "x" })).status).toBe(404);
    expect((await api.patchStep(id, "thanks", { variantId: "zz", text: "x" })).status).toBe(404);
  });

  it("keeps other workspaces' campaigns invisible (404)", async () => {
    const first = await workspace();
    const second = await workspace();
    const { body } = await first.api.create({ name: "Mine" });
    expect((await second.api.get(body!.data.id)).status).toBe(404);
    expect((await second.api.patch(body!.data.id, { name: "Theirs" })).status).toBe(404);
    expect((await second.api.addLeads(body!.data.id, [{ email: "a@example.com" }])).status).toBe(404);
  });
});

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
    const list = (name: string) => callRoute(leadListsRoute.POST, "POST", "/lead-lists", { key, body: { name } });
    const exclusions = (await list("Customers")).body!.data.id;
    const source = (await list("Prospects")).body!.data.id;
    const addToList = (listId: string, leads: unknown[]) => callRoute(leadListLeadsRoute.POST, "POST", `/lead-lists/${listId}/leads`, { key, params: { id: listId }, body: { leads } });
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
    const deleted = await callRoute(leadListRoute.DELETE, "DELETE", `/lead-lists/${exclusions}`, { key, params: { id: exclusions } });
    expect(deleted.status).toBe(409);
    expect(deleted.body!.error.message).toContain(body!.data.id);
    const shown = await callRoute(leadListRoute.GET, "GET", `/lead-lists/${source}`, { key, params: { id: source } });
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
    expect(funnel.body!.data).toEqual({ overall: { leads: 2, invited: 0, accepted: 0, messaged: 0, replied: 0 }, steps: [] });
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
