// Contract of take-mailbox-turn with Inngest's own test engine: one turn per mailbox at a time, the
// turn as one step never retried, and stale turns dropped. The service is mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { takeMailboxTurn } from "@/server/services/campaigns/executor/take-mailbox-turn";
import { syncedFunction } from "../../server/test/inngest-contract";
import { takeMailboxTurnFunction } from "./take-mailbox-turn";
import { TURN_EXPIRES_AFTER_MS } from "./take-sender-turn";

vi.mock("@/server/services/campaigns/executor/take-mailbox-turn", () => ({ takeMailboxTurn: vi.fn() }));
vi.mock("@/server/services/campaigns/executor/take-sender-turn", () => ({ takeSenderTurn: vi.fn() }));

const AT = "2026-03-02T09:00:00.000Z";
const turnDue = (mailboxId: string, at = AT) => ({ name: "herald/mailbox-turn.due", data: { mailboxId, at } });
// A fresh engine per run: an engine memoizes the steps it ran, as Inngest does within one run.
const engine = () => new InngestTestEngine({ function: takeMailboxTurnFunction });

afterEach(() => {
  vi.mocked(takeMailboxTurn).mockReset();
  setClock(systemClock);
});

describe("take-mailbox-turn", () => {
  it("is triggered by herald/mailbox-turn.due, one run per mailbox at a time, never retried (the next pass is)", async () => {
    const { config, spec } = await syncedFunction(takeMailboxTurnFunction);
    expect(config.triggers).toEqual([{ event: "herald/mailbox-turn.due" }]);
    expect(config.concurrency).toEqual({ limit: 1, key: "event.data.mailboxId" });
    expect(Object.values(config.steps ?? {})[0]?.retries).toEqual({ attempts: 0 });
    expect(spec).toMatchObject({ maxAttempts: 1, concurrency: [{ limit: 1, key: "event.data.mailboxId", scope: "fn" }] });
  });

  it("takes the mailbox's turn at the pass moment in one step", async () => {
    setClock(new ManualClock("2026-03-02T09:00:20Z"));
    vi.mocked(takeMailboxTurn).mockResolvedValue(true);
    const { result, ctx, state } = await engine().execute({ events: [turnDue("mbx_a")] });
    expect(result).toEqual({ mailboxId: "mbx_a", state: "sent" });
    expect(takeMailboxTurn).toHaveBeenCalledExactlyOnceWith("mbx_a", new Date(AT));
    expect(ctx.step.run).toHaveBeenCalledTimes(1);
    expect(ctx.step.run).toHaveBeenCalledWith("turn", expect.any(Function));
    expect(Object.keys(state)).toHaveLength(1);
  });

  it("reports a mailbox with nothing it may send now as idle", async () => {
    setClock(new ManualClock("2026-03-02T09:00:20Z"));
    vi.mocked(takeMailboxTurn).mockResolvedValue(false);
    const { result } = await engine().execute({ events: [turnDue("mbx_b")] });
    expect(result).toEqual({ mailboxId: "mbx_b", state: "idle" });
  });

  it("drops a turn that has not started within fifty seconds of its pass, without sending", async () => {
    setClock(new ManualClock(new Date(Date.parse(AT) + TURN_EXPIRES_AFTER_MS + 1_000)));
    const { result } = await engine().execute({ events: [turnDue("mbx_c")] });
    expect(result).toEqual({ mailboxId: "mbx_c", state: "expired" });
    expect(takeMailboxTurn).not.toHaveBeenCalled();
  });

  it("fails the run when the turn fails", async () => {
    setClock(new ManualClock("2026-03-02T09:00:20Z"));
    vi.mocked(takeMailboxTurn).mockRejectedValue(new Error("database unavailable"));
    const { error } = await engine().execute({ events: [turnDue("mbx_d")] });
    expect(error).toMatchObject({ message: "database unavailable" });
  });
});
