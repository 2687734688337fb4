// A simulated warmup on the sandbox network: a few sandbox mailboxes (one on a domain whose DNS
// fails, one in Paris) warm for 20 days while Herald's clock moves and the warmup pass runs. The
// volumes follow the ramp and never exceed a day's volume, the day advances per local date, the
// mailboxes turn warm, the warming hold ends at its time, and health reacts to the failing domain
// (more spam, a lower score, the poor-health hold). A mailbox that disconnects is paused, at the
// network too. A failing network does not stop the others, and one with no warming mailbox is not called.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { dayTargetReached, presetStrategy, warmupVolumeOnDay } from "../../../domain/mail/warmup-ramp";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { setWarmupNetwork } from "../../../providers/warmup";
import type { WarmupNetwork } from "../../../providers/warmup/types";
import { seedWarmingMailbox } from "../../../test/warmup-seed";
import { runWarmupPass } from "./run-warmup-pass";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

afterEach(() => {
  setClock(systemClock);
  setWarmupNetwork("pool", undefined);
});

function recordingNetwork(name: "pool", tick: WarmupNetwork["tick"]): WarmupNetwork & { ticks: Array<string[] | undefined> } {
  const ticks: Array<string[] | undefined> = [];
  const refuse = async (): Promise<never> => {
    throw new Error("not used here");
  };
  return {
    name,
    ticks,
    enroll: refuse,
    updateStrategy: refuse,
    pause: refuse,
    resume: refuse,
    cancel: refuse,
    tick: async (at, options) => {
      ticks.push(options?.mailboxIds);
      return tick(at, options);
    },
  };
}

describe("a simulated 20-day warmup on the sandbox network", () => {
  it("ramps, turns warm, ends the hold, and holds a failing domain for poor health", { timeout: 120_000 }, async () => {
    const start = Date.parse("2026-03-02T09:00:00Z");
    const clock = new ManualClock(start);
    setClock(clock);
    const pool = recordingNetwork("pool", async () => ({ sent: 0, read: 0, replied: 0, rescued: 0, failed: 0 }));
    setWarmupNetwork("pool", pool);
    const strategy = presetStrategy("conservative");
    const healthy = [await seedWarmingMailbox(), await seedWarmingMailbox(), await seedWarmingMailbox({ timezone: "Europe/Paris" })];
    const failing = await seedWarmingMailbox({ dns: "failing" });
    const all = [...healthy, failing];
    const warmupOf = (seeded: { mailbox: { id: string } }) => db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: seeded.mailbox.id } });
    const holdEnds = start + 14 * DAY;

    // A day's figures grow during the day as a dashboard watches.
    clock.set(start + 3 * HOUR);
    await runWarmupPass();
    const early = await db.warmupDay.findMany({ where: { mailboxId: { in: all.map((seeded) => seeded.mailbox.id) } } });

    let holdChecked = false;
    for (let at = start + 5 * HOUR; at <= start + 20 * DAY; at += 3 * HOUR) {
      clock.set(at);
      await runWarmupPass();
      if (!holdChecked && at >= holdEnds - 3 * HOUR) {
        // Just before the hold's end: still held. Just after it: lifted for a healthy mailbox.
        expect(await warmupOf(healthy[0]!)).toMatchObject({ holdReason: "warming", holdUntil: new Date(holdEnds) });
        clock.set(holdEnds);
        await runWarmupPass();
        expect(await warmupOf(healthy[0]!)).toMatchObject({ holdReason: null, holdUntil: null });
        holdChecked = true;
      }
    }
    expect(holdChecked).toBe(true);
    // The pool had no warming mailbox: never called.
    expect(pool.ticks).toEqual([]);

    const late = await db.warmupDay.findMany({ where: { mailboxId: { in: all.map((seeded) => seeded.mailbox.id) } }, orderBy: [{ mailboxId: "asc" }, { date: "asc" }] });
    for (const row of early) {
      const later = late.find((day) => day.mailboxId === row.mailboxId && day.date === row.date)!;
      expect(later.sent).toBeGreaterThanOrEqual(row.sent);
    }
    const warmDay = dayTargetReached(strategy);
    for (const seeded of all) {
      const days = late.filter((row) => row.mailboxId === seeded.mailbox.id);
      expect(days.length).toBeGreaterThanOrEqual(20);
      for (const [index, row] of days.entries()) {
        // One day per local date, on the ramp, never past the day's volume; finished days sent it all.
        expect(row.day).toBe(Math.min(index + 1, warmDay));
        expect(row.planned).toBe(warmupVolumeOnDay(strategy, row.day));
        expect(row.sent).toBeLessThanOrEqual(row.planned);
        if (index < days.length - 1) expect(row.sent).toBe(row.planned);
        expect(row.inbox + row.spam + row.promotions).toBe(row.sent);
        expect(row.opened).toBe(row.received);
      }
      expect(await warmupOf(seeded)).toMatchObject({ status: "warm", day: warmDay, syncedAt: clock.now() });
    }

    const rate = (rows: typeof late) => rows.reduce((sum, row) => sum + row.spam, 0) / rows.reduce((sum, row) => sum + row.sent, 0);
    const healthyRows = late.filter((row) => row.mailboxId !== failing.mailbox.id);
    const failingRows = late.filter((row) => row.mailboxId === failing.mailbox.id);
    expect(rate(failingRows)).toBeGreaterThan(2 * rate(healthyRows));

    const failingWarmup = await warmupOf(failing);
    expect(failingWarmup.healthScore).toBeLessThan(70);
    expect(failingWarmup).toMatchObject({ holdReason: "poor-health" });
    // Held until the next local midnight, looked at again then.
    expect(failingWarmup.holdUntil!.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(failingWarmup.holdUntil!.getTime()).toBeLessThanOrEqual(clock.now().getTime() + DAY);
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: failing.mailbox.id } })).health).toBe("failing");
    for (const seeded of healthy) {
      const warmup = await warmupOf(seeded);
      expect(warmup.healthScore).toBeGreaterThan(85);
      expect(warmup).toMatchObject({ holdReason: null, holdUntil: null });
      // Today's row carries the health score for the chart.
      const today = late.filter((row) => row.mailboxId === seeded.mailbox.id).at(-1)!;
      expect((await db.warmupDay.findUniqueOrThrow({ where: { mailboxId_date: { mailboxId: seeded.mailbox.id, date: today.date } } })).healthScore).toBe(warmup.healthScore);
    }
  });

  it("pauses warmup when the mailbox disconnects, at the network too, and keeps its day", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const seeded = await seedWarmingMailbox();
    for (let hour = 6; hour <= 72; hour += 6) {
      clock.set(Date.parse("2026-03-02T09:00:00Z") + hour * HOUR);
      await runWarmupPass();
    }
    expect(await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: seeded.mailbox.id } })).toMatchObject({ status: "warming", day: 4 });
    await db.mailbox.update({ where: { id: seeded.mailbox.id }, data: { status: "disconnected" } });
    const { sync } = await runWarmupPass();
    expect(sync.paused).toBe(1);
    const paused = await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: seeded.mailbox.id } });
    expect(paused).toMatchObject({ status: "paused", day: 4 });
    expect(paused.error).toMatch(/disconnected.*Reconnect it, then resume warmup/);
    expect((await db.sandboxWarmupEnrollment.findUniqueOrThrow({ where: { id: seeded.externalId } })).status).toBe("paused");

    const daysBefore = await db.warmupDay.count({ where: { mailboxId: seeded.mailbox.id } });
    clock.set(clock.now().getTime() + 2 * DAY);
    const later = await runWarmupPass();
    expect(later.sync.paused).toBe(0);
    expect(await db.warmupDay.count({ where: { mailboxId: seeded.mailbox.id } })).toBe(daysBefore);
    expect(await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: seeded.mailbox.id } })).toMatchObject({ status: "paused", day: 4, dayDate: "2026-03-07" });
  });

  it("logs a failing network's tick and goes on with the others", async () => {
    const clock = new ManualClock("2026-04-01T09:00:00Z");
    setClock(clock);
    const sandbox = await seedWarmingMailbox();
    const other = await seedWarmingMailbox();
    // One mailbox warms in the pool, whose tick fails.
    await db.mailboxWarmup.update({ where: { mailboxId: other.mailbox.id }, data: { network: "pool" } });
    const pool = recordingNetwork("pool", async () => {
      throw new Error("the pool is down");
    });
    setWarmupNetwork("pool", pool);
    // The next morning: day 1's volume is sent, whatever its e-mails' moments.
    clock.set("2026-04-02T01:00:00Z");
    const pass = await runWarmupPass();
    expect(pool.ticks).toEqual([[other.mailbox.id]]);
    expect(pass.batches).toEqual(expect.arrayContaining([expect.objectContaining({ network: "pool", error: "the pool is down" }), expect.objectContaining({ network: "sandbox" })]));
    expect((await db.warmupDay.findUniqueOrThrow({ where: { mailboxId_date: { mailboxId: sandbox.mailbox.id, date: "2026-04-01" } } })).sent).toBeGreaterThan(0);
    expect(pass.sync.synced).toBeGreaterThanOrEqual(2);
  });
});
