// Contract of deliver-webhook-batch with Inngest's own test engine: one batch per endpoint at a
// time; the failed first attempts are handed to deliver-webhook (with ids that a repeated run
// repeats) before they are marked requested. The service is mocked.
import { InngestTestEngine } from "@inngest/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attemptWebhookBatch } from "@/server/services/webhooks/attempt-webhook-batch";
import { markDeliveriesRequested } from "@/server/services/webhooks/mark-deliveries-requested";
import { inngest } from "../client";
import { syncedFunction } from "../../server/test/inngest-contract";
import { deliverWebhookBatch } from "./deliver-webhook-batch";

vi.mock("@/server/services/webhooks/attempt-webhook-batch", () => ({ attemptWebhookBatch: vi.fn() }));
vi.mock("@/server/services/webhooks/mark-deliveries-requested", () => ({ markDeliveriesRequested: vi.fn() }));

const deliveries = [{ deliveryId: "delivery-1", round: 1 }, { deliveryId: "delivery-2", round: 1 }];
const requested = { name: "herald/webhook.batch.requested", data: { webhookId: "endpoint-1", workspaceId: "workspace-1", deliveries } };
const engine = () => new InngestTestEngine({ function: deliverWebhookBatch, events: [requested] });
const send = vi.spyOn(inngest, "send");
const retry = {
  deliveryId: "delivery-2",
  workspaceId: "workspace-1",
  webhookId: "endpoint-1",
  round: 1,
  eventId: "delivery-2-r1-q2",
  notBefore: "2026-03-02T09:00:04.000Z",
};

beforeEach(() => {
  send.mockResolvedValue({ ids: [] });
  vi.mocked(markDeliveriesRequested).mockResolvedValue();
});
afterEach(() => vi.resetAllMocks());

describe("deliver-webhook-batch", () => {
  it("is triggered by herald/webhook.batch.requested, one run per endpoint at a time, retried three times", async () => {
    const { config, spec } = await syncedFunction(deliverWebhookBatch);
    expect(config.triggers).toEqual([{ event: "herald/webhook.batch.requested" }]);
    expect(spec).toMatchObject({ maxAttempts: 4, concurrency: [{ limit: 1, key: "event.data.webhookId", scope: "fn" }] });
  });

  it("attempts the batch in one request and hands the failed ones to the retry schedule, then marks them", async () => {
    vi.mocked(attemptWebhookBatch).mockResolvedValue({ delivered: 1, failed: 0, skipped: 0, retries: [retry] });
    const { result, ctx } = await engine().execute();
    expect(result).toEqual({ delivered: 1, failed: 0, skipped: 0, retrying: 1 });
    expect(ctx.step.run).not.toHaveBeenCalled();
    expect(attemptWebhookBatch).toHaveBeenCalledExactlyOnceWith({ webhookId: "endpoint-1", deliveries });
    expect(send).toHaveBeenCalledExactlyOnceWith([
      expect.objectContaining({
        name: "herald/webhook.delivery.requested",
        data: { deliveryId: "delivery-2", round: 1, workspaceId: "workspace-1", notBefore: retry.notBefore },
        id: "delivery-2-r1-q2",
      }),
    ]);
    expect(markDeliveriesRequested).toHaveBeenCalledExactlyOnceWith([retry]);
    expect(send.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(markDeliveriesRequested).mock.invocationCallOrder[0]!);
  });

  it("sends nothing when every delivery is settled", async () => {
    vi.mocked(attemptWebhookBatch).mockResolvedValue({ delivered: 2, failed: 0, skipped: 0, retries: [] });
    await engine().execute();
    expect(send).not.toHaveBeenCalled();
    expect(markDeliveriesRequested).not.toHaveBeenCalled();
  });

  it("marks nothing requested when the retries could not be asked for, and fails the run for Inngest to retry", async () => {
    vi.mocked(attemptWebhookBatch).mockResolvedValue({ delivered: 0, failed: 0, skipped: 0, retries: [retry] });
    send.mockRejectedValue(new Error("event API unreachable"));
    const { error } = await engine().execute();
    expect(error).toBeTruthy();
    expect(markDeliveriesRequested).not.toHaveBeenCalled();
  });
});
