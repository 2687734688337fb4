// Demo Inngest client + functions used by the verification scripts.
// Import this module only AFTER process.env has been configured.
import { Inngest, NonRetriableError, RetryAfterError, cron, eventType } from "inngest";
import { z } from "zod";

export function makeClient(opts: Partial<ConstructorParameters<typeof Inngest>[0]> = {}) {
  return new Inngest({ id: "demo-app", ...opts } as ConstructorParameters<typeof Inngest>[0]);
}

export function makeFunctions(inngest: ReturnType<typeof makeClient>) {
  // Simple target for step.invoke
  const child = inngest.createFunction(
    { id: "child", triggers: [{ event: "demo/child" }] },
    async ({ event }) => ({ doubled: (event.data as { n: number }).n * 2 }),
  );

  // Sequential function exercising every step type.
  const tour = inngest.createFunction(
    { id: "tour", retries: 2, triggers: [{ event: "demo/tour" }] },
    async ({ event, step, attempt, runId }) => {
      const a = await step.run("a", () => ({ x: 1 }));
      // repeated id -> "a:1"
      const a2 = await step.run("a", () => ({ x: 2 }));
      // step returning undefined -> null
      const u = await step.run("returns-undefined", () => undefined);
      await step.sleep("nap", "1h30m");
      await step.sleepUntil("until", new Date("2030-01-02T03:04:05.000Z"));
      const reply = await step.waitForEvent("wait-reply", {
        event: "demo/reply",
        timeout: "1d",
        if: "async.data.id == event.data.id",
      });
      const reply2 = await step.waitForEvent("wait-match", {
        event: "demo/reply",
        timeout: "30m",
        match: "data.id",
      });
      const sent = await step.sendEvent("send-it", { name: "demo/sent", data: { hello: "world" } });
      const invoked = await step.invoke("call-child", { function: child, data: { n: 21 }, timeout: "1h" });
      return { a, a2, u, reply, reply2, sent, invoked, attempt, runId, eventName: event.name };
    },
  );

  // Step errors and retries.
  const flaky = inngest.createFunction(
    { id: "flaky", retries: 2, triggers: [{ event: "demo/flaky" }] },
    async ({ step }) => {
      try {
        await step.run("boom", () => {
          throw new Error("kaboom");
        });
      } catch (err) {
        const e = err as Error & { stepId?: string };
        return { caught: { name: e.name, message: e.message, stepId: e.stepId, ctor: e.constructor.name } };
      }
      return "unreachable";
    },
  );

  const stepNonRetriable = inngest.createFunction(
    { id: "step-non-retriable", triggers: [{ event: "demo/nr" }] },
    async ({ step }) => {
      await step.run("nr", () => {
        throw new NonRetriableError("do not retry me");
      });
    },
  );

  const stepRetryAfter = inngest.createFunction(
    { id: "step-retry-after", triggers: [{ event: "demo/ra" }] },
    async ({ step }) => {
      await step.run("ra", () => {
        throw new RetryAfterError("slow down", "30s");
      });
    },
  );

  // Function-level (non-step) errors
  const fnThrows = inngest.createFunction(
    { id: "fn-throws", triggers: [{ event: "demo/fn-throws" }] },
    async ({ event }) => {
      const kind = (event.data as { kind: string }).kind;
      if (kind === "nonretriable") throw new NonRetriableError("fatal!");
      if (kind === "retryafter") throw new RetryAfterError("later", new Date("2030-01-01T00:00:00Z"));
      throw new Error("plain failure");
    },
  );

  // Parallel steps
  const parallel = inngest.createFunction(
    { id: "parallel", triggers: [{ event: "demo/parallel" }] },
    async ({ step }) => {
      const [p1, p2] = await Promise.all([
        step.run("p1", () => "one"),
        step.run("p2", () => "two"),
      ]);
      const after = await step.run("after", () => `${p1}+${p2}`);
      return after;
    },
  );

  // Full config surface + onFailure + cron
  const configured = inngest.createFunction(
    {
      id: "configured",
      name: "Configured Fn",
      triggers: [
        { event: "demo/configured", if: "event.data.ok == true" },
        cron("TZ=Europe/Paris 0 9 * * 1"),
      ],
      retries: 5,
      concurrency: [
        { limit: 2, key: "event.data.userId" },
        { limit: 10, scope: "account", key: '"global"' },
      ],
      cancelOn: [
        { event: "demo/cancel", match: "data.userId", timeout: "7d" },
        { event: "demo/cancel2", if: "async.data.x == event.data.x" },
      ],
      priority: { run: "event.data.priority" },
      rateLimit: { limit: 5, period: "1m", key: "event.data.userId" },
      throttle: { limit: 3, period: "10s", burst: 2, key: "event.data.userId" },
      debounce: { period: "5s", key: "event.data.userId", timeout: "1m" },
      timeouts: { start: "10m", finish: "1h" },
      idempotency: "event.data.userId",
      onFailure: async ({ error, event, step }) => {
        const r = await step.run("cleanup", () => "cleaned");
        return { failureHandled: true, errName: error.name, errMsg: error.message, origEvent: event.data.event?.name, r };
      },
    },
    async () => "ok",
  );

  const concurrencyNumber = inngest.createFunction(
    { id: "concurrency-number", concurrency: 3, singleton: { key: "event.data.k", mode: "skip" }, triggers: [{ event: "demo/cn" }] },
    async () => "ok",
  );

  const batched = inngest.createFunction(
    { id: "batched", batchEvents: { maxSize: 10, timeout: "5s", key: "event.data.k" }, triggers: [{ event: "demo/batch" }] },
    async ({ events }) => events.length,
  );

  // v4 typed event trigger with schema
  const signup = eventType("demo/typed", { schema: z.object({ email: z.string().email() }) });
  const typed = inngest.createFunction(
    { id: "typed", triggers: [signup] },
    async ({ event }) => ({ email: event.data.email }),
  );

  // Function that sends an event with inngest.send (outside of a step)
  const noSteps = inngest.createFunction(
    { id: "no-steps", triggers: [{ event: "demo/no-steps" }] },
    async ({ event }) => ({ echoed: event.data }),
  );

  // Returns whatever the memoized value of step "a" deserialised to.
  const memoEcho = inngest.createFunction(
    { id: "memo-echo", triggers: [{ event: "demo/memo" }] },
    async ({ step }) => {
      try {
        const got = await step.run("a", () => "fresh-run");
        return { got };
      } catch (e) {
        const err = e as Error;
        return { threw: { ctor: err.constructor.name, name: err.name, message: err.message } };
      }
    },
  );

  // Sleeps with valid durations, discovered in parallel (one 206 with several async ops)
  const sleeper = inngest.createFunction(
    { id: "sleeper", triggers: [{ event: "demo/sleep" }] },
    async ({ step }) => {
      await Promise.all([
        step.sleep("s-90m", "90m"),
        step.sleep("s-5000ms", 5000),
        step.sleepUntil("s-until", "2030-01-01T00:00:00Z"),
        step.run("r-alongside", () => "ran"),
      ]);
      return "woke";
    },
  );

  return {
    sleeper,
    memoEcho,
    child,
    tour,
    flaky,
    stepNonRetriable,
    stepRetryAfter,
    fnThrows,
    parallel,
    configured,
    concurrencyNumber,
    batched,
    typed,
    noSteps,
  };
}
