// The sandbox warmup network as an external service sees Herald: one enrolment per mailbox (a retry
// gets the same id), every strategy change logged exactly as received, pause, resume, cancel; and
// its tick, idempotent for the same moment, growing a day's figures as the day passes.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { presetStrategy, warmupVolumeOnDay } from "../../../domain/mail/warmup-ramp";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { seedWarmingMailbox } from "../../../test/warmup-seed";
import { WarmupNetworkError } from "../types";
import { createSandboxWarmupNetwork } from "./sandbox-warmup-network";

const network = createSandboxWarmupNetwork();
const { preset: _preset, ...conservative } = presetStrategy("conservative");
const mailbox = (email: string) => ({ id: `mbx_${email.split("@")[0]}`, workspaceId: "wsp_x", email, provider: "sandbox" as const, timezone: "UTC" });

afterEach(() => setClock(systemClock));

describe("the sandbox warmup network", () => {
  it("enrolls an address once: a retry gets the same id, a cancelled one a new enrolment", async () => {
    const first = await network.enroll(mailbox("ada@sender.example"), conservative);
    expect(first.externalId).toMatch(/^swn_[0-9a-f]{32}$/);
    expect(await network.enroll(mailbox("ada@sender.example"), conservative)).toEqual(first);
    const row = await db.sandboxWarmupEnrollment.findUniqueOrThrow({ where: { id: first.externalId } });
    expect(row).toMatchObject({ address: "ada@sender.example", status: "active", strategy: conservative, changes: [] });

    await network.cancel(first.externalId);
    await network.cancel(first.externalId);
    expect(await db.sandboxWarmupEnrollment.findUniqueOrThrow({ where: { id: first.externalId } })).toMatchObject({ status: "cancelled", cancelledAt: expect.any(Date) });
    const again = await network.enroll(mailbox("ada@sender.example"), conservative);
    expect(again.externalId).not.toBe(first.externalId);
  });

  it("keeps the same address in two workspaces apart: each mailbox its own enrolment and strategy, a cancel touches only its own", async () => {
    const inA = { ...mailbox("ada@northwind-nodmarc.test"), id: "mbx_a", workspaceId: "wsp_a" };
    const inB = { ...mailbox("ada@northwind-nodmarc.test"), id: "mbx_b", workspaceId: "wsp_b" };
    const { preset: _aggressive, ...aggressive } = presetStrategy("aggressive");
    const a = await network.enroll(inA, conservative);
    const b = await network.enroll(inB, aggressive);
    expect(b.externalId).not.toBe(a.externalId);
    expect((await db.sandboxWarmupEnrollment.findUniqueOrThrow({ where: { id: b.externalId } })).strategy).toEqual(aggressive);

    await network.cancel(b.externalId);
    expect((await db.sandboxWarmupEnrollment.findUniqueOrThrow({ where: { id: a.externalId } })).status).toBe("active");
    expect((await db.sandboxWarmupEnrollment.findUniqueOrThrow({ where: { id: a.externalId } })).strategy).toEqual(conservative);
  });

  it("logs each strategy change with exactly the values it received, and refuses an empty one", async () => {
    setClock(new ManualClock("2026-03-02T09:00:00Z"));
    const { externalId } = await network.enroll(mailbox("grace@sender.example"), conservative);
    await network.updateStrategy(externalId, { targetVolume: 30 });
    await network.updateStrategy(externalId, { replyInbox: [30, 40], replySpam: 8 });
    await expect(network.updateStrategy(externalId, {})).rejects.toThrow(WarmupNetworkError);
    const row = await db.sandboxWarmupEnrollment.findUniqueOrThrow({ where: { id: externalId } });
    expect(row.changes).toEqual([
      { at: "2026-03-02T09:00:00.000Z", values: { targetVolume: 30 } },
      { at: "2026-03-02T09:00:00.000Z", values: { replyInbox: [30, 40], replySpam: 8 } },
    ]);
    expect(row.strategy).toEqual({ ...conservative, targetVolume: 30, replyInbox: [30, 40], replySpam: 8 });
    await expect(network.updateStrategy("swn_unknown", { targetVolume: 10 })).rejects.toThrow(/holds no mailbox/);
  });

  it("pauses and resumes an enrolment, and refuses both once cancelled", async () => {
    const { externalId } = await network.enroll(mailbox("linus@sender.example"), conservative);
    await network.pause(externalId);
    expect((await db.sandboxWarmupEnrollment.findUniqueOrThrow({ where: { id: externalId } })).status).toBe("paused");
    await network.resume(externalId);
    expect((await db.sandboxWarmupEnrollment.findUniqueOrThrow({ where: { id: externalId } })).status).toBe("active");
    await network.cancel(externalId);
    await expect(network.resume(externalId)).rejects.toThrow(WarmupNetworkError);
    await expect(network.updateStrategy(externalId, { targetVolume: 10 })).rejects.toThrow(/cancelled/);
  });

  it("ticks a warming mailbox's day through the day, idempotently, and skips it while paused at the network", async () => {
    const clock = new ManualClock("2026-03-02T00:00:00Z");
    setClock(clock);
    const seeded = await seedWarmingMailbox({ strategy: presetStrategy("aggressive") });
    const ids = { mailboxIds: [seeded.mailbox.id] };
    const day = () => db.warmupDay.findUniqueOrThrow({ where: { mailboxId_date: { mailboxId: seeded.mailbox.id, date: "2026-03-02" } } });

    clock.set("2026-03-02T12:00:00Z");
    const first = await network.tick(clock.now(), ids);
    const noon = await day();
    expect(noon).toMatchObject({ day: 1, planned: warmupVolumeOnDay(presetStrategy("aggressive"), 1) });
    expect(noon.sent).toBeGreaterThan(0);
    expect(noon.sent).toBeLessThan(noon.planned);
    expect(first.sent).toBe(noon.sent);
    expect(noon.inbox + noon.spam + noon.promotions).toBe(noon.sent);

    // The same moment again: nothing new, nothing rewritten.
    expect(await network.tick(clock.now(), ids)).toEqual({ sent: 0, read: 0, replied: 0, rescued: 0, failed: 0 });
    expect((await day()).updatedAt).toEqual(noon.updatedAt);

    // Paused at the network: nothing moves.
    await network.pause(seeded.externalId);
    clock.set("2026-03-02T18:00:00Z");
    await network.tick(clock.now(), ids);
    expect((await day()).sent).toBe(noon.sent);
    await network.resume(seeded.externalId);

    // The next day's first tick finishes yesterday and starts today.
    clock.set("2026-03-03T00:30:00Z");
    await network.tick(clock.now(), ids);
    expect(await day()).toMatchObject({ sent: noon.planned });
    const today = await db.warmupDay.findUniqueOrThrow({ where: { mailboxId_date: { mailboxId: seeded.mailbox.id, date: "2026-03-03" } } });
    expect(today).toMatchObject({ day: 2, planned: warmupVolumeOnDay(presetStrategy("aggressive"), 2) });
    expect(today.sent).toBeLessThanOrEqual(1);
  });

  it("ticks nothing for a mailbox warming on another network or not warming", async () => {
    setClock(new ManualClock("2026-03-02T12:00:00Z"));
    const seeded = await seedWarmingMailbox();
    await db.mailboxWarmup.update({ where: { mailboxId: seeded.mailbox.id }, data: { status: "paused" } });
    expect(await network.tick(new Date("2026-03-02T12:00:00Z"), { mailboxIds: [seeded.mailbox.id] })).toMatchObject({ sent: 0 });
    expect(await db.warmupDay.count({ where: { mailboxId: seeded.mailbox.id } })).toBe(0);
  });
});
