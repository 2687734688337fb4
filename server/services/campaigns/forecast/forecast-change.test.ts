import { describe, expect, it } from "vitest";
import type { Campaign } from "@/server/db/generated/client";
import { changedRow } from "./forecast-change";

const campaign = { linkedinAccountIds: ["acc_1"], emailAccountIds: ["mbx_new"] } as Pick<Campaign, "linkedinAccountIds" | "emailAccountIds">;
const row = { contacted: false, linkedinAccountId: "acc_1", emailContacted: false, emailAccountId: "mbx_old", currentStepId: "s1", currentStepType: "email" };

describe("a lead as a campaign change leaves it", () => {
  it("loses a mailbox that left the pool before it was e-mailed, as assignCampaignMailboxes does", () => {
    expect(changedRow(row, campaign as Campaign, { campaign: campaign as Campaign }).emailAccountId).toBeNull();
    expect(changedRow({ ...row, emailContacted: true }, campaign as Campaign, { campaign: campaign as Campaign }).emailAccountId).toBe("mbx_old");
    expect(changedRow({ ...row, emailAccountId: "mbx_new" }, campaign as Campaign, { campaign: campaign as Campaign }).emailAccountId).toBe("mbx_new");
  });
});
