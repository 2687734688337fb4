// Reservations of one sender on either side of its local midnight count on two different days'
// counter rows; the weekly limit sums the days, so they must still wait for each other. The first is
// held open (reserved, not yet committed) while the second runs: the second has to wait for it and
// then be refused, never pass beside it. And a reservation checks its caps on the day its action was
// counted, even when midnight passed while it waited or a later day's reservation went first.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { LimitOverrides } from "@/server/domain/sender-limits";
import { ManualClock, setClock, systemClock, type Clock } from "@/server/lib/clock";
import { isHeraldError } from "@/server/lib/errors";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { countSenderUsage } from "@/server/services/senders/count-sender-usage";
import { createTestWorkspace } from "@/server/test/factories";
import { ZConnectSenderInput } from "../../schemas/sender";
import { reserveOrRefuse } from "./reserve-sender-action";

afterEach(() => setClock(systemClock));

/** Whether a session of this test's database is waiting for a lock another one holds. */
async function someoneWaitsForALock(): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ waiting: bigint }>>`
    SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return Number(rows[0]!.waiting) > 0;
}

/** Resolves once `work` settled or a session waits for a lock (after at most `limitMs`, it throws). */
async function settledOrWaiting(work: Promise<unknown>, limitMs = 10_000): Promise<void> {
  let settled = false;
  void work.then(() => (settled = true), () => (settled = true));
  const deadline = Date.now() + limitMs;
  while (!settled && !(await someoneWaitsForALock())) {
    if (Date.now() > deadline) throw new Error("the second reservation neither finished nor waited");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A sender in Paris (UTC+1) with these limit overrides and four leads, on Monday 2 March 2026 at
 * 10:00 local, and `invite(n)`: a transaction's reservation of an invitation to lead n.
 */
async function senderInParis(label: string, limits: LimitOverrides) {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: `${label}@example.com`, password: "x", timezone: "Europe/Paris" }), { via: "api" });
  await db.linkedinAccount.update({ where: { id: connected.account.id }, data: { limits: { ...limits } } });
  const account = await db.linkedinAccount.findUniqueOrThrow({ where: { id: connected.account.id } });
  const leads = await Promise.all(
    Array.from({ length: 4 }, (_, index) => db.lead.create({ data: { workspaceId: workspace.id, publicIdentifier: `${label}-${index}`, source: "test", createdAt: clock.now(), updatedAt: clock.now() } })),
  );
  const invite = (leadIndex: number) => (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0]) =>
    reserveOrRefuse(tx, account, { type: "invitation", source: "direct", leadId: leads[leadIndex]!.id, honourWeeklyBypass: false });
  return { clock, account, invite };
}

/** A clock that reads `first` once, then `after`: the reservation's time, then midnight passed while it waited. */
function clockPassingMidnight(first: string, after: string): Clock {
  let reads = 0;
  return { now: () => new Date(reads++ === 0 ? first : after) };
}

it("lets only one of two concurrent invitations at the weekly limit minus one through when they fall on two local days", async () => {
  const { clock, account, invite } = await senderInParis("weekly-midnight", { weeklyInvitations: 3 });
  await db.$transaction(invite(0));
  await db.$transaction(invite(1));

  // 23:59:30 on Wednesday in Paris: the third invitation is reserved, and its transaction held open.
  clock.set("2026-03-04T22:59:30Z");
  let reserved!: () => void;
  let release!: () => void;
  const firstReserved = new Promise<void>((resolve) => (reserved = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const first = db.$transaction(
    async (tx) => {
      const action = await invite(2)(tx);
      reserved();
      await released;
      return action;
    },
    { timeout: 20_000 },
  );
  await Promise.race([firstReserved, first]);

  // 00:00:30 on Thursday in Paris: another day's counter row, the same week.
  clock.set("2026-03-04T23:00:30Z");
  const second = db.$transaction(invite(3), { timeout: 20_000 });
  await settledOrWaiting(second);
  release();
  const outcomes = await Promise.allSettled([first, second]);

  const passed = outcomes.filter((outcome) => outcome.status === "fulfilled");
  const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
  expect(passed).toHaveLength(1);
  expect(refused).toHaveLength(1);
  expect(isHeraldError(refused[0]) && refused[0].code).toBe("weekly-limit-reached");
  expect(await db.senderAction.count({ where: { accountId: account.id, type: "invitation" } })).toBe(3);
  expect((await countSenderUsage(account)).week.invitations).toBe(3);
});

it("checks the daily cap on the day the action was counted, when the clock passes midnight during the reservation", async () => {
  const { invite, account } = await senderInParis("daily-midnight", { daily: { invitations: 2 } });
  // Wednesday 4 March: the day's two invitations are used.
  setClock(new ManualClock("2026-03-04T10:00:00Z"));
  await db.$transaction(invite(0));
  await db.$transaction(invite(1));

  // Reserved at 23:59:59.9 Wednesday in Paris (counted on Wednesday), checked after 00:00 Thursday.
  setClock(clockPassingMidnight("2026-03-04T22:59:59.900Z", "2026-03-04T23:00:00.100Z"));
  const late = await db.$transaction(invite(2)).catch((error: unknown) => error);
  expect(isHeraldError(late) && late.code).toBe("daily-limit-reached");
  expect(await db.senderAction.count({ where: { accountId: account.id, type: "invitation" } })).toBe(2);
});

it("counts a later day of the week that was reserved first: the weekly limit holds whichever side of midnight locks first", async () => {
  const { invite, account } = await senderInParis("week-order", { weeklyInvitations: 3 });
  await db.$transaction(invite(0));
  await db.$transaction(invite(1));
  // 00:00:00.1 Thursday in Paris is counted first, the week's third invitation ...
  setClock(new ManualClock("2026-03-04T23:00:00.100Z"));
  await db.$transaction(invite(2));
  // ... then one that read its time at 23:59:59.9 Wednesday: counted on Wednesday, the same week.
  setClock(new ManualClock("2026-03-04T22:59:59.900Z"));
  const earlier = await db.$transaction(invite(3)).catch((error: unknown) => error);
  expect(isHeraldError(earlier) && earlier.code).toBe("weekly-limit-reached");
  expect(await db.senderAction.count({ where: { accountId: account.id, type: "invitation" } })).toBe(3);
});
