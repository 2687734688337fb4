// The schedule's list: a connection with nothing new is left out (but still synced hourly); new
// activity, a pull rule or a failure brings it back.
import { expect, it } from "vitest";
import { db } from "@/server/db/client";
import { configureHubspot, connectDouble } from "@/server/test/crm-sync-setup";
import { createTestWorkspace } from "@/server/test/factories";
import { createCrmDouble } from "@/server/test/fakes/crm-double";
import { listCrmConnectionsToSync } from "./list-crm-connections-to-sync";

const listed = async (id: string) => {
  const all: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Array<{ id: string }> = await listCrmConnectionsToSync(after, 500);
    all.push(...page.map((row) => row.id));
    if (page.length < 500) return all.includes(id);
    after = page.at(-1)!.id;
  }
};

it("leaves out an idle connection until something changes, a rule is on, it failed or an hour passed", async () => {
  configureHubspot();
  const { actor } = await createTestWorkspace();
  const id = await connectDouble(actor, createCrmDouble());
  expect(await listed(id)).toBe(true); // never synced
  await db.crmConnection.update({ where: { id }, data: { lastSyncAt: new Date() } });
  expect(await listed(id)).toBe(false);

  const at = new Date(Date.now() - 10 * 60_000);
  const lead = await db.lead.create({ data: { workspaceId: actor.workspaceId, source: "api", email: "a@x.example", lastActivityAt: at, createdAt: at, updatedAt: at } });
  expect(await listed(id)).toBe(true);
  await db.crmConnection.update({ where: { id }, data: { leadCursor: `${at.toISOString()}|${lead.id}` } });
  expect(await listed(id)).toBe(false);
  await db.outboxEvent.create({ data: { workspaceId: actor.workspaceId, event: "email.sent", data: { leadId: lead.id }, createdAt: at } });
  expect(await listed(id)).toBe(true);
  await db.crmConnection.update({ where: { id }, data: { activityCursor: { events: `${at.toISOString()}|zzz` } } });
  expect(await listed(id)).toBe(false);

  await db.crmConnection.update({ where: { id }, data: { exclusionRules: { customers: false, owned: false, listIds: ["vip"] } } });
  expect(await listed(id)).toBe(true);
  await db.crmConnection.update({ where: { id }, data: { exclusionRules: { customers: false, owned: false, listIds: [] }, status: "error" } });
  expect(await listed(id)).toBe(true);
  await db.crmConnection.update({ where: { id }, data: { status: "connected", lastSyncAt: new Date(Date.now() - 2 * 3_600_000) } });
  expect(await listed(id)).toBe(true);
});
