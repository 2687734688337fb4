// What the hourly purge keeps for the CRM sync: outbox events a connected CRM has not pushed yet
// outlive the outbox's retention, and the sync log keeps 30 days and at most 1,000 entries per
// connection.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { configureHubspot, connectDouble } from "@/server/test/crm-sync-setup";
import { createTestWorkspace } from "@/server/test/factories";
import { createCrmDouble } from "@/server/test/fakes/crm-double";
import { purgeWebhookDeliveries } from "../webhooks/purge-webhook-deliveries";
import { crmHeldOutboxEvent } from "./crm-outbox-hold";
import { purgeCrmSyncLog } from "./purge-crm-sync-log";

afterEach(() => setClock(systemClock));

const days = (count: number) => new Date(Date.now() - count * 86_400_000);

it("keeps the outbox events a connected CRM has not pushed yet, and purges the rest", async () => {
  configureHubspot();
  const { actor } = await createTestWorkspace();
  const id = await connectDouble(actor, createCrmDouble());
  const other = await createTestWorkspace();
  const event = (workspaceId: string, name: string, createdAt: Date) =>
    db.outboxEvent.create({ data: { workspaceId, event: name, data: {}, createdAt, dispatchedAt: createdAt } });
  const pushed = await event(actor.workspaceId, "email.sent", days(20));
  const cursorAt = days(15);
  await db.crmConnection.update({ where: { id }, data: { activityCursor: { events: `${cursorAt.toISOString()}|${pushed.id}` } } });
  const notYet = await event(actor.workspaceId, "email.sent", days(10));
  const notForCrm = await event(actor.workspaceId, "campaign.started", days(10));
  const noCrm = await event(other.actor.workspaceId, "email.sent", days(10));
  await purgeWebhookDeliveries(crmHeldOutboxEvent());
  const left = new Set((await db.outboxEvent.findMany({ where: { id: { in: [pushed.id, notYet.id, notForCrm.id, noCrm.id] } } })).map((row) => row.id));
  expect(left).toEqual(new Set([notYet.id]));
});

it("keeps 30 days and at most 1,000 entries of each connection's sync log", async () => {
  configureHubspot();
  const { actor } = await createTestWorkspace();
  const id = await connectDouble(actor, createCrmDouble());
  await db.crmSyncLogEntry.deleteMany({ where: { connectionId: id } });
  setClock(new ManualClock(new Date()));
  await db.crmSyncLogEntry.createMany({
    data: Array.from({ length: 1005 }, (_, index) => ({ connectionId: id, kind: "push", outcome: "ok", message: `entry ${index}`, at: new Date(Date.now() - index * 60_000) })),
  });
  await db.crmSyncLogEntry.create({ data: { connectionId: id, kind: "push", outcome: "ok", message: "old", at: days(31) } });
  await purgeCrmSyncLog();
  const left = await db.crmSyncLogEntry.findMany({ where: { connectionId: id }, orderBy: { at: "desc" } });
  expect(left).toHaveLength(1000);
  expect(left[0]!.message).toBe("entry 0");
  expect(left.at(-1)!.message).toBe("entry 999");
});
