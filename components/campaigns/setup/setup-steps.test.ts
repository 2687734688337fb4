import { describe, expect, it } from "vitest";
import { currentStep, missingParts, needsSetup, neighbours, setupProgress, stepOfLaunchError, stepPosition, type SetupFacts } from "./setup-steps";

const fresh: SetupFacts = {
  name: "CTOs in Berlin",
  status: "draft",
  linkedinAccountIds: [],
  emailAccountIds: [],
  schedule: { startDate: null, endDate: null, timezone: "UTC", activeHours: { from: "09:00", to: "19:00" }, activeDays: [1, 2, 3, 4, 5] },
  sequence: { steps: [] },
  stats: { total: 0 },
};

describe("setupProgress", () => {
  it("a new campaign has its name and the default schedule, nothing else", () => {
    expect(setupProgress(fresh)).toEqual({ name: true, sequence: false, senders: false, leads: false, schedule: true, launch: false });
  });

  it("senders are done only when every channel the steps use has its pool", () => {
    const linkedin = { ...fresh, sequence: { steps: [{ type: "visit_profile" as const }] } };
    expect(setupProgress(linkedin).senders).toBe(false);
    expect(setupProgress({ ...linkedin, linkedinAccountIds: ["acc_1"] }).senders).toBe(true);
    const mixed = { ...fresh, linkedinAccountIds: ["acc_1"], sequence: { steps: [{ type: "visit_profile" as const }, { type: "email" as const }] } };
    expect(setupProgress(mixed).senders).toBe(false);
    expect(setupProgress({ ...mixed, emailAccountIds: ["mbx_1"] }).senders).toBe(true);
    // An e-mail-only sequence needs no LinkedIn sender.
    expect(setupProgress({ ...fresh, emailAccountIds: ["mbx_1"], sequence: { steps: [{ type: "email" as const }] } }).senders).toBe(true);
  });

  it("leads, a schedule without days, and launch follow the campaign", () => {
    const progress = setupProgress({ ...fresh, stats: { total: 3 }, status: "active", schedule: { ...fresh.schedule, activeDays: [] } });
    expect(progress).toMatchObject({ leads: true, schedule: false, launch: true });
  });
});

describe("needsSetup and currentStep", () => {
  it("a draft with missing parts needs set-up; a complete or non-draft one does not", () => {
    expect(needsSetup(fresh)).toBe(true);
    expect(needsSetup({ ...fresh, status: "paused" })).toBe(false);
    const complete = { ...fresh, linkedinAccountIds: ["acc_1"], sequence: { steps: [{ type: "visit_profile" as const }] }, stats: { total: 1 } };
    expect(missingParts(complete)).toEqual([]);
    expect(needsSetup(complete)).toBe(false);
    expect(currentStep(null, complete)).toBe("launch");
  });

  it("opens on the requested step, else on the first one not done", () => {
    expect(currentStep(null, fresh)).toBe("sequence");
    expect(currentStep("leads", fresh)).toBe("leads");
    expect(currentStep("nonsense", { ...fresh, sequence: { steps: [{ type: "email" }] } })).toBe("senders");
  });

  it("says where a step stands for the phone's stepper, and what comes before and after", () => {
    expect(stepPosition("senders")).toBe("Step 3 of 6: Senders & mailboxes");
    expect(neighbours("name")).toEqual({ previous: null, next: "sequence" });
    expect(neighbours("launch")).toEqual({ previous: "schedule", next: null });
  });
});

describe("stepOfLaunchError", () => {
  it("points a refused launch at the step holding the field", () => {
    expect(stepOfLaunchError(["linkedinAccountIds"])).toBe("senders");
    expect(stepOfLaunchError(["emailAccountIds"])).toBe("senders");
    expect(stepOfLaunchError(["schedule.activeHours.from"])).toBe("schedule");
    expect(stepOfLaunchError(["sequence.steps.2.config.text"])).toBe("sequence");
  });

  it("takes the earliest step when several are at fault, and none when no field is named", () => {
    expect(stepOfLaunchError(["schedule.timezone", "linkedinAccountIds"])).toBe("senders");
    expect(stepOfLaunchError([])).toBeNull();
    expect(stepOfLaunchError(["status"])).toBeNull();
    // A field whose name only begins like another's is not it.
    expect(stepOfLaunchError(["nameless"])).toBeNull();
  });
});
