// Contract of the executor's pass with Inngest's own test engine: every minute and on a kick, never
// two passes at once, one prepare step, then one herald/sender-turn.due event per sender and one
// herald/mailbox-turn.due per mailbox with due work, sent through step.sendEvent. The service is
// mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { prepareExecutorPass } from "@/server/services/campaigns/executor/run-executor-pass";
import { syncedFunction } from "../../server/test/inngest-contract";
import { runCampaignExecutor, TURNS_PER_SEND } from "./run-campaign-executor";

vi.mock("@/server/services/campaigns/executor/run-executor-pass", () => ({ prepareExecutorPass: vi.fn() }));

const AT = new Date("2026-03-02T09:00:00.000Z");
/**
 * A fresh engine per run (an engine memoizes the steps it ran). The sendEvent steps are mocked with
 * what Inngest answers (the ids of the events it took), as the test engine does not send events.
 */
const engine = (sends = 1) =>
  new InngestTestEngine({
    function: runCampaignExecutor,
    events: [{ name: "herald/campaigns.kicked", data: { reason: "test" } }],
    steps: ["sender", "mailbox"].flatMap((kind) =>
      Array.from({ length: sends }, (_, index) => ({ id: `${kind}-turns-${index}`, handler: () => ({ ids: [`${kind}-event-${index}`] }) })),
    ),
  });

afterEach(() => vi.mocked(prepareExecutorPass).mockReset());

describe("run-campaign-executor", () => {
  it("runs every minute and when kicked, one pass at a time, retried twice", async () => {
    const { config, spec } = await syncedFunction(runCampaignExecutor);
    expect(config.triggers).toEqual([{ cron: "* * * * *" }, { event: "herald/campaigns.kicked" }]);
    expect(config.concurrency).toEqual({ limit: 1 });
    expect(Object.values(config.steps ?? {})[0]?.retries).toEqual({ attempts: 2 });
    expect(spec).toMatchObject({ cronTriggers: ["* * * * *"], eventTriggers: [{ event: "herald/campaigns.kicked" }], maxAttempts: 3, concurrency: [{ limit: 1 }] });
  });

  it("sends one turn event per sender with due work, carrying the pass moment and an id per sender and pass", async () => {
    vi.mocked(prepareExecutorPass).mockResolvedValue({ reconciled: 1, resolved: 2, at: AT, senderIds: ["sender-a", "sender-b"], mailboxIds: [] });
    const { result, ctx } = await engine().execute();
    expect(prepareExecutorPass).toHaveBeenCalledTimes(1);
    expect(ctx.step.run).toHaveBeenCalledWith("prepare", expect.any(Function));
    expect(ctx.step.sendEvent).toHaveBeenCalledTimes(1);
    const [stepId, events] = ctx.step.sendEvent.mock.calls[0]!;
    expect(stepId).toBe("sender-turns-0");
    expect(events).toEqual([
      expect.objectContaining({ name: "herald/sender-turn.due", data: { senderId: "sender-a", at: AT.toISOString() }, id: `sender-turn-sender-a-${AT.toISOString()}` }),
      expect.objectContaining({ name: "herald/sender-turn.due", data: { senderId: "sender-b", at: AT.toISOString() }, id: `sender-turn-sender-b-${AT.toISOString()}` }),
    ]);
    expect(result).toEqual({ reconciled: 1, resolved: 2, at: AT.toISOString(), turns: 2, mailboxTurns: 0 });
  });

  it("sends no event when no sender has due work", async () => {
    vi.mocked(prepareExecutorPass).mockResolvedValue({ reconciled: 0, resolved: 0, at: AT, senderIds: [], mailboxIds: [] });
    const { result, ctx } = await engine().execute();
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
    expect(result).toEqual({ reconciled: 0, resolved: 0, at: AT.toISOString(), turns: 0, mailboxTurns: 0 });
  });

  it("sends one mailbox turn event per mailbox with due e-mails, after the senders' events", async () => {
    vi.mocked(prepareExecutorPass).mockResolvedValue({ reconciled: 0, resolved: 0, at: AT, senderIds: ["sender-a"], mailboxIds: ["mbx_a", "mbx_b"] });
    const { result, ctx } = await engine().execute();
    const calls = ctx.step.sendEvent.mock.calls as Array<[string, unknown[]]>;
    expect(calls.map(([id]) => id)).toEqual(["sender-turns-0", "mailbox-turns-0"]);
    expect(calls[1]![1]).toEqual([
      expect.objectContaining({ name: "herald/mailbox-turn.due", data: { mailboxId: "mbx_a", at: AT.toISOString() }, id: `mailbox-turn-mbx_a-${AT.toISOString()}` }),
      expect.objectContaining({ name: "herald/mailbox-turn.due", data: { mailboxId: "mbx_b", at: AT.toISOString() }, id: `mailbox-turn-mbx_b-${AT.toISOString()}` }),
    ]);
    expect(result).toEqual({ reconciled: 0, resolved: 0, at: AT.toISOString(), turns: 1, mailboxTurns: 2 });
  });

  it("splits a large pass into several sendEvent steps", async () => {
    const senderIds = Array.from({ length: TURNS_PER_SEND + 3 }, (_, index) => `sender-${index}`);
    vi.mocked(prepareExecutorPass).mockResolvedValue({ reconciled: 0, resolved: 0, at: AT, senderIds, mailboxIds: [] });
    const { ctx } = await engine(2).execute();
    const calls = ctx.step.sendEvent.mock.calls as Array<[string, Array<{ data: { senderId: string } }>]>;
    expect(calls.map(([id, events]) => [id, events.length])).toEqual([
      ["sender-turns-0", TURNS_PER_SEND],
      ["sender-turns-1", 3],
    ]);
    expect(calls.flatMap(([, events]) => events.map((event) => event.data.senderId))).toEqual(senderIds);
  });

  it("fails the pass, and sends nothing, when preparing it fails", async () => {
    vi.mocked(prepareExecutorPass).mockRejectedValue(new Error("database unavailable"));
    const { error, ctx } = await engine().execute();
    expect(error).toMatchObject({ message: "database unavailable" });
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
  });
});
