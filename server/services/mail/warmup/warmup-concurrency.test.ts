// Warmup changes of one mailbox at once end with Herald and the network agreeing: a start and a
// strategy change leave the network holding the stored strategy; stops and starts fired together
// leave either one active enrolment that the warming row names or none for a stopped row. A cancel
// the network did not confirm leaves the warmup stopped with an error, and the sync cancels it later;
// an enrolment whose row was never written is taken up again by the next start. The real sandbox
// network (its SandboxWarmupEnrollment rows are the network's side) unless said otherwise.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { getWarmupNetwork } from "../../../providers/warmup";
import { createTestWorkspace } from "../../../test/factories";
import { useRecordingWarmupNetworks } from "../../../test/recording-warmup-network";
import { startWarmup } from "./start-warmup";
import { stopWarmup } from "./stop-warmup";
import { syncWarmup } from "./sync-warmup";
import { strategyOf } from "./to-warmup";
import { updateWarmupStrategy } from "./update-warmup-strategy";
import { networkMailbox, strategyValues } from "./warmup-state";

async function freshMailbox(tag: string) {
  const { actor, workspace } = await createTestWorkspace();
  await db.workspace.update({ where: { id: workspace.id }, data: { emailChannelEnabled: true } });
  const mailbox = await db.mailbox.create({
    data: {
      workspaceId: workspace.id,
      label: "Ada",
      email: `ada-${tag}-${Math.random().toString(36).slice(2)}@concurrency.test`,
      provider: "sandbox",
      authType: "sandbox",
      connectedVia: "api",
      status: "connected",
      timezone: "UTC",
      createdAt: now(),
      updatedAt: now(),
    },
  });
  return { actor, mailbox };
}

const activeEnrolments = (mailboxId: string) => db.sandboxWarmupEnrollment.findMany({ where: { mailboxId, status: { not: "cancelled" } } });

/** Herald's row and the sandbox network agree: warming on the one enrolment it names, stopped on none. */
async function expectAgreement(mailboxId: string) {
  const row = await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId } });
  const active = await activeEnrolments(mailboxId);
  expect(row.error).toBeNull();
  if (row.status === "warming") {
    expect(active.map((enrolment) => enrolment.id)).toEqual([row.externalId]);
    expect(active[0]!.strategy).toEqual(strategyValues(strategyOf(row)));
  } else {
    expect(row.status).toBe("stopped");
    expect(active).toEqual([]);
  }
  return row;
}

// On a PostgreSQL server the changes hold an advisory lock in a transaction; on the embedded
// database (HERALD_EMBEDDED_DATABASE, set by the runtime) no transaction is held across the network
// call, and the in-process queue alone serializes them.
describe.each([
  { where: "on a PostgreSQL server", embedded: "" },
  { where: "on the embedded database", embedded: "1" },
])("warmup changes of one mailbox at once, $where", ({ embedded }) => {
  beforeEach(() => {
    process.env.HERALD_EMBEDDED_DATABASE = embedded;
  });
  afterEach(() => {
    delete process.env.HERALD_EMBEDDED_DATABASE;
  });

  it("a start and a strategy change together leave the network holding the stored strategy (10 rounds, both orders)", async () => {
    for (let round = 0; round < 10; round++) {
      const { actor, mailbox } = await freshMailbox(`change${round}`);
      const start = () => startWarmup(actor, mailbox.id);
      const change = () => updateWarmupStrategy(actor, mailbox.id, { preset: "aggressive" });
      const results = await Promise.allSettled(round % 2 ? [change(), start()] : [start(), change()]);
      expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual(["ok", "ok"]);
      const row = await expectAgreement(mailbox.id);
      expect(row).toMatchObject({ status: "warming", preset: "aggressive" });
      expect(row.appliedStrategy).toEqual(strategyValues(strategyOf(row)));
    }
  });

  it("stops and starts fired together never leave Herald and the network disagreeing (10 rounds)", async () => {
    const { actor, mailbox } = await freshMailbox("stopstart");
    await startWarmup(actor, mailbox.id);
    for (let round = 0; round < 10; round++) {
      const calls = [() => stopWarmup(actor, mailbox.id), () => startWarmup(actor, mailbox.id), () => stopWarmup(actor, mailbox.id), () => startWarmup(actor, mailbox.id)];
      // A different order each round.
      const ordered = calls.map((_, index) => calls[(index + round) % calls.length]!);
      const results = await Promise.allSettled(ordered.map((call) => call()));
      expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual(["ok", "ok", "ok", "ok"]);
      await expectAgreement(mailbox.id);
    }
  });

  it("a start after an enrolment whose row was never written takes the same enrolment up with the stored strategy", async () => {
    const { actor, mailbox } = await freshMailbox("retry");
    await updateWarmupStrategy(actor, mailbox.id, { preset: "standard" });
    // What a start leaves when its write fails after the network enrolled the mailbox.
    const sandbox = await getWarmupNetwork("sandbox");
    const { externalId } = await sandbox.enroll(networkMailbox(mailbox), strategyValues(strategyOf(await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: mailbox.id } }))));
    await updateWarmupStrategy(actor, mailbox.id, { preset: "aggressive" });
    expect((await startWarmup(actor, mailbox.id)).warmup.status).toBe("warming");
    const row = await expectAgreement(mailbox.id);
    expect(row).toMatchObject({ externalId, preset: "aggressive" });
  });
});

describe("a cancel the network did not confirm", () => {
  it("leaves the warmup stopped with an error, and the sync cancels it at the network later", async () => {
    const networks = useRecordingWarmupNetworks();
    try {
      const { actor, mailbox } = await freshMailbox("owed");
      await startWarmup(actor, mailbox.id);
      networks.sandbox.failNext();
      const stopped = await stopWarmup(actor, mailbox.id);
      // Herald's side is stopped at once: no hold, no ramp; the error says the cancel is still owed.
      expect(stopped.warmup).toMatchObject({ status: "stopped" });
      expect(stopped.warmup.error).toContain("has not confirmed the cancel yet");
      expect(stopped.warmup.statusLabel).toContain("has not confirmed the cancel yet");
      expect(await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: mailbox.id } })).toMatchObject({ status: "stopped", holdUntil: null });
      expect(networks.sandbox.calls.map((call) => call.call)).toEqual(["enroll"]);

      await syncWarmup({ mailboxIds: [mailbox.id] });
      expect(networks.sandbox.calls.map((call) => call.call)).toEqual(["enroll", "cancel"]);
      expect(await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: mailbox.id } })).toMatchObject({ status: "stopped", error: null });
      // Confirmed: the next sync asks nothing more.
      await syncWarmup({ mailboxIds: [mailbox.id] });
      expect(networks.sandbox.calls.map((call) => call.call)).toEqual(["enroll", "cancel"]);
    } finally {
      networks.restore();
    }
  });

  it("is not retried once a new start enrolled the mailbox again", async () => {
    const networks = useRecordingWarmupNetworks();
    try {
      const { actor, mailbox } = await freshMailbox("owed-restart");
      await startWarmup(actor, mailbox.id);
      networks.sandbox.failNext();
      await stopWarmup(actor, mailbox.id);
      const started = await startWarmup(actor, mailbox.id);
      expect(started.warmup).toMatchObject({ status: "warming", error: null });
      await syncWarmup({ mailboxIds: [mailbox.id] });
      expect(networks.sandbox.calls.map((call) => call.call)).toEqual(["enroll", "enroll"]);
    } finally {
      networks.restore();
    }
  });
});
