// Contract of deliver-webhook with Inngest's own test engine: one run per delivery at a time, an
// attempt per step, a sleep until the next attempt, at most six attempts. The service is mocked.
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { attemptWebhookDelivery } from "@/server/services/webhooks/attempt-webhook-delivery";
import { MAX_ATTEMPTS_PER_ROUND } from "@/server/services/webhooks/delivery-policy";
import { syncedFunction } from "../../server/test/inngest-contract";
import { deliverWebhook } from "./deliver-webhook";

vi.mock("@/server/services/webhooks/attempt-webhook-delivery", () => ({ attemptWebhookDelivery: vi.fn() }));

const requested = { name: "herald/webhook.delivery.requested", data: { deliveryId: "delivery-1", round: 2, workspaceId: "workspace-1" } };
const sleeps = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `wait-after-attempt-${index + 1}`, handler: () => null }));
const engine = (sleepsMocked = 0) => new InngestTestEngine({ function: deliverWebhook, events: [requested], steps: sleeps(sleepsMocked) });
const retryAt = (minute: number) => ({ state: "retry" as const, nextAttemptAt: `2026-03-02T09:${String(minute).padStart(2, "0")}:00.000Z` });

afterEach(() => vi.mocked(attemptWebhookDelivery).mockReset());

describe("deliver-webhook", () => {
  it("is triggered by herald/webhook.delivery.requested, one run per delivery at a time, retried three times", async () => {
    const { config, spec } = await syncedFunction(deliverWebhook);
    expect(config.triggers).toEqual([{ event: "herald/webhook.delivery.requested" }]);
    expect(config.concurrency).toEqual([{ limit: 1, key: "event.data.deliveryId" }]);
    expect(spec).toMatchObject({ maxAttempts: 4, concurrency: [{ limit: 1, key: "event.data.deliveryId", scope: "fn" }] });
  });

  it("ends after the first attempt when it is delivered", async () => {
    vi.mocked(attemptWebhookDelivery).mockResolvedValue({ state: "delivered" });
    const { result, ctx } = await engine().execute();
    expect(result).toEqual({ state: "delivered" });
    expect(attemptWebhookDelivery).toHaveBeenCalledExactlyOnceWith("delivery-1", 2);
    expect(ctx.step.sleepUntil).not.toHaveBeenCalled();
  });

  it("sleeps until the time the attempt gave, then attempts again", async () => {
    vi.mocked(attemptWebhookDelivery).mockResolvedValueOnce(retryAt(1)).mockResolvedValueOnce(retryAt(5)).mockResolvedValueOnce({ state: "delivered" });
    const { result, ctx } = await engine(2).execute();
    expect(result).toEqual({ state: "delivered" });
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual(expect.arrayContaining(["attempt-1", "attempt-2", "attempt-3"]));
    expect(ctx.step.sleepUntil.mock.calls).toEqual([
      ["wait-after-attempt-1", retryAt(1).nextAttemptAt],
      ["wait-after-attempt-2", retryAt(5).nextAttemptAt],
    ]);
    expect(attemptWebhookDelivery).toHaveBeenCalledTimes(3);
  });

  it("handed over after a failed first attempt, sleeps until the schedule's next attempt first", async () => {
    vi.mocked(attemptWebhookDelivery).mockResolvedValue({ state: "delivered" });
    const handed = { ...requested, data: { ...requested.data, notBefore: retryAt(0).nextAttemptAt } };
    const { result, ctx } = await new InngestTestEngine({
      function: deliverWebhook,
      events: [handed],
      steps: [{ id: "wait-for-schedule", handler: () => null }],
    }).execute();
    expect(result).toEqual({ state: "delivered" });
    expect(ctx.step.sleepUntil.mock.calls).toEqual([["wait-for-schedule", retryAt(0).nextAttemptAt]]);
    expect(attemptWebhookDelivery).toHaveBeenCalledExactlyOnceWith("delivery-1", 2);
  });

  it("stops at six attempts in a round", async () => {
    vi.mocked(attemptWebhookDelivery).mockResolvedValue(retryAt(30));
    const { result } = await engine(MAX_ATTEMPTS_PER_ROUND).execute();
    expect(result).toEqual({ state: "failed", reason: "No attempts left in this round" });
    expect(attemptWebhookDelivery).toHaveBeenCalledTimes(MAX_ATTEMPTS_PER_ROUND);
  });

  it("returns what the attempt decided when it ends the delivery (failed, skipped)", async () => {
    vi.mocked(attemptWebhookDelivery).mockResolvedValue({ state: "skipped", reason: "Delivered already" });
    expect((await engine().execute()).result).toEqual({ state: "skipped", reason: "Delivered already" });
  });

  it("lets Inngest retry an attempt that threw", async () => {
    vi.mocked(attemptWebhookDelivery).mockRejectedValue(new Error("database unavailable"));
    const { step } = await engine().executeStep("attempt-1");
    expect(step.op).toBe("StepError");
  });
});
