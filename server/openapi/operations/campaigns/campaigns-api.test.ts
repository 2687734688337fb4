// The campaigns API through its route handlers: defaults, wiring rules and every 400 of the spec,
// sequence edits once leads are in progress, one step's copy, other workspaces' campaigns.
// Its leads, progress and deletion: campaign-leads-api.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { runExecutorPass } from "@/server/services/campaigns/executor/run-executor-pass";
import { profile, workspace } from "@/server/test/campaigns-api";

afterEach(() => setClock(systemClock));

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
