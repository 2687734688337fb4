// Contract of watch-sender-checkpoint with Inngest's own test engine: one watcher per sender at a
// time, a look per step and a sleep between looks, until the verification clears or expires.
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkSenderCheckpoint } from "@/server/services/senders/check-sender-checkpoint";
import { CHECKPOINT_WATCH_INTERVAL_SECONDS } from "@/server/services/senders/start-checkpoint-watch";
import { CHECKPOINT_LIFETIME_MS } from "@/server/services/senders/to-sender-account";
import { syncedFunction } from "../../server/test/inngest-contract";
import { watchSenderCheckpoint } from "./watch-sender-checkpoint";

vi.mock("@/server/services/senders/check-sender-checkpoint", () => ({ checkSenderCheckpoint: vi.fn() }));

const MAX_LOOKS = Math.ceil(CHECKPOINT_LIFETIME_MS / 1000 / CHECKPOINT_WATCH_INTERVAL_SECONDS) + 2;
const engine = () =>
  new InngestTestEngine({
    function: watchSenderCheckpoint,
    events: [{ name: "herald/sender-checkpoint.pending", data: { accountId: "sender-1", workspaceId: "workspace-1" } }],
    steps: Array.from({ length: MAX_LOOKS }, (_, index) => ({ id: `wait-${index + 1}`, handler: () => null })),
  });

afterEach(() => vi.mocked(checkSenderCheckpoint).mockReset());

describe("watch-sender-checkpoint", () => {
  it("is triggered by herald/sender-checkpoint.pending, one watcher per sender at a time, retried three times", async () => {
    const { config, spec } = await syncedFunction(watchSenderCheckpoint);
    expect(config.triggers).toEqual([{ event: "herald/sender-checkpoint.pending" }]);
    expect(config.concurrency).toEqual({ limit: 1, key: "event.data.accountId" });
    expect(spec).toMatchObject({ maxAttempts: 4, concurrency: [{ limit: 1, key: "event.data.accountId", scope: "fn" }] });
  });

  it("looks again after each sleep while the step is pending, and stops when it clears", async () => {
    vi.mocked(checkSenderCheckpoint).mockResolvedValueOnce("pending").mockResolvedValueOnce("pending").mockResolvedValueOnce("cleared");
    const { result, ctx } = await engine().execute();
    expect(result).toEqual({ state: "cleared", looks: 3 });
    expect(checkSenderCheckpoint).toHaveBeenCalledTimes(3);
    expect(checkSenderCheckpoint).toHaveBeenCalledWith("sender-1");
    expect(ctx.step.sleep.mock.calls).toEqual([
      ["wait-1", `${CHECKPOINT_WATCH_INTERVAL_SECONDS}s`],
      ["wait-2", `${CHECKPOINT_WATCH_INTERVAL_SECONDS}s`],
    ]);
  });

  it("ends at once when the step expired or the sender moved on", async () => {
    vi.mocked(checkSenderCheckpoint).mockResolvedValue("expired");
    const { result, ctx } = await engine().execute();
    expect(result).toEqual({ state: "expired", looks: 1 });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
  });

  it("gives up after enough looks to outlast the five-minute window", async () => {
    vi.mocked(checkSenderCheckpoint).mockResolvedValue("pending");
    const { result } = await engine().execute();
    expect(result).toEqual({ state: "pending", looks: MAX_LOOKS });
    expect(MAX_LOOKS * CHECKPOINT_WATCH_INTERVAL_SECONDS * 1000).toBeGreaterThan(CHECKPOINT_LIFETIME_MS);
  });
});
