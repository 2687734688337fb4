// The warmup services on the real database, with recording networks in place of the real ones:
// start (stored strategy applied at start, day 1, the hold), stop for good, resume at the same day,
// strategy changes stored before start and sent after it as changed values only, the
// starting-volume lock from day 2, holdOverride lifting the campaign cap, health from warmup days.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { resetEnv } from "../../../env";
import { HeraldError } from "../../../lib/errors";
import { ManualClock, now, setClock, systemClock } from "../../../lib/clock";
import { countMailboxUsage } from "../mailboxes/count-mailbox-usage";
import { createTestWorkspace } from "../../../test/factories";
import { useRecordingWarmupNetworks } from "../../../test/recording-warmup-network";
import { getWarmup } from "./get-warmup";
import { getWarmupHistory } from "./get-warmup-history";
import { resumeWarmup } from "./resume-warmup";
import { startWarmup } from "./start-warmup";
import { stopWarmup } from "./stop-warmup";
import { updateWarmupStrategy } from "./update-warmup-strategy";

let networks: ReturnType<typeof useRecordingWarmupNetworks>;
let clock: ManualClock;

beforeEach(() => {
  networks = useRecordingWarmupNetworks();
  clock = new ManualClock("2026-03-02T10:00:00Z");
  setClock(clock);
});
afterEach(() => {
  networks.restore();
  setClock(systemClock);
  delete process.env.HERALD_WARMUP_HOLD_DAYS;
  resetEnv();
});

async function mailboxOf(overrides: { provider?: string; status?: string; dailyLimit?: number } = {}) {
  const { actor, workspace } = await createTestWorkspace();
  const mailbox = await db.mailbox.create({
    data: {
      workspaceId: workspace.id,
      label: "Ada",
      email: `ada-${Math.random().toString(36).slice(2)}@warmup.test`,
      provider: overrides.provider ?? "sandbox",
      authType: "sandbox",
      connectedVia: "api",
      status: overrides.status ?? "connected",
      timezone: "Europe/Paris",
      dailyLimit: overrides.dailyLimit ?? 30,
      createdAt: now(),
      updatedAt: now(),
    },
  });
  return { actor, mailbox };
}

async function refusal(promise: Promise<unknown>): Promise<HeraldError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HeraldError);
  return error as HeraldError;
}

describe("starting, stopping and resuming warmup", () => {
  it("stores a strategy before start, applies it at start (day 1, campaigns held), stops for good and starts again at day 1", async () => {
    const { actor, mailbox } = await mailboxOf();
    const fresh = await getWarmup(actor, mailbox.id);
    expect(fresh).toMatchObject({ available: true, warmup: { status: "pending", strategyApplied: false, day: 0, strategy: { preset: "conservative" } }, limits: { maxTarget: 100, tierMax: 100, campaignCap: 30 } });

    const stored = await updateWarmupStrategy(actor, mailbox.id, { preset: "standard" });
    expect(stored.warmup).toMatchObject({ status: "pending", strategyApplied: false, strategy: { preset: "standard", startingVolume: 5 } });
    expect(networks.sandbox.calls).toEqual([]);

    const started = await startWarmup(actor, mailbox.id);
    expect(started.warmup).toMatchObject({ status: "warming", strategyApplied: true, day: 1, currentVolume: 5, holdReason: "warming", startedAt: "2026-03-02T10:00:00.000Z", holdUntil: "2026-03-16T10:00:00.000Z" });
    expect(started.limits.campaignCap).toBe(0);
    expect(started.warmup.statusLabel).toBe("Warming: day 1, 5 warmup e-mails today, rising to 40. Campaigns wait until 16 March at 11:00 while the mailbox warms up.");
    expect(networks.sandbox.calls.map((call) => call.call)).toEqual(["enroll"]);
    expect(networks.sandbox.calls[0]!.args[1]).toEqual({ startingVolume: 5, dailyIncrease: 2, targetVolume: 40, replyInbox: [25, 35], replyPromotions: [15, 25], replySpam: 10 });
    // Starting again while warming changes nothing.
    expect(await startWarmup(actor, mailbox.id)).toEqual(started);
    expect(networks.sandbox.calls).toHaveLength(1);

    clock.advance(3 * 86_400_000);
    expect((await getWarmup(actor, mailbox.id)).warmup).toMatchObject({ day: 4, currentVolume: 11 });

    const stopped = await stopWarmup(actor, mailbox.id);
    expect(stopped.warmup).toMatchObject({ status: "stopped", strategyApplied: false, holdUntil: null, holdReason: null, currentVolume: 0 });
    expect(stopped.limits.campaignCap).toBe(30);
    expect(networks.sandbox.calls.at(-1)).toEqual({ call: "cancel", args: ["sandbox-" + mailbox.id + "-1"] });
    expect(await stopWarmup(actor, mailbox.id)).toEqual(stopped);
    expect(networks.sandbox.calls.filter((call) => call.call === "cancel")).toHaveLength(1);

    const again = await startWarmup(actor, mailbox.id);
    expect(again.warmup).toMatchObject({ status: "warming", day: 1, currentVolume: 5, startedAt: "2026-03-05T10:00:00.000Z" });
    expect(networks.sandbox.calls.map((call) => call.call)).toEqual(["enroll", "cancel", "enroll"]);
    const row = await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: mailbox.id } });
    expect(row).toMatchObject({ externalId: `sandbox-${mailbox.id}-2`, dayDate: "2026-03-05", stoppedAt: null });
  });

  it("refuses to start a mailbox that is not connected, in plain words (409 warmup-unavailable)", async () => {
    const { actor, mailbox } = await mailboxOf({ status: "error" });
    expect((await getWarmup(actor, mailbox.id)).available).toBe(false);
    const error = await refusal(startWarmup(actor, mailbox.id));
    expect(error.code).toBe("warmup-unavailable");
    expect(error.message).toContain(`${mailbox.email} is not connected`);
    expect(networks.sandbox.calls).toEqual([]);
  });

  it("a network that does not answer changes nothing and says to try again", async () => {
    const { actor, mailbox } = await mailboxOf();
    networks.sandbox.failNext();
    const error = await refusal(startWarmup(actor, mailbox.id));
    expect(error).toMatchObject({ code: "warmup-unavailable", message: "The sandbox warmup network did not answer. Nothing was changed; try again in a few minutes." });
    expect((await getWarmup(actor, mailbox.id)).warmup.status).toBe("pending");
  });

  it("resumes a paused warmup at the day it stopped on; anything else is a no-op", async () => {
    const { actor, mailbox } = await mailboxOf();
    expect((await resumeWarmup(actor, mailbox.id)).warmup.status).toBe("pending");
    await startWarmup(actor, mailbox.id);
    expect((await resumeWarmup(actor, mailbox.id)).warmup.status).toBe("warming");
    expect(networks.sandbox.calls.map((call) => call.call)).toEqual(["enroll"]);
    // The warmup pass paused it on day 3 (2026-03-04); it stays paused for five days.
    await db.mailboxWarmup.update({ where: { mailboxId: mailbox.id }, data: { status: "paused", day: 3, dayDate: "2026-03-04", error: "The mailbox could not send." } });
    clock.set("2026-03-09T10:00:00Z");
    expect((await getWarmup(actor, mailbox.id)).warmup).toMatchObject({ status: "paused", day: 3 });
    const resumed = await resumeWarmup(actor, mailbox.id);
    expect(resumed.warmup).toMatchObject({ status: "warming", day: 3, error: null });
    expect(networks.sandbox.calls.at(-1)).toEqual({ call: "resume", args: [`sandbox-${mailbox.id}-1`] });
    clock.advance(86_400_000);
    expect((await getWarmup(actor, mailbox.id)).warmup.day).toBe(4);
  });
});

describe("changing the strategy", () => {
  it("after start sends only the changed values to the network, and none when nothing changed", async () => {
    const { actor, mailbox } = await mailboxOf();
    await startWarmup(actor, mailbox.id);
    const changed = await updateWarmupStrategy(actor, mailbox.id, { targetVolume: 30, replySpam: 5 });
    expect(changed.warmup).toMatchObject({ strategyApplied: true, strategy: { preset: "custom", targetVolume: 30 } });
    expect(networks.sandbox.calls.at(-1)).toEqual({ call: "updateStrategy", args: [`sandbox-${mailbox.id}-1`, { targetVolume: 30 }] });
    await updateWarmupStrategy(actor, mailbox.id, { targetVolume: 30, replyInbox: [20, 30] });
    expect(networks.sandbox.calls.filter((call) => call.call === "updateStrategy")).toHaveLength(1);
    // A preset on day 1: every value that differs, the starting volume included.
    await updateWarmupStrategy(actor, mailbox.id, { preset: "standard" });
    expect(networks.sandbox.calls.at(-1)!.args[1]).toEqual({ startingVolume: 5, dailyIncrease: 2, targetVolume: 40, replyInbox: [25, 35], replyPromotions: [15, 25], replySpam: 10 });
    const row = await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: mailbox.id } });
    expect(row.appliedStrategy).toEqual({ startingVolume: 5, dailyIncrease: 2, targetVolume: 40, replyInbox: [25, 35], replyPromotions: [15, 25], replySpam: 10 });
    expect(row.preset).toBe("standard");
  });

  it("locks the starting volume from day 2 (409), while other values and a preset keeping it still change", async () => {
    const { actor, mailbox } = await mailboxOf();
    await startWarmup(actor, mailbox.id);
    // Day 1 still: the starting volume may change.
    await updateWarmupStrategy(actor, mailbox.id, { startingVolume: 3 });
    clock.advance(86_400_000);
    const error = await refusal(updateWarmupStrategy(actor, mailbox.id, { startingVolume: 4 }));
    expect(error.code).toBe("starting-volume-locked");
    expect(error.message).toContain("day 2");
    // The same value is not a change.
    await updateWarmupStrategy(actor, mailbox.id, { startingVolume: 3, dailyIncrease: 2 });
    expect(networks.sandbox.calls.at(-1)!.args[1]).toEqual({ dailyIncrease: 2 });
    const preset = await updateWarmupStrategy(actor, mailbox.id, { preset: "standard" });
    expect(preset.warmup.strategy).toMatchObject({ preset: "custom", startingVolume: 3, targetVolume: 40 });
    expect(networks.sandbox.calls.at(-1)!.args[1]).toEqual({ targetVolume: 40, replyInbox: [25, 35], replyPromotions: [15, 25], replySpam: 10 });
  });

  it("refuses an invalid strategy with every field listed and changes nothing", async () => {
    const { actor, mailbox } = await mailboxOf({ provider: "smtp" });
    const error = await refusal(updateWarmupStrategy(actor, mailbox.id, { preset: "fast", targetVolume: 60, replySpam: 101, replyInbox: [5], holdOverride: 1, extra: true }));
    expect(error.code).toBe("invalid-strategy");
    expect((error.details!.errors as Array<{ field: string }>).map((issue) => issue.field).sort()).toEqual(["extra", "holdOverride", "preset", "replyInbox", "replySpam"].sort());
    // Alone, the target is over an SMTP mailbox's 50.
    const target = await refusal(updateWarmupStrategy(actor, mailbox.id, { targetVolume: 60 }));
    expect(target.details).toEqual({ errors: [{ field: "targetVolume", message: "must be at most 50 warmup e-mails a day for this mailbox, not 60" }] });
    expect(await db.mailboxWarmup.findUnique({ where: { mailboxId: mailbox.id } })).toBeNull();
  });

  it("holdOverride lifts the hold but keeps the ramp, for the executor's count as for the limits shown", async () => {
    const { actor, mailbox } = await mailboxOf({ dailyLimit: 30 });
    await startWarmup(actor, mailbox.id);
    expect((await countMailboxUsage(mailbox, clock.now())).remaining).toBe(0);
    const lifted = await updateWarmupStrategy(actor, mailbox.id, { holdOverride: true });
    expect(lifted.warmup.holdOverride).toBe(true);
    expect(lifted.limits.campaignCap).toBe(2);
    expect((await countMailboxUsage(mailbox, clock.now())).remaining).toBe(2);
    expect(networks.sandbox.calls.map((call) => call.call)).toEqual(["enroll"]);
    clock.advance(2 * 86_400_000);
    expect((await getWarmup(actor, mailbox.id)).limits.campaignCap).toBe(4);
    await updateWarmupStrategy(actor, mailbox.id, { holdOverride: false });
    expect((await countMailboxUsage(mailbox, clock.now())).remaining).toBe(0);
  });
});

describe("health and history", () => {
  it("judges health from the last 7 days' warmup days and lists the days since start, missing ones as zeros", async () => {
    const { actor, mailbox } = await mailboxOf();
    expect(await getWarmupHistory(actor, mailbox.id, 30)).toEqual([]);
    await startWarmup(actor, mailbox.id);
    const day = (date: string, values: { day: number; inbox: number; spam: number; promotions: number }) =>
      db.warmupDay.create({ data: { mailboxId: mailbox.id, date, planned: values.day + 1, sent: values.inbox + values.spam + values.promotions, ...values, updatedAt: now() } });
    await day("2026-03-02", { day: 1, inbox: 2, spam: 0, promotions: 0 });
    await day("2026-03-04", { day: 3, inbox: 3, spam: 1, promotions: 0 });
    await day("2026-03-10", { day: 9, inbox: 8, spam: 0, promotions: 2 });
    clock.set("2026-03-10T18:00:00Z");
    // The last 7 days (4–10 March): 11 inbox, 1 spam, 2 Promotions of 14.
    const { warmup } = await getWarmup(actor, mailbox.id);
    expect(warmup).toMatchObject({ health: "fair", inboxRate: 11 / 14, healthScore: 85.7 });
    expect(warmup.healthLabel).toMatch(/^Fair: 79 % of the last 7 days' warmup e-mails landed in the inbox/);

    const history = await getWarmupHistory(actor, mailbox.id, 30);
    expect(history.map((entry) => entry.date)).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"]);
    expect(history[1]).toEqual({ date: "2026-03-03", day: 0, planned: 0, sent: 0, inbox: 0, spam: 0, promotions: 0, received: 0, replied: 0, rescued: 0, healthScore: null });
    expect(history[2]).toMatchObject({ day: 3, inbox: 3, spam: 1, sent: 4 });
    expect((await getWarmupHistory(actor, mailbox.id, 3)).map((entry) => entry.date)).toEqual(["2026-03-08", "2026-03-09", "2026-03-10"]);
  });

  it("holds campaigns for HERALD_WARMUP_HOLD_DAYS and another workspace sees no warmup", async () => {
    process.env.HERALD_WARMUP_HOLD_DAYS = "3";
    resetEnv();
    const { actor, mailbox } = await mailboxOf();
    expect((await startWarmup(actor, mailbox.id)).warmup.holdUntil).toBe("2026-03-05T10:00:00.000Z");
    const other = await createTestWorkspace();
    expect((await refusal(getWarmup(other.actor, mailbox.id))).code).toBe("not-found");
  });
});
