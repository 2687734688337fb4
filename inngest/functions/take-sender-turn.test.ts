// Contract of take-sender-turn with Inngest's own test engine: one turn per sender at a time, the
// turn as one retried step, and stale turns dropped. The service is mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { takeSenderTurn } from "@/server/services/campaigns/executor/take-sender-turn";
import { syncedFunction } from "../../server/test/inngest-contract";
import { senderTurnsAtOnce, takeSenderTurnFunction, TURN_EXPIRES_AFTER_MS } from "./take-sender-turn";

vi.mock("@/server/services/campaigns/executor/take-sender-turn", () => ({ takeSenderTurn: vi.fn() }));

const AT = "2026-03-02T09:00:00.000Z";
const turnDue = (senderId: string, at = AT) => ({ name: "herald/sender-turn.due", data: { senderId, at } });
// A fresh engine per run: an engine memoizes the steps it ran, as Inngest does within one run.
const engine = () => new InngestTestEngine({ function: takeSenderTurnFunction });

afterEach(() => {
  vi.mocked(takeSenderTurn).mockReset();
  setClock(systemClock);
});

describe("take-sender-turn", () => {
  it("is triggered by herald/sender-turn.due, one run per sender at a time and HERALD_TURN_CONCURRENCY in all, never retried (the next pass is)", async () => {
    const { config, spec } = await syncedFunction(takeSenderTurnFunction);
    expect(config.triggers).toEqual([{ event: "herald/sender-turn.due" }]);
    expect(config.concurrency).toEqual([{ limit: 1, key: "event.data.senderId" }, { limit: 50 }]);
    expect(Object.values(config.steps ?? {})[0]?.retries).toEqual({ attempts: 0 });
    expect(spec).toMatchObject({
      maxAttempts: 1,
      concurrency: [
        { limit: 1, key: "event.data.senderId", scope: "fn" },
        { limit: 50, scope: "fn" },
      ],
    });
  });

  it("allows the per-process turns times the processes behind an Inngest server, whose limit counts over all of them", () => {
    const settings = { HERALD_TURN_CONCURRENCY: 40, HERALD_PROCESSES: 3 };
    expect(senderTurnsAtOnce(settings, true)).toBe(120);
    // The embedded executor is one process, whatever HERALD_PROCESSES says.
    expect(senderTurnsAtOnce(settings, false)).toBe(40);
  });

  it("takes the sender's turn at the pass moment in one step", async () => {
    setClock(new ManualClock("2026-03-02T09:00:20Z"));
    vi.mocked(takeSenderTurn).mockResolvedValue(true);
    const { result, ctx, state } = await engine().execute({ events: [turnDue("sender-a")] });
    expect(result).toEqual({ senderId: "sender-a", state: "acted" });
    expect(takeSenderTurn).toHaveBeenCalledExactlyOnceWith("sender-a", new Date(AT));
    expect(ctx.step.run).toHaveBeenCalledTimes(1);
    expect(ctx.step.run).toHaveBeenCalledWith("turn", expect.any(Function));
    expect(Object.keys(state)).toHaveLength(1);
  });

  it("reports a sender with nothing it may do now as idle", async () => {
    setClock(new ManualClock("2026-03-02T09:00:20Z"));
    vi.mocked(takeSenderTurn).mockResolvedValue(false);
    const { result } = await engine().execute({ events: [turnDue("sender-b")] });
    expect(result).toEqual({ senderId: "sender-b", state: "idle" });
  });

  it("drops a turn that has not started within fifty seconds of its pass, without acting", async () => {
    setClock(new ManualClock(new Date(Date.parse(AT) + TURN_EXPIRES_AFTER_MS + 1_000)));
    const { result } = await engine().execute({ events: [turnDue("sender-c")] });
    expect(result).toEqual({ senderId: "sender-c", state: "expired" });
    expect(takeSenderTurn).not.toHaveBeenCalled();
  });

  it("fails the run when the turn fails", async () => {
    setClock(new ManualClock("2026-03-02T09:00:20Z"));
    vi.mocked(takeSenderTurn).mockRejectedValue(new Error("database unavailable"));
    const { error } = await engine().execute({ events: [turnDue("sender-d")] });
    expect(error).toMatchObject({ message: "database unavailable" });
  });
});
