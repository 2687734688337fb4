import { describe, expect, it } from "vitest";
import { fieldErrorText, fieldLabel } from "./field-labels";

describe("fieldLabel", () => {
  it("names a step by its number and, given the steps sent, its kind", () => {
    const steps = [{ type: "visit_profile" }, { type: "invite" }, { type: "message" }];
    expect(fieldLabel("sequence.steps.2.config.note", { steps })).toBe("Step #3 Message — Note");
    expect(fieldLabel("changes.sequence.steps.2.config.note", { steps })).toBe("Step #3 Message — Note");
    expect(fieldLabel("sequence.steps.0.config.variants.1.note")).toBe("Step #1 — Variant B — Note");
    expect(fieldLabel("sequence.steps.1.branchDelays.no", { steps })).toBe("Step #2 Connection request — Delays on no");
  });

  it("gives campaign, sender and lead fields their names in the dashboard", () => {
    expect(fieldLabel("changes.schedule.timezone")).toBe("Schedule — Time zone");
    expect(fieldLabel("schedule.activeHours.from")).toBe("Schedule — Active from");
    expect(fieldLabel("linkedinAccountIds")).toBe("Sender pool");
    expect(fieldLabel("linkedinAccountIds.2")).toBe("Sender 3");
    expect(fieldLabel("leads.4.profileUrl")).toBe("Lead 5 — LinkedIn profile URL");
    expect(fieldLabel("changes.limits.daily.invitations")).toBe("Limits — Daily limits — Connection requests");
    expect(fieldLabel("emailAccountIds.1")).toBe("Mailbox 2");
    expect(fieldLabel("smtp.port")).toBe("SMTP — Port");
    expect(fieldLabel("changes.dailyLimit")).toBe("Daily limit");
    expect(fieldLabel("sequence.steps.0.config.variants.1.html", { steps: [{ type: "email" }] })).toBe("Step #1 E-mail — Variant B — HTML body");
  });

  it("turns an unknown field into words rather than showing it raw", () => {
    expect(fieldLabel("somethingNew")).toBe("Something new");
    expect(fieldLabel("reply_window")).toBe("Reply window");
  });
});

describe("fieldErrorText", () => {
  it("is the label and the problem in one sentence", () => {
    expect(fieldErrorText("sequence.steps.2.config.note", "too long", { steps: [{ type: "invite" }, { type: "invite" }, { type: "message" }] })).toBe(
      "Step #3 Message — Note: too long",
    );
  });
});
