// The database keeps the sender's usage counters itself (the SenderDailyUsage trigger and its
// recount, migrations 20261124231724_sender_daily_usage, 20261125021500_sender_usage_lock and
// 20261204090000_sender_follows_cap), with
// its own copy of which cap each action type counts against and which statuses count. This test
// asks the database's functions and compares their answers with CAP_OF_ACTION and COUNTED_STATUSES,
// so that changing one without the other fails here.
import { expect, it } from "vitest";
import { db } from "@/server/db/client";
import { CAP_OF_ACTION, COUNTED_STATUSES } from "@/server/domain/sender-limits";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { ZConnectSenderInput } from "../../schemas/sender";

const COLUMNS = ["invitations", "profileViews", "postLikes", "messages", "inmails", "comments", "follows"] as const;
/** Every action type Herald records, and one it does not cap, which must count against nothing. */
const ACTION_TYPES = [...Object.keys(CAP_OF_ACTION), "endorsement"];
const STATUSES = [...COUNTED_STATUSES, "failed", "cancelled"];

async function sender() {
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: `usage-trigger-${Date.now()}@example.com`, password: "x", timezone: "UTC" }), { via: "api" });
  return { workspaceId: workspace.id, accountId: connected.account.id };
}

async function counters(accountId: string): Promise<Record<string, number>> {
  const rows = await db.senderDailyUsage.findMany({ where: { accountId } });
  return Object.fromEntries(COLUMNS.map((column) => [column, rows.reduce((sum, row) => sum + row[column], 0)]));
}

it("counts each action type against the cap CAP_OF_ACTION names, and nothing else", async () => {
  const { accountId } = await sender();
  const at = new Date("2026-03-04T10:00:00Z");
  for (const type of ACTION_TYPES) {
    const before = await counters(accountId);
    await db.$transaction((tx) => tx.$executeRaw`SELECT herald_sender_usage_add(${accountId}, ${at}::timestamp, ${type}, 1)`);
    const after = await counters(accountId);
    const moved = COLUMNS.filter((column) => after[column] !== before[column]);
    expect({ type, moved }).toEqual({ type, moved: CAP_OF_ACTION[type] ? [CAP_OF_ACTION[type]] : [] });
  }
});

it("recounts the statuses COUNTED_STATUSES names, against the same caps", async () => {
  const { workspaceId, accountId } = await sender();
  const at = new Date("2026-03-04T10:00:00Z");
  const lead = await db.lead.create({ data: { workspaceId, publicIdentifier: `usage-trigger-lead-${Date.now()}`, source: "test", createdAt: at, updatedAt: at } });
  const expected: Record<string, number> = Object.fromEntries(COLUMNS.map((column) => [column, 0]));
  for (const type of ACTION_TYPES) {
    for (const status of STATUSES) {
      await db.senderAction.create({ data: { workspaceId, accountId, leadId: lead.id, type, source: "direct", status, createdAt: at, updatedAt: at } });
      const cap = CAP_OF_ACTION[type];
      if (cap && COUNTED_STATUSES.includes(status)) expected[cap]! += 1;
    }
  }
  await db.senderDailyUsage.deleteMany({ where: { accountId } });
  await db.$transaction((tx) => tx.$executeRaw`SELECT herald_sender_usage_recount(${accountId})`);
  expect(await counters(accountId)).toEqual(expected);
});
