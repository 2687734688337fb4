import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { startHeraldJobs, type HeraldJobs } from "../../test/herald-jobs";
import { createTestWorkspace, outboxEvents } from "../../test/factories";
import { approveSandboxSignInFor } from "../sandbox/act-as-prospect";
import { connectSender } from "./connect-sender";
import { createSenderHostedLink } from "./create-sender-hosted-link";
import { getSenderCheckpoint } from "./get-sender-checkpoint";
import { getSenderHostedLink } from "./get-sender-hosted-link";
import { checkSenderCheckpoint } from "./check-sender-checkpoint";
import { startHostedSignIn } from "./hosted-sign-in";
import { ZConnectSenderInput, ZCreateHostedLinkInput } from "../../schemas/sender";

let jobs: HeraldJobs;

beforeAll(async () => {
  jobs = await startHeraldJobs();
});
afterAll(async () => {
  await jobs.stop();
});

function unique(username: string) {
  return username.replace(/^([^+@]+)/, `$1.${Math.random().toString(36).slice(2, 8)}`);
}

async function watchRuns(accountId: string) {
  const runs = await db.jobRun.findMany({ where: { functionId: { endsWith: "watch-sender-checkpoint" } } });
  return runs.filter((run) => (run.event as { data?: { accountId?: string } }).data?.accountId === accountId);
}

describe("verification steps completed outside Herald clear in the background", () => {
  it.each([
    ["IN_APP_VALIDATION", "ada+app@example.com"],
    ["CAPTCHA", "ada+captcha@example.com"],
  ])("%s: approved in the sandbox, the sender connects with its events, nobody polling the checkpoint", async (type, username) => {
    const { actor, workspace } = await createTestWorkspace();
    const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: unique(username), password: "x" }), { via: "api" });
    expect(connected).toMatchObject({ status: "checkpoint_required", checkpoint: { type } });
    const id = connected.account.id;

    await jobs.executor.drain();
    expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id } })).toMatchObject({ connectionStatus: "checkpoint_required" });
    expect(await watchRuns(id)).toEqual([expect.objectContaining({ status: "waiting" })]);

    const row = await db.linkedinAccount.findUniqueOrThrow({ where: { id } });
    await approveSandboxSignInFor(actor, row.providerAccountId);
    jobs.clock.advance(10_000);
    await jobs.executor.drain();

    expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id } })).toMatchObject({ connectionStatus: "connected", status: "active", checkpoint: null });
    const [connectedEvent] = await outboxEvents(workspace.id, "account.connected");
    expect(connectedEvent!.data.account).toMatchObject({ id, connectionStatus: "connected", checkpoint: null });
    const [statusChanged] = await outboxEvents(workspace.id, "account.status_changed");
    expect(statusChanged!.data).toMatchObject({ account: { id, status: "active", connectionStatus: "connected" }, previousConnectionStatus: "checkpoint_required" });
    expect(await watchRuns(id)).toEqual([expect.objectContaining({ status: "completed", output: { state: "cleared", looks: 2 } })]);
  });

  it("stops at expiry, five minutes after LinkedIn asked, leaving the unapproved sender pending", async () => {
    const { actor, workspace } = await createTestWorkspace();
    const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: unique("ada+app@example.com"), password: "x" }), { via: "api" });
    const id = connected.account.id;
    for (let second = 0; second <= 5 * 60 + 20; second += 10) {
      await jobs.executor.drain();
      jobs.clock.advance(10_000);
    }
    await jobs.executor.drain();
    expect(await watchRuns(id)).toEqual([expect.objectContaining({ status: "completed", output: expect.objectContaining({ state: "expired" }) })]);
    expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id } })).toMatchObject({ connectionStatus: "checkpoint_required" });
    expect(await outboxEvents(workspace.id, "account.connected")).toHaveLength(0);
  });

  it("completes the hosted connect link of a sender cleared in the background", async () => {
    const { actor, workspace } = await createTestWorkspace();
    const link = await createSenderHostedLink(actor, ZCreateHostedLinkInput.parse({}));
    const token = link.url.split("/connect/")[1]!;
    const view = await startHostedSignIn(token, { username: unique("ada+app@example.com"), password: "x" });
    expect(view.checkpoint).toMatchObject({ type: "IN_APP_VALIDATION" });
    await jobs.executor.drain();
    const row = await db.linkedinAccount.findUniqueOrThrow({ where: { id: view.accountId! } });
    await approveSandboxSignInFor(actor, row.providerAccountId);
    jobs.clock.advance(10_000);
    await jobs.executor.drain();
    expect(await getSenderHostedLink(actor, link.id)).toMatchObject({ status: "connected", accountId: row.id });
    expect(await outboxEvents(workspace.id, "account.connected")).toHaveLength(1);
  });

  it("connects once when a poll and the watcher clear the same step together", async () => {
    const { actor, workspace } = await createTestWorkspace();
    const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: unique("ada+app@example.com"), password: "x" }), { via: "api" });
    const row = await db.linkedinAccount.findUniqueOrThrow({ where: { id: connected.account.id } });
    await approveSandboxSignInFor(actor, row.providerAccountId);
    const [polled, watched] = await Promise.all([getSenderCheckpoint(actor, row.id), checkSenderCheckpoint(row.id)]);
    expect(polled.resolved).toBe(true);
    expect(watched).toBe("cleared");
    expect(await outboxEvents(workspace.id, "account.connected")).toHaveLength(1);
    expect(await outboxEvents(workspace.id, "account.status_changed")).toHaveLength(1);
  });

  it("does not watch steps answered through the API", async () => {
    const { actor } = await createTestWorkspace();
    const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: unique("ada+otp@example.com"), password: "x" }), { via: "api" });
    await jobs.executor.drain();
    expect(await watchRuns(connected.account.id)).toEqual([]);
  });
});
