// Reading senders' LinkedIn chats without an Inngest server: Herald's real functions on the embedded
// executor. Connecting a sandbox sender sends herald/sender-conversations.sync after the commit, and
// its run backfills the history; the 15-minute cron then fans the read out to every connected sender,
// each run keyed by its sender, and a later answer arrives with its event.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "../db/client";
import { ManualClock } from "../lib/clock";
import { getLinkedinProvider } from "../providers/linkedin";
import { sandboxDirectory } from "../providers/linkedin/sandbox/directory";
import { replyAsProspect } from "../providers/linkedin/sandbox/network-activity";
import { ensureSandboxDirectory } from "../providers/linkedin/sandbox/store";
import { ZConnectSenderInput } from "../schemas/sender";
import { upsertLeadFromProfile } from "../services/leads/upsert-lead-from-profile";
import { connectSender } from "../services/senders/connect-sender";
import { createTestWorkspace, outboxEvents } from "../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../test/herald-jobs";

const FUNCTION_ID = "herald-sync-sender-conversations";
let jobs: HeraldJobs;

beforeAll(async () => {
  jobs = await startHeraldJobs(new ManualClock("2026-03-02T09:01:00Z"));
  await ensureSandboxDirectory();
});
afterAll(() => jobs.stop());

it("reads a sender's chats when it connects and every 15 minutes, on the embedded executor", async () => {
  const { actor, workspace } = await createTestWorkspace();
  const { account } = await connectSender(actor, ZConnectSenderInput.parse({ username: "embedded-chats@example.com", password: "x" }), { via: "api" });
  const sender = await db.linkedinAccount.findUniqueOrThrow({ where: { id: account.id } });
  const provider = await getLinkedinProvider();
  const prospect = sandboxDirectory()[210]!;
  const lead = await upsertLeadFromProfile(workspace.id, await provider.getProfile(sender.providerAccountId, prospect.publicIdentifier), "api");
  await replyAsProspect({ prospectMemberId: prospect.id, senderMemberId: sender.memberId!, text: "An old message" });

  jobs.clock.advance(60_000);
  await jobs.executor.drain();
  const connectRun = await db.jobRun.findFirstOrThrow({ where: { functionId: FUNCTION_ID, eventName: "herald/sender-conversations.sync" } });
  expect(connectRun).toMatchObject({ status: "completed", concurrencyKeys: [`fn:${FUNCTION_ID}:${sender.id}`] });
  expect(await db.linkedinMessage.findMany({ where: { accountId: sender.id }, select: { leadId: true, text: true } })).toEqual([{ leadId: lead.id, text: "An old message" }]);
  expect(await outboxEvents(workspace.id, "message.received")).toEqual([]);

  await replyAsProspect({ prospectMemberId: prospect.id, senderMemberId: sender.memberId!, text: "A new message" });
  // 09:15: the cron's run sends one read per connected sender.
  jobs.clock.advance(13 * 60_000);
  await jobs.executor.drain();
  const runs = await db.jobRun.findMany({ where: { functionId: FUNCTION_ID }, orderBy: { createdAt: "asc" } });
  expect(runs.map((run) => run.status)).not.toContain("failed");
  expect(runs.some((run) => run.eventName === "inngest/scheduled.timer")).toBe(true);
  expect(runs.filter((run) => run.eventName === "herald/sender-conversations.sync" && run.concurrencyKeys.includes(`fn:${FUNCTION_ID}:${sender.id}`))).toHaveLength(2);
  expect(await db.linkedinMessage.count({ where: { accountId: sender.id } })).toBe(2);
  const received = await outboxEvents(workspace.id, "message.received");
  expect(received.map((event) => event.data.message.text)).toEqual(["A new message"]);
}, 120_000);
