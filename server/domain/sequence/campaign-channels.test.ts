import { describe, expect, it } from "vitest";
import { activationIssues, sequenceChannels } from "./campaign-channels";

const steps = (...types: Array<"email" | "visit_profile" | "if_connected" | "message" | "if_has_email" | "if_has_variable" | "if_has_linkedin" | "find_email">) => types.map((type) => ({ type }));

describe("sequenceChannels", () => {
  it("counts every kind but e-mail as LinkedIn, conditions included, and an empty sequence as LinkedIn", () => {
    expect(sequenceChannels(steps("email"))).toEqual({ linkedin: false, email: true });
    // Conditions on Herald's records of the lead read no LinkedIn: an e-mail-only sequence may use them.
    expect(sequenceChannels(steps("if_has_variable", "email", "if_has_email", "if_has_linkedin"))).toEqual({ linkedin: false, email: true });
    // Nor does finding an address: find it, then e-mail it, with mailboxes alone.
    expect(sequenceChannels(steps("find_email", "email"))).toEqual({ linkedin: false, email: true });
    expect(sequenceChannels(steps("email", "if_connected"))).toEqual({ linkedin: true, email: true });
    expect(sequenceChannels(steps("message"))).toEqual({ linkedin: true, email: false });
    expect(sequenceChannels([])).toEqual({ linkedin: true, email: false });
  });
});

describe("activationIssues", () => {
  it("asks for the pool each channel needs, and nothing more", () => {
    const none = { linkedinAccountIds: [], emailAccountIds: [] };
    expect(activationIssues({ steps: steps("email"), ...none }).map((issue) => issue.field)).toEqual(["emailAccountIds"]);
    expect(activationIssues({ steps: steps("email"), linkedinAccountIds: [], emailAccountIds: ["mbx_1"] })).toEqual([]);
    expect(activationIssues({ steps: steps("visit_profile", "email"), ...none }).map((issue) => issue.field)).toEqual(["linkedinAccountIds", "emailAccountIds"]);
    expect(activationIssues({ steps: steps("visit_profile"), linkedinAccountIds: ["acc_1"], emailAccountIds: [] })).toEqual([]);
    expect(activationIssues({ steps: [], ...none })).toEqual([
      {
        field: "linkedinAccountIds",
        message: "must name at least one sender for an active campaign",
        summary: "Invalid linkedinAccountIds: an active campaign needs at least one sender",
      },
    ]);
  });
});
