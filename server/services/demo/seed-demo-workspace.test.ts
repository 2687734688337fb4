import { expect, it } from "vitest";
import { db } from "../../db/client";
import { hashApiKey } from "../api-keys/api-key-format";
import { readDnsHealth } from "../../schemas/mailbox-health";
import { DEMO_MAILBOX } from "../../schemas/getting-started";
import { readSequence } from "../campaigns/campaign-columns";
import { CROSS_CHANNEL_SAMPLE_NAME } from "./seed-demo-cross-channel-campaign";
import { DEMO_COMPETITOR_DOMAIN } from "./seed-demo-clean-lists";
import { seedDemoWorkspace } from "./seed-demo-workspace";

it("seeds the Quick start's workspace once: owner, a working key, two sandbox senders, a paused sample campaign, a sandbox mailbox with a DNS problem and a sample across e-mail and LinkedIn", async () => {
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

  // Its links use a tracking domain on its own domain, verified by the sandbox's DNS.
  expect(await db.trackingDomain.findMany({ where: { workspaceId: first.workspaceId }, select: { host: true, domain: true, status: true } })).toEqual([
    { host: "track.northwind-nodmarc.test", domain: "northwind-nodmarc.test", status: "verified" },
  ]);
  // The second sample: e-mail and LinkedIn together, on the same senders and the sample mailbox, opens tracked.
  expect(first.crossChannelCampaignId).toEqual(expect.stringMatching(/^cmp_/));
  const crossChannel = await db.campaign.findUniqueOrThrow({ where: { id: first.crossChannelCampaignId! }, include: { leads: { include: { lead: true } } } });
  expect(crossChannel).toMatchObject({ name: CROSS_CHANNEL_SAMPLE_NAME, status: "paused", emailAccountIds: [mailbox.id], tracking: { opens: "on", clicks: "off" } });
  expect([...crossChannel.linkedinAccountIds].sort()).toEqual([...campaign.linkedinAccountIds].sort());
  const tree = readSequence(crossChannel.sequence).steps.map((step) => `${step.parent ?? "-"} ${step.branch ?? ""} → ${step.type}`.replace(/ +/g, " "));
  expect(tree).toEqual([
    "- → if_has_email",
    "has-email yes → email",
    "hello no → if_email_opened",
    "opened yes → invite",
    "opened no → email",
    "has-email no → find_email",
    "find yes → email",
    "find no → invite",
  ]);
  const opened = readSequence(crossChannel.sequence).steps.find((step) => step.type === "if_email_opened")!;
  expect(opened.config).toMatchObject({ emailStepId: "hello", windowHours: 48 });
  // Leads with an address, and two without: one the company database knows, one it does not.
  expect(crossChannel.leads).toHaveLength(5);
  expect(crossChannel.leads.filter((entry) => !entry.lead.email)).toHaveLength(2);
  // None of them is also in the first sample.
  expect(crossChannel.leads.filter((entry) => campaign.leads.some((other) => other.leadId === entry.leadId))).toEqual([]);

  // Clean lists: every address of the samples verified (against the sandbox's DNS: all valid here),
  // and a competitor on the do-not-contact list.
  const addresses = await db.lead.findMany({ where: { workspaceId: first.workspaceId, email: { not: null } }, select: { email: true } });
  const verified = await db.addressVerification.findMany({ where: { workspaceId: first.workspaceId } });
  expect(verified.map((row) => row.address).sort()).toEqual([...new Set(addresses.map((lead) => lead.email!.toLowerCase()))].sort());
  expect(verified.length).toBeGreaterThan(0);
  expect(await db.doNotContactEntry.findMany({ where: { workspaceId: first.workspaceId }, select: { kind: true, value: true, reason: true }, orderBy: { kind: "asc" } })).toEqual([
    { kind: "company", value: "rivalreach", reason: "manual" },
    { kind: "domain", value: DEMO_COMPETITOR_DOMAIN, reason: "manual" },
  ]);

  // The demo owner is the fresh installation's first user, so its instance administrator, and the
  // welcome credits say where they came from.
  expect(await db.user.findUniqueOrThrow({ where: { email: first.email } })).toMatchObject({ instanceAdmin: true });
  expect(await db.aiCreditLedgerEntry.findMany({ where: { workspaceId: first.workspaceId, reason: "grant" }, select: { amount: true, grantSource: true, grantedBy: true } })).toEqual([
    { amount: 5000, grantSource: "welcome", grantedBy: "Welcome credits" },
  ]);

  const again = await seedDemoWorkspace();
  expect(again.workspaceId).toBe(first.workspaceId);
  expect(again.sampleCampaignId).toBeNull();
  expect(again.crossChannelCampaignId).toBeNull();
  expect(again.historyCampaignId).toBeNull();
  // The two samples and the history of seed-demo-history.ts, once.
  expect(await db.campaign.count({ where: { workspaceId: first.workspaceId } })).toBe(3);
  expect(await db.linkedinAccount.count({ where: { workspaceId: first.workspaceId } })).toBe(2);
  expect(await db.mailbox.count({ where: { workspaceId: first.workspaceId } })).toBe(1);
  expect(await db.doNotContactEntry.count({ where: { workspaceId: first.workspaceId } })).toBe(2);
  // The first key was replaced by the second.
  expect(await db.apiKey.findFirst({ where: { hashedKey: hashApiKey(first.apiKey), revokedAt: null } })).toBeNull();
});
