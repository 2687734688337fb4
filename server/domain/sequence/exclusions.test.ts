import { describe, expect, it } from "vitest";
import { exclusionScope, holdsLead } from "./exclusions";

const lead = { campaignId: "c1", senderId: "s1" };

describe("cross-campaign exclusions", () => {
  it("hold a lead while the same person runs in another campaign, of any sender or of the same sender only", () => {
    const any = { excludeOtherCampaigns: true, excludeSameSenderOtherCampaigns: false };
    const same = { excludeOtherCampaigns: false, excludeSameSenderOtherCampaigns: true };
    expect(holdsLead(any, lead, { campaignId: "c2", senderId: "s2", status: "running" })).toBe(true);
    expect(holdsLead(same, lead, { campaignId: "c2", senderId: "s2", status: "running" })).toBe(false);
    expect(holdsLead(same, lead, { campaignId: "c2", senderId: "s1", status: "running" })).toBe(true);
  });

  it("ignore the campaign itself, people not running elsewhere, and campaigns that exclude nothing", () => {
    const any = { excludeOtherCampaigns: true };
    expect(holdsLead(any, lead, { campaignId: "c1", senderId: "s2", status: "running" })).toBe(false);
    expect(holdsLead(any, lead, { campaignId: "c2", senderId: "s2", status: "pending" })).toBe(false);
    expect(holdsLead(any, lead, { campaignId: "c2", senderId: "s2", status: "done" })).toBe(false);
    expect(holdsLead({}, lead, { campaignId: "c2", senderId: "s1", status: "running" })).toBe(false);
    expect([exclusionScope(any), exclusionScope({ excludeSameSenderOtherCampaigns: true }), exclusionScope({})]).toEqual(["any-sender", "same-sender", null]);
  });
});
