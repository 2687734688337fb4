// Contract of run-warmup-pass with Inngest's own test engine: every 5 minutes, one pass at a time;
// one step per network batch with stable ids, then the sync, all at the moment the plan took. The
// services are mocked (no database); services/mail/warmup/run-warmup-pass.test.ts runs them for real.
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { planWarmupPass, tickWarmupBatch } from "@/server/services/mail/warmup/run-warmup-pass";
import { syncWarmup } from "@/server/services/mail/warmup/sync-warmup";
import { syncedFunction } from "../../server/test/inngest-contract";
import { runWarmupPass, WARMUP_PASS_CRON } from "./run-warmup-pass";

vi.mock("@/server/services/mail/warmup/run-warmup-pass", () => ({ planWarmupPass: vi.fn(), tickWarmupBatch: vi.fn() }));
vi.mock("@/server/services/mail/warmup/sync-warmup", () => ({ syncWarmup: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const AT = "2026-03-02T09:05:00.000Z";
const tick = { sent: 1, read: 1, replied: 0, rescued: 0, failed: 0 };
const sync = { synced: 3, warm: 0, paused: 0, held: 3 };

describe("run-warmup-pass", () => {
  it("runs every 5 minutes, one pass at a time", async () => {
    const { config, spec } = await syncedFunction(runWarmupPass);
    expect(WARMUP_PASS_CRON).toBe("*/5 * * * *");
    expect(config.triggers).toEqual([{ cron: WARMUP_PASS_CRON }]);
    expect(config.concurrency).toEqual({ limit: 1 });
    expect(spec).toMatchObject({ cronTriggers: [WARMUP_PASS_CRON], concurrency: [{ limit: 1 }] });
  });

  it("ticks each network's batches in their own steps, then syncs, at the plan's moment", async () => {
    vi.mocked(planWarmupPass).mockResolvedValue({
      at: AT,
      batches: [
        { network: "pool", mailboxIds: ["mbx_p"] },
        { network: "sandbox", mailboxIds: ["mbx_a"] },
        { network: "sandbox", mailboxIds: ["mbx_b"] },
      ],
    });
    vi.mocked(tickWarmupBatch).mockImplementation(async (network, _at, ids) =>
      network === "pool" ? { network, mailboxes: ids.length, error: "the pool is down" } : { network, mailboxes: ids.length, ...tick },
    );
    vi.mocked(syncWarmup).mockResolvedValue(sync);
    const { result, ctx } = await new InngestTestEngine({ function: runWarmupPass }).execute();
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual(["plan", "tick-pool-0", "tick-sandbox-0", "tick-sandbox-1", "sync"]);
    expect(vi.mocked(tickWarmupBatch).mock.calls).toEqual([
      ["pool", new Date(AT), ["mbx_p"]],
      ["sandbox", new Date(AT), ["mbx_a"]],
      ["sandbox", new Date(AT), ["mbx_b"]],
    ]);
    expect(syncWarmup).toHaveBeenCalledExactlyOnceWith({ at: new Date(AT) });
    // The pool's failure is reported, and the sandbox's batches and the sync still ran.
    expect(result).toMatchObject({ at: AT, batches: [{ network: "pool", error: "the pool is down" }, { network: "sandbox", sent: 1 }, { network: "sandbox" }], sync });
  });

  it("only syncs when no mailbox is warming", async () => {
    vi.mocked(planWarmupPass).mockResolvedValue({ at: AT, batches: [] });
    vi.mocked(syncWarmup).mockResolvedValue({ synced: 0, warm: 0, paused: 0, held: 0 });
    const { ctx } = await new InngestTestEngine({ function: runWarmupPass }).execute();
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual(["plan", "sync"]);
    expect(tickWarmupBatch).not.toHaveBeenCalled();
  });
});
