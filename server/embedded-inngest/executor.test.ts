import { NonRetriableError, type Inngest } from "inngest";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { ManualClock } from "../lib/clock";
import { startHarness, type Harness } from "../test/embedded-inngest-harness";

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.stop();
  harness = null;
});

async function runsOf(functionId: string) {
  return db.jobRun.findMany({ where: { functionId }, orderBy: { createdAt: "asc" }, include: { history: { orderBy: { at: "asc" } } } });
}

describe("embedded executor", () => {
  it("memoizes step.run: each step body runs once, and one event can start several functions", async () => {
    const calls: string[] = [];
    harness = await startHarness({
      appId: "memo",
      functions: (client: Inngest) => [
        client.createFunction({ id: "steps", triggers: [{ event: "test/go" }] }, async ({ event, step }) => {
          const a = await step.run("a", () => (calls.push("a"), 1));
          const b = await step.run("b", () => (calls.push("b"), a + 1));
          return { total: a + b, input: event.data.n };
        }),
        client.createFunction({ id: "other", triggers: [{ event: "test/go" }] }, async () => (calls.push("other"), "done")),
      ],
    });
    await harness.client.send({ name: "test/go", data: { n: 7 } });
    await harness.executor.drain();
    expect(calls.sort()).toEqual(["a", "b", "other"]);
    const [run] = await runsOf("memo-steps");
    expect(run).toMatchObject({ status: "completed", output: { total: 3, input: 7 } });
    expect(run!.history.map((entry) => entry.op)).toEqual(["StepRun", "StepRun", "Completed"]);
    expect((await runsOf("memo-other"))[0]?.status).toBe("completed");
  });

  it("sleeps until the clock reaches the wake time", async () => {
    harness = await startHarness({
      appId: "sleep",
      functions: (client) => [
        client.createFunction({ id: "nap", triggers: [{ event: "test/nap" }] }, async ({ step }) => {
          await step.sleep("pause", "10m");
          return step.run("after", () => "woke");
        }),
      ],
    });
    await harness.client.send({ name: "test/nap" });
    await harness.executor.drain();
    expect((await runsOf("sleep-nap"))[0]?.status).toBe("waiting");
    harness.clock.advance(9 * 60_000);
    await harness.executor.drain();
    expect((await runsOf("sleep-nap"))[0]?.status).toBe("waiting");
    harness.clock.advance(60_000);
    await harness.executor.drain();
    expect((await runsOf("sleep-nap"))[0]).toMatchObject({ status: "completed", output: "woke" });
  });

  it("waits for a matching event, or times out with null", async () => {
    harness = await startHarness({
      appId: "wait",
      functions: (client) => [
        client.createFunction({ id: "waiter", triggers: [{ event: "test/invite" }] }, async ({ step }) => {
          const reply = await step.waitForEvent("reply", { event: "test/reply", match: "data.leadId", timeout: "1h" });
          return reply ? reply.data.text : "timed out";
        }),
      ],
    });
    await harness.client.send([
      { name: "test/invite", data: { leadId: "l1" } },
      { name: "test/invite", data: { leadId: "l2" } },
    ]);
    await harness.executor.drain();
    await harness.client.send({ name: "test/reply", data: { leadId: "l1", text: "hello" } });
    await harness.executor.drain();
    harness.clock.advance(61 * 60_000);
    await harness.executor.drain();
    const outputs = (await runsOf("wait-waiter")).map((run) => [run.event as { data: { leadId: string } }, run.output] as const);
    expect(outputs.map(([event, output]) => [event.data.leadId, output])).toEqual([
      ["l1", "hello"],
      ["l2", "timed out"],
    ]);
  });

  it("delivers step.sendEvent to other functions", async () => {
    harness = await startHarness({
      appId: "fanout",
      functions: (client) => [
        client.createFunction({ id: "parent", triggers: [{ event: "test/parent" }] }, async ({ step }) => {
          await step.sendEvent("spawn", [1, 2, 3].map((n) => ({ name: "test/child", data: { n } })));
        }),
        client.createFunction({ id: "child", triggers: [{ event: "test/child" }] }, async ({ event }) => event.data.n * 10),
      ],
    });
    await harness.client.send({ name: "test/parent" });
    await harness.executor.drain();
    const outputs = (await runsOf("fanout-child")).map((run) => run.output).sort();
    expect(outputs).toEqual([10, 20, 30]);
  });

  it("retries a failing step with backoff on the clock, then lets the function catch the final error", async () => {
    let attempts = 0;
    harness = await startHarness({
      appId: "retry",
      functions: (client) => [
        client.createFunction({ id: "flaky", retries: 2, triggers: [{ event: "test/flaky" }] }, async ({ step }) => {
          try {
            return await step.run("call", () => {
              attempts += 1;
              throw new Error(`failure ${attempts}`);
            });
          } catch (error) {
            return `gave up: ${(error as Error).message}`;
          }
        }),
      ],
    });
    await harness.client.send({ name: "test/flaky" });
    await harness.executor.drain();
    expect(attempts).toBe(1);
    harness.clock.advance(10_000);
    await harness.executor.drain();
    expect(attempts).toBe(2);
    harness.clock.advance(20_000);
    await harness.executor.drain();
    expect(attempts).toBe(3);
    const [run] = await runsOf("retry-flaky");
    expect(run).toMatchObject({ status: "completed", output: "gave up: failure 3" });
    expect(run!.history.map((entry) => entry.op)).toEqual(["StepError", "StepError", "StepFailed", "Completed"]);
  });

  it("fails a run for good on a non-retriable error and runs its onFailure handler", async () => {
    harness = await startHarness({
      appId: "fail",
      functions: (client) => [
        client.createFunction(
          {
            id: "doomed",
            triggers: [{ event: "test/doomed" }],
            onFailure: async ({ error, event }: { error: Error; event: { data: { event: { data: { who: string } } } } }) =>
              `handled ${error.message} for ${event.data.event.data.who}`,
          },
          async () => {
            throw new NonRetriableError("cannot do that");
          },
        ),
      ],
    });
    await harness.client.send({ name: "test/doomed", data: { who: "ada" } });
    await harness.executor.drain();
    expect((await runsOf("fail-doomed"))[0]).toMatchObject({ status: "failed", error: expect.objectContaining({ message: "cannot do that" }) });
    expect((await runsOf("fail-doomed-failure"))[0]).toMatchObject({ status: "completed", output: "handled cannot do that for ada" });
  });

  it("keeps to a concurrency limit per key", async () => {
    let active = 0;
    let peak = 0;
    const peaks = new Map<string, number>();
    harness = await startHarness({
      appId: "conc",
      functions: (client) => [
        client.createFunction(
          { id: "per-sender", concurrency: [{ limit: 1, key: "event.data.sender" }], triggers: [{ event: "test/act" }] },
          async ({ event, step }) =>
            step.run("act", async () => {
              const sender = event.data.sender as string;
              active += 1;
              peak = Math.max(peak, active);
              peaks.set(sender, (peaks.get(sender) ?? 0) + 1);
              if (peaks.get(sender)! > 1) throw new Error("two at once for one sender");
              // Hold the slot until three senders run at once (or give up after 3 s): with a
              // limit per function instead of per key, the three would never overlap.
              for (const started = Date.now(); active < 3 && Date.now() - started < 3000; ) await new Promise((resolve) => setTimeout(resolve, 5));
              await new Promise((resolve) => setTimeout(resolve, 10));
              peaks.set(sender, peaks.get(sender)! - 1);
              active -= 1;
            }),
        ),
      ],
    });
    await harness.client.send(["a", "a", "a", "b", "b", "c"].map((sender) => ({ name: "test/act", data: { sender } })));
    await harness.executor.drain();
    const runs = await runsOf("conc-per-sender");
    // Each run's failed attempts too, so that a run left queued for a retry says why.
    const outcome = (run: (typeof runs)[number]) => ({ status: run.status, error: run.error, failedAttempts: run.history.filter((entry) => entry.error !== null).map((entry) => entry.error) });
    expect(runs.map(outcome)).toEqual(runs.map(() => ({ status: "completed", error: null, failedAttempts: [] })));
    // Three senders, so three at once: the limit is per key, not per function.
    expect(peak).toBe(3);
  });

  it("keeps a function-wide limit beside the per-key one, leaving the other slots to other functions", async () => {
    let active = 0;
    let peak = 0;
    let otherDone = false;
    let otherRanBeside = false;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    harness = await startHarness({
      appId: "wide",
      maxParallel: 3,
      functions: (client) => [
        client.createFunction(
          { id: "turn", concurrency: [{ limit: 1, key: "event.data.sender" }, { limit: 2 }], triggers: [{ event: "test/turn" }] },
          async ({ step }) =>
            step.run("act", async () => {
              active += 1;
              peak = Math.max(peak, active);
              // Hold the slot until the other function has run (or 15 s, room for a busy machine):
              // were the turns to take all three slots, it could only run after them.
              for (const started = Date.now(); !otherDone && Date.now() - started < 15_000; ) await pause(5);
              await pause(10);
              active -= 1;
            }),
        ),
        client.createFunction({ id: "other", triggers: [{ event: "test/other" }] }, async ({ step }) =>
          step.run("other", async () => {
            // On a busy machine this run can start before any turn has: it waits, in the third slot,
            // for one to be running beside it (the peak of 2 checks the turns never take that slot).
            for (const started = Date.now(); active === 0 && Date.now() - started < 15_000; ) await pause(5);
            otherRanBeside = active > 0;
            otherDone = true;
          }),
        ),
      ],
    });
    await harness.client.send(["a", "b", "c", "d", "e"].map((sender) => ({ name: "test/turn", data: { sender } })));
    await harness.client.send({ name: "test/other", data: {} });
    await harness.executor.drain();
    expect((await runsOf("wide-turn")).map((run) => run.status)).toEqual(["completed", "completed", "completed", "completed", "completed"]);
    expect(peak).toBe(2);
    expect(otherRanBeside).toBe(true);
  });

  it("takes a request's events in order: a repeated id once, and a stop after a start cancels the run it started", async () => {
    harness = await startHarness({
      appId: "batch",
      functions: (client) => [
        client.createFunction(
          { id: "long", triggers: [{ event: "test/start" }], cancelOn: [{ event: "test/stop", match: "data.key" }] },
          async ({ step }) => {
            await step.sleep("wait", "1d");
            return "finished";
          },
        ),
      ],
    });
    await harness.client.send([
      { name: "test/start", data: { key: "k1" }, id: "repeated" },
      { name: "test/start", data: { key: "k1" }, id: "repeated" },
      { name: "test/start", data: { key: "k2" } },
      { name: "test/stop", data: { key: "k1" } },
      { name: "test/start", data: { key: "k3" } },
    ]);
    await harness.executor.drain();
    harness.clock.advance(86_400_000);
    await harness.executor.drain();
    const byKey = (await runsOf("batch-long")).map((run) => [(run.event as { data: { key: string } }).data.key, run.status]).sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(byKey).toEqual([
      ["k1", "cancelled"],
      ["k2", "completed"],
      ["k3", "completed"],
    ]);
  });

  it("cancels runs with cancelOn and ignores repeated event ids", async () => {
    harness = await startHarness({
      appId: "cancel",
      functions: (client) => [
        client.createFunction(
          { id: "long", triggers: [{ event: "test/start" }], cancelOn: [{ event: "test/stop", match: "data.key" }] },
          async ({ step }) => {
            await step.sleep("wait", "1d");
            return "finished";
          },
        ),
      ],
    });
    await harness.client.send({ name: "test/start", data: { key: "k1" }, id: "same-id" });
    await harness.client.send({ name: "test/start", data: { key: "k1" }, id: "same-id" });
    await harness.client.send({ name: "test/start", data: { key: "k2" } });
    await harness.executor.drain();
    await harness.client.send({ name: "test/stop", data: { key: "k1" } });
    harness.clock.advance(86_400_000);
    await harness.executor.drain();
    const runs = await runsOf("cancel-long");
    // Both runs were created at the same manual-clock moment: compare them in key order.
    const byKey = runs.map((run) => [(run.event as { data: { key: string } }).data.key, run.status]).sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(byKey).toEqual([
      ["k1", "cancelled"],
      ["k2", "completed"],
    ]);
  });

  it("fires cron triggers as the clock passes their times", async () => {
    harness = await startHarness({
      appId: "cron",
      clock: new ManualClock("2026-03-02T09:59:30Z"),
      functions: (client) => [client.createFunction({ id: "hourly", triggers: [{ cron: "0 * * * *" }] }, async () => "tick")],
    });
    await harness.executor.drain();
    expect(await runsOf("cron-hourly")).toHaveLength(0);
    harness.clock.advance(60_000);
    await harness.executor.drain();
    harness.clock.advance(3_600_000);
    await harness.executor.drain();
    const runs = await runsOf("cron-hourly");
    expect(runs).toHaveLength(2);
    expect(runs[0]?.eventName).toBe("inngest/scheduled.timer");
  });

  it("resumes a sleeping run after a restart, losing nothing", async () => {
    const functions = (client: Inngest) => [
      client.createFunction({ id: "durable", triggers: [{ event: "test/durable" }] }, async ({ step }) => {
        const before = await step.run("before", () => "first half");
        await step.sleep("across-restart", "2h");
        const after = await step.run("after", () => "second half");
        return `${before}, ${after}`;
      }),
    ];
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    harness = await startHarness({ appId: "restart", functions, clock });
    await harness.client.send({ name: "test/durable" });
    await harness.executor.drain();
    expect((await runsOf("restart-durable"))[0]?.status).toBe("waiting");
    await harness.stop();

    harness = await startHarness({ appId: "restart", functions, clock });
    clock.advance(2 * 3_600_000);
    await harness.executor.drain();
    const [run] = await runsOf("restart-durable");
    expect(run).toMatchObject({ status: "completed", output: "first half, second half" });
    expect(run!.history.filter((entry) => entry.op === "StepRun")).toHaveLength(2);
  });
});
