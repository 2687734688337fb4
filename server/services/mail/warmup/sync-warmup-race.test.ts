// The warmup sync reads every running warmup, decides, then writes: a warmup stopped and started
// again in between (a new ramp at day 1) must not get the old ramp's day, date and hold written over it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, getDb } from "../../../db/client";
import { env } from "../../../env";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { createTestWorkspace } from "../../../test/factories";
import { seedWarmingMailbox } from "../../../test/warmup-seed";
import { startWarmup } from "./start-warmup";
import { stopWarmup } from "./stop-warmup";
import { syncWarmup } from "./sync-warmup";

const DAY = 86_400_000;

afterEach(() => {
  setClock(systemClock);
  vi.restoreAllMocks();
});

describe("syncWarmup against a restart", () => {
  it("leaves a warmup restarted while it was deciding to its new ramp", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const { actor, workspace } = await createTestWorkspace();
    await db.workspace.update({ where: { id: workspace.id }, data: { emailChannelEnabled: true } });
    const { mailbox } = await seedWarmingMailbox({ workspaceId: workspace.id });
    clock.advance(10 * DAY);

    // The sync's placement query runs between its read and its write: the person restarts warmup then.
    const client = getDb();
    const original = client.$queryRaw.bind(client);
    const restart = async (args: Parameters<typeof client.$queryRaw>) => {
      spy.mockRestore();
      await stopWarmup(actor, mailbox.id);
      await startWarmup(actor, mailbox.id);
      return original(...args);
    };
    const spy = vi.spyOn(client, "$queryRaw").mockImplementationOnce(((...args: Parameters<typeof client.$queryRaw>) => restart(args)) as unknown as typeof client.$queryRaw);
    await syncWarmup();

    const row = await db.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: mailbox.id } });
    expect(row).toMatchObject({ status: "warming", day: 1, dayDate: "2026-03-12", holdReason: "warming" });
    expect(row.startedAt).toEqual(new Date("2026-03-12T09:00:00Z"));
    expect(row.holdUntil).toEqual(new Date(Date.parse("2026-03-12T09:00:00Z") + env().HERALD_WARMUP_HOLD_DAYS * DAY));
  });
});
