import { expect, it } from "vitest";
import { db } from "../../db/client";
import { hashApiKey } from "../api-keys/api-key-format";
import { readDnsHealth } from "../../schemas/mailbox-health";
import { DEMO_MAILBOX } from "../../schemas/getting-started";
import { seedDemoWorkspace } from "./seed-demo-workspace";

it("seeds the Quick start's workspace once: owner, a working key, two sandbox senders, a paused sample campaign and a sandbox mailbox with a DNS problem", async () => {
  const first = await seedDemoWorkspace();
  expect(first.sampleCampaignId).toEqual(expect.stringMatching(/^cmp_/));
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: first.sampleCampaignId! }, include: { leads: true } });
  expect(campaign).toMatchObject({ workspaceId: first.workspaceId, status: "paused" });
  expect(campaign.leads).toHaveLength(30);
  // Named from the start, as a list exported from a search is, not by their profile's slug.
  expect(await db.lead.count({ where: { id: { in: campaign.leads.map((lead) => lead.leadId) }, firstName: { not: null }, company: { not: null } } })).toBe(30);
  expect(campaign.linkedinAccountIds).toHaveLength(2);
  expect(await db.linkedinAccount.count({ where: { workspaceId: first.workspaceId, connectionStatus: "connected" } })).toBe(2);
  expect(await db.apiKey.findFirst({ where: { hashedKey: hashApiKey(first.apiKey), revokedAt: null } })).not.toBeNull();
  // The sample mailbox's domain has no DMARC record: its health says so and gives the record to add.
  const mailbox = await db.mailbox.findFirstOrThrow({ where: { workspaceId: first.workspaceId } });
  expect(mailbox).toMatchObject({ email: DEMO_MAILBOX, provider: "sandbox", health: "failing" });
  const health = readDnsHealth(mailbox.dnsHealth)!;
  expect(health).toMatchObject({ status: "failing", spf: { status: "ok" }, dkim: { status: "ok" }, dmarc: { status: "missing" }, mx: { status: "ok" } });
  expect(health.dmarc.fix).toMatchObject({ type: "TXT", host: "_dmarc.northwind-nodmarc.test", value: expect.stringMatching(/^v=DMARC1; p=/) });

  // The demo owner is the fresh installation's first user, so its instance administrator, and the
  // welcome credits say where they came from.
  expect(await db.user.findUniqueOrThrow({ where: { email: first.email } })).toMatchObject({ instanceAdmin: true });
  expect(await db.aiCreditLedgerEntry.findMany({ where: { workspaceId: first.workspaceId, reason: "grant" }, select: { amount: true, grantSource: true, grantedBy: true } })).toEqual([
    { amount: 5000, grantSource: "welcome", grantedBy: "Welcome credits" },
  ]);

  const again = await seedDemoWorkspace();
  expect(again.workspaceId).toBe(first.workspaceId);
  expect(again.sampleCampaignId).toBeNull();
  expect(await db.campaign.count({ where: { workspaceId: first.workspaceId } })).toBe(1);
  expect(await db.linkedinAccount.count({ where: { workspaceId: first.workspaceId } })).toBe(2);
  expect(await db.mailbox.count({ where: { workspaceId: first.workspaceId } })).toBe(1);
  // The first key was replaced by the second.
  expect(await db.apiKey.findFirst({ where: { hashedKey: hashApiKey(first.apiKey), revokedAt: null } })).toBeNull();
});
