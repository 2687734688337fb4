// Retention per workspace with the injectable clock: messages older than the workspace's setting go
// (with their audio and conversations gone quiet), a workspace that keeps messages keeps them; delivery
// logs older than the workspace's setting go, a delivery still being retried stays until 7 days.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { encryptSecret } from "@/server/lib/encryption";
import { getFileStorage } from "@/server/providers/storage";
import { useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { createTestWorkspace } from "@/server/test/factories";
import { emailConversationSeed } from "@/server/test/inbox-seed";
import { purgeWebhookDeliveries } from "../webhooks/purge-webhook-deliveries";
import { purgeExpiredMessages } from "./purge-expired-messages";

const DAY = 86_400_000;
let clock: ManualClock;
let storageRoot = "";
beforeEach(() => {
  clock = new ManualClock(new Date("2026-01-01T10:00:00Z"));
  setClock(clock);
  storageRoot = useTemporaryFileStorage();
});
afterEach(() => setClock(systemClock));

async function workspaceWithMessages(messageRetentionDays: number | null, campaignLeadStatus: "pending" | "running" | "paused" | "done" | "replied" = "done") {
  const { actor, workspace } = await createTestWorkspace();
  await db.workspace.update({ where: { id: workspace.id }, data: { messageRetentionDays } });
  const seeded = await emailConversationSeed(actor);
  await db.campaignLead.update({ where: { id: seeded.campaignLead.id }, data: { status: campaignLeadStatus } });
  const sender = await db.linkedinAccount.create({
    data: { workspaceId: actor.workspaceId, provider: "sandbox", providerAccountId: `sandbox-${workspace.id}`, label: "Rep", fullName: "Rep", connectionMethod: "password", connectedVia: "api", connectionStatus: "connected", createdAt: now(), updatedAt: now() },
  });
  const audioKey = `sent-voice/${workspace.id.toLowerCase()}`;
  await getFileStorage().put(audioKey, Buffer.from("RIFF"), "audio/wav");
  await db.linkedinMessage.create({
    data: { workspaceId: actor.workspaceId, accountId: sender.id, leadId: seeded.lead.id, chatId: `chat-${workspace.id}`, providerMessageId: `m-${workspace.id}`, direction: "outbound", source: "campaign", text: "", voice: { audioKey, mimeType: "audio/wav", durationMs: 1000 }, at: now(), createdAt: now() },
  });
  return { workspaceId: actor.workspaceId, audioKey, campaignLeadId: seeded.campaignLead.id };
}

const held = async (workspaceId: string) => ({
  emails: await db.emailMessage.count({ where: { workspaceId } }),
  linkedin: await db.linkedinMessage.count({ where: { workspaceId } }),
  conversations: await db.conversation.count({ where: { workspaceId } }),
});

it("deletes messages older than the workspace's retention, with their audio and quiet conversations, and keeps the rest", async () => {
  const short = await workspaceWithMessages(30);
  const forever = await workspaceWithMessages(null);
  clock.advance(29 * DAY);
  await purgeExpiredMessages();
  expect(await held(short.workspaceId)).toEqual({ emails: 1, linkedin: 1, conversations: 2 });

  clock.advance(2 * DAY);
  const purged = await purgeExpiredMessages();
  expect(purged).toEqual({ emailMessages: 1, linkedinMessages: 1, conversations: 2 });
  expect(await held(short.workspaceId)).toEqual({ emails: 0, linkedin: 0, conversations: 0 });
  expect(existsSync(join(storageRoot, short.audioKey))).toBe(false);
  // Keeping messages for good keeps them.
  expect(await held(forever.workspaceId)).toEqual({ emails: 1, linkedin: 1, conversations: 2 });
  expect(existsSync(join(storageRoot, forever.audioKey))).toBe(true);
});

it("keeps the outbound e-mails of a campaign lead still in progress past the retention, and purges them once it is done", async () => {
  const inProgress = await Promise.all((["pending", "running", "paused"] as const).map((status) => workspaceWithMessages(30, status)));
  const replied = await workspaceWithMessages(30, "replied");
  clock.advance(31 * DAY);
  await purgeExpiredMessages();
  for (const { workspaceId } of inProgress) expect((await held(workspaceId)).emails).toBe(1);
  expect((await held(replied.workspaceId)).emails).toBe(0);

  await db.campaignLead.update({ where: { id: inProgress[1]!.campaignLeadId }, data: { status: "stopped" } });
  await purgeExpiredMessages();
  expect((await held(inProgress[1]!.workspaceId)).emails).toBe(0);
  expect((await held(inProgress[0]!.workspaceId)).emails).toBe(1);
});

async function deliveries(deliveryLogRetentionDays: number) {
  const { workspace } = await createTestWorkspace();
  await db.workspace.update({ where: { id: workspace.id }, data: { deliveryLogRetentionDays } });
  const endpoint = await db.webhookEndpoint.create({ data: { workspaceId: workspace.id, url: "https://hooks.example/x", events: ["*"], secretEncrypted: encryptSecret("whsec_x"), createdAt: now(), updatedAt: now() } });
  const make = (status: "delivered" | "pending") =>
    db.webhookDelivery.create({ data: { workspaceId: workspace.id, webhookId: endpoint.id, event: "lead.replied", url: endpoint.url, payload: {}, status, createdAt: now() } });
  return { workspaceId: workspace.id, delivered: await make("delivered"), pending: await make("pending") };
}

it("drops delivery logs past the workspace's setting, keeps a delivery still retried, and drops all after 7 days", async () => {
  const oneDay = await deliveries(1);
  const week = await deliveries(7);
  clock.advance(DAY + 60_000);
  await purgeWebhookDeliveries();
  expect((await db.webhookDelivery.findMany({ where: { workspaceId: oneDay.workspaceId } })).map((row) => row.id)).toEqual([oneDay.pending.id]);
  expect(await db.webhookDelivery.count({ where: { workspaceId: week.workspaceId } })).toBe(2);

  clock.advance(6 * DAY);
  await purgeWebhookDeliveries();
  expect(await db.webhookDelivery.count({ where: { workspaceId: { in: [oneDay.workspaceId, week.workspaceId] } } })).toBe(0);
});
