// The campaign experiments API through its route handlers: GET /campaigns/{id}/experiments judges
// each step with variants in words; the experiment settings go through PATCH /campaigns/{id} with
// errors naming the field; a step's promoted variant must name one of its variants.
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { seedVariantHistory } from "@/server/test/experiment-seed";
import { profile, workspace } from "@/server/test/campaigns-api";

afterEach(() => setClock(systemClock));

const sequence = (promotedVariantId?: string) => ({
  steps: [
    { id: "invite", type: "invite", config: { variants: [{ id: "a", note: "Hi {{firstName}}" }, { id: "b", note: "Hello {{firstName}}" }] } },
    { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks", variants: [{ id: "a", text: "Thanks" }, { id: "b", text: "Great to connect" }], promotedVariantId } },
  ],
});

describe("GET /campaigns/{id}/experiments", () => {
  it("judges every step with variants: acceptance for the invitation, replies for the message, a verdict in words", async () => {
    const { api, actor } = await workspace();
    const created = await api.create({ sequence: sequence() });
    expect(created.status).toBe(201);
    const id = created.body!.data.id;
    expect(created.body!.data.experiments).toEqual({ autoPromote: false, threshold: 0.95, minLeadsPerVariant: 100 });
    await seedVariantHistory(actor, id, { id: "invite", type: "invite" }, [
      { variantId: "a", reached: 30, successes: 9 },
      { variantId: "b", reached: 28, successes: 10 },
    ]);
    await seedVariantHistory(actor, id, { id: "thanks", type: "message" }, [
      { variantId: "a", reached: 220, successes: 18, interested: 5 },
      { variantId: "b", reached: 230, successes: 34, interested: 12 },
    ]);

    const response = await api.experiments(id);
    expect(response.status).toBe(200);
    const { steps, settings, history } = response.body!.data;
    expect(settings).toEqual({ autoPromote: false, threshold: 0.95, minLeadsPerVariant: 100 });
    expect(history).toEqual([]);
    expect(steps.map((step: { stepId: string; label: string; metric: string }) => [step.stepId, step.label, step.metric])).toEqual([
      ["invite", "#1 Connection request", "acceptance"],
      ["thanks", "#2 Message", "reply"],
    ]);
    expect(steps[0].variants.map((variant: { reached: number; successes: number }) => [variant.reached, variant.successes])).toEqual([[30, 9], [28, 10]]);
    expect(steps[0].verdict).toMatchObject({ kind: "too-early", text: expect.stringMatching(/^Too early to tell: need about \d+ more leads per variant to detect a 5-point difference/) });
    expect(steps[1].variants[1]).toMatchObject({ label: "B", reached: 230, successes: 34, positive: 12, promoted: false, rate: 34 / 230 });
    expect(steps[1].variants[1].interval.low).toBeLessThan(34 / 230);
    expect(steps[1].variants[1].interval.high).toBeGreaterThan(34 / 230);
    expect(steps[1].verdict).toMatchObject({ kind: "winner", text: expect.stringMatching(/^B is likely better \(9\d% chance to be best\)/) });
  });

  it("says 404 for another workspace's campaign", async () => {
    const { api: owner } = await workspace();
    const { api: other } = await workspace();
    const id = (await owner.create({})).body!.data.id;
    expect((await other.experiments(id)).status).toBe(404);
    expect((await owner.experiments(id)).body!.data.steps).toEqual([]);
  });
});

describe("the planner: GET /campaigns/{id}/forecast", () => {
  it("says per step with variants whether the forecast's volumes can tell a 5-point difference, and when", async () => {
    setClock(new ManualClock("2026-03-02T09:30:00Z"));
    await ensureSandboxDirectory();
    const { api } = await workspace();
    const sender = await api.connect("planner");
    const invite = { id: "i", type: "invite", config: { variants: [{ id: "a", note: "Hi {{firstName}}" }, { id: "b", note: "Hello {{firstName}}" }] } };
    const id = (await api.create({ status: "draft", linkedinAccountIds: [sender], sequence: { steps: [invite] } })).body!.data.id;
    await api.addLeads(id, [{ profileUrl: profile(50) }, { profileUrl: profile(51) }, { profileUrl: profile(52) }, { profileUrl: profile(53) }]);
    const forecast = await api.forecast(id, 10);
    expect(forecast.status).toBe(200);
    expect(forecast.body!.data.experiments).toEqual([
      {
        stepId: "i",
        label: "#1 Connection request",
        variants: 2,
        promotedVariantId: null,
        perVariant: 2,
        neededPerVariant: expect.any(Number),
        expectedBy: null,
        text: expect.stringMatching(/^#1 Connection request: at the forecast's pace each variant reaches about 2 leads in 10 days; detecting a 5-point difference needs about \d+ per variant — not within the forecast\.$/),
      },
    ]);
  });
});

describe("experiment settings and a promoted variant through PATCH /campaigns/{id}", () => {
  it("keeps the settings a change leaves out, and names a field out of range", async () => {
    const { api } = await workspace();
    const id = (await api.create({ experiments: { autoPromote: true } })).body!.data.id;
    const patched = await api.patch(id, { experiments: { threshold: 0.9 } });
    expect(patched.body!.data.experiments).toEqual({ autoPromote: true, threshold: 0.9, minLeadsPerVariant: 100 });
    const refused = await api.patch(id, { experiments: { threshold: 1.2, minLeadsPerVariant: 5 } });
    expect(refused.status).toBe(400);
    expect(refused.body!.error.details.fields).toEqual(
      expect.arrayContaining([
        { field: "experiments.threshold", message: "must be at most 0.999 (99.9%)" },
        { field: "experiments.minLeadsPerVariant", message: "must be at least 20 leads" },
      ]),
    );
  });

  it("stores a step's promoted variant, and refuses one that names no variant of the step", async () => {
    const { api } = await workspace();
    const created = await api.create({ sequence: sequence("b") });
    expect(created.body!.data.sequence.steps[1].config.promotedVariantId).toBe("b");
    const refused = await api.patch(created.body!.data.id, { sequence: sequence("zz") });
    expect(refused.status).toBe(400);
    expect(refused.body!.error.details.fields).toEqual([{ field: "sequence.steps.1.config.promotedVariantId", message: expect.stringContaining("names no variant of this step") }]);
  });
});
