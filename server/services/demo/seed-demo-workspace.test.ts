import { expect, it } from "vitest";
import { db } from "../../db/client";
import { hashApiKey } from "../api-keys/api-key-format";
import { seedDemoWorkspace } from "./seed-demo-workspace";

it("seeds the Quick start's workspace once: owner, a working key, two sandbox senders and a paused sample campaign", async () => {
  const first = await seedDemoWorkspace();
  expect(first.sampleCampaignId).toEqual(expect.stringMatching(/^cmp_/));
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: first.sampleCampaignId! }, include: { leads: true } });
  expect(campaign).toMatchObject({ workspaceId: first.workspaceId, status: "paused" });
  expect(campaign.leads).toHaveLength(30);
  expect(campaign.linkedinAccountIds).toHaveLength(2);
  expect(await db.linkedinAccount.count({ where: { workspaceId: first.workspaceId, connectionStatus: "connected" } })).toBe(2);
  expect(await db.apiKey.findFirst({ where: { hashedKey: hashApiKey(first.apiKey), revokedAt: null } })).not.toBeNull();

  const again = await seedDemoWorkspace();
  expect(again.workspaceId).toBe(first.workspaceId);
  expect(again.sampleCampaignId).toBeNull();
  expect(await db.campaign.count({ where: { workspaceId: first.workspaceId } })).toBe(1);
  expect(await db.linkedinAccount.count({ where: { workspaceId: first.workspaceId } })).toBe(2);
  // The first key was replaced by the second.
  expect(await db.apiKey.findFirst({ where: { hashedKey: hashApiKey(first.apiKey), revokedAt: null } })).toBeNull();
});
