// Contract of dispatch-outbox with Inngest's own test engine: on a commit and every minute, one run
// at a time, going on until a pass finds nothing; each batch is one step that asks for a batch run per endpoint (with an event id derived
// from the requests, so a repeated step starts no second run) before marking the deliveries
// requested. Services mocked.
import { InngestTestEngine } from "@inngest/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DELIVERY_BATCH } from "@/server/services/webhooks/batch-delivery-requests";
import { dispatchOutboxEvents } from "@/server/services/webhooks/dispatch-outbox-events";
import { findDeliveriesToRequest, REQUEST_BATCH, type DeliveryRequest } from "@/server/services/webhooks/find-deliveries-to-request";
import { markDeliveriesRequested } from "@/server/services/webhooks/mark-deliveries-requested";
import { inngest } from "../client";
import { syncedFunction } from "../../server/test/inngest-contract";
import { dispatchOutbox } from "./dispatch-outbox";

vi.mock("@/server/services/webhooks/dispatch-outbox-events", () => ({ dispatchOutboxEvents: vi.fn() }));
vi.mock("@/server/services/webhooks/find-deliveries-to-request", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/server/services/webhooks/find-deliveries-to-request")>()),
  findDeliveriesToRequest: vi.fn(),
}));
vi.mock("@/server/services/webhooks/mark-deliveries-requested", () => ({ markDeliveriesRequested: vi.fn() }));

const engine = () => new InngestTestEngine({ function: dispatchOutbox, events: [{ name: "herald/outbox.committed", data: { reason: "commit" } }] });
const request = (n: number, webhookId = "endpoint-1"): DeliveryRequest => ({
  deliveryId: `delivery-${n}`,
  workspaceId: "workspace-1",
  webhookId,
  round: 1,
  eventId: `delivery-${n}-request-1`,
});
const send = vi.spyOn(inngest, "send");

beforeEach(() => {
  send.mockResolvedValue({ ids: [] });
  vi.mocked(dispatchOutboxEvents).mockResolvedValue({ events: 0, deliveries: 0 });
  vi.mocked(markDeliveriesRequested).mockResolvedValue();
});
afterEach(() => vi.resetAllMocks());

describe("dispatch-outbox", () => {
  it("runs on herald/outbox.committed and every minute, one run at a time, retried five times", async () => {
    const { config, spec } = await syncedFunction(dispatchOutbox);
    expect(config.triggers).toEqual([{ event: "herald/outbox.committed" }, { cron: "* * * * *" }]);
    expect(config.concurrency).toEqual({ limit: 1 });
    expect(spec).toMatchObject({ maxAttempts: 6, concurrency: [{ limit: 1 }] });
  });

  it("asks for one batch run per endpoint, with an id derived from the requests, then marks them requested", async () => {
    vi.mocked(dispatchOutboxEvents).mockResolvedValueOnce({ events: 2, deliveries: 3 });
    const requests = [request(1), request(2, "endpoint-2"), request(3)];
    vi.mocked(findDeliveriesToRequest).mockResolvedValueOnce(requests).mockResolvedValue([]);
    const { result, ctx } = await engine().execute();
    expect(result).toEqual({ events: 2, requested: 3 });
    // The second pass finds nothing and ends the run.
    expect(ctx.step.run).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenCalledExactlyOnceWith([
      expect.objectContaining({
        name: "herald/webhook.batch.requested",
        data: { webhookId: "endpoint-1", workspaceId: "workspace-1", deliveries: [{ deliveryId: "delivery-1", round: 1 }, { deliveryId: "delivery-3", round: 1 }] },
        id: expect.stringMatching(/^endpoint-1-batch-[0-9a-f]{40}$/),
      }),
      expect.objectContaining({
        name: "herald/webhook.batch.requested",
        data: { webhookId: "endpoint-2", workspaceId: "workspace-1", deliveries: [{ deliveryId: "delivery-2", round: 1 }] },
        id: expect.stringMatching(/^endpoint-2-batch-/),
      }),
    ]);
    expect(markDeliveriesRequested).toHaveBeenCalledExactlyOnceWith(requests);
    expect(send.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(markDeliveriesRequested).mock.invocationCallOrder[0]!);
  });

  it("asks again with the same batch ids when the step is repeated, and splits an endpoint's requests into batches", async () => {
    const many = Array.from({ length: DELIVERY_BATCH + 1 }, (_, index) => request(index));
    vi.mocked(findDeliveriesToRequest).mockResolvedValue(many);
    await engine().execute();
    await engine().execute();
    const ids = send.mock.calls.map(([events]) => (events as Array<{ id: string; data: { deliveries: unknown[] } }>).map((event) => event.id));
    expect(ids[0]).toHaveLength(2);
    expect(ids[1]).toEqual(ids[0]);
    const sizes = (send.mock.calls[0]![0] as Array<{ data: { deliveries: unknown[] } }>).map((event) => event.data.deliveries.length);
    expect(sizes).toEqual([DELIVERY_BATCH, 1]);
  });

  it("sends nothing when no delivery needs a run", async () => {
    vi.mocked(findDeliveriesToRequest).mockResolvedValue([]);
    const { result } = await engine().execute();
    expect(result).toEqual({ events: 0, requested: 0 });
    expect(send).not.toHaveBeenCalled();
    expect(markDeliveriesRequested).not.toHaveBeenCalled();
  });

  it("takes another batch, as another step, while a batch comes back full", async () => {
    const full = Array.from({ length: REQUEST_BATCH }, (_, index) => request(index));
    vi.mocked(findDeliveriesToRequest).mockResolvedValueOnce(full).mockResolvedValueOnce([request(REQUEST_BATCH)]);
    const { result, ctx } = await engine().execute();
    expect(result).toEqual({ events: 0, requested: REQUEST_BATCH + 1 });
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual(expect.arrayContaining(["dispatch-0", "dispatch-1"]));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("goes on until a pass finds nothing, so commits made while it works (their notifications coalesced into it) are dispatched by it", async () => {
    vi.mocked(dispatchOutboxEvents)
      .mockResolvedValueOnce({ events: 3, deliveries: 3 })
      .mockResolvedValueOnce({ events: 1, deliveries: 1 })
      .mockResolvedValue({ events: 0, deliveries: 0 });
    vi.mocked(findDeliveriesToRequest).mockResolvedValueOnce([request(1), request(2), request(3)]).mockResolvedValueOnce([request(4)]).mockResolvedValue([]);
    const { result, ctx } = await engine().execute();
    expect(result).toEqual({ events: 4, requested: 4 });
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual(expect.arrayContaining(["dispatch-0", "dispatch-1", "dispatch-2"]));
    expect(ctx.step.run).toHaveBeenCalledTimes(3);
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
  });

  it("asks for a follow-up run when it still finds work after its last pass", async () => {
    vi.mocked(dispatchOutboxEvents).mockResolvedValue({ events: 1, deliveries: 0 });
    vi.mocked(findDeliveriesToRequest).mockResolvedValue([]);
    const { ctx } = await engine().execute({ steps: [{ id: "follow-up", handler: () => ({ ids: ["follow-up"] }) }] });
    expect(ctx.step.run.mock.calls.length).toBeGreaterThan(1);
    expect(ctx.step.sendEvent).toHaveBeenCalledExactlyOnceWith("follow-up", expect.objectContaining({ name: "herald/outbox.committed", data: { reason: "follow-up" } }));
  });

  it("marks nothing requested when the runs could not be asked for, and lets Inngest retry the step", async () => {
    vi.mocked(findDeliveriesToRequest).mockResolvedValue([request(1)]);
    send.mockRejectedValue(new Error("event API unreachable"));
    const { step } = await engine().executeStep("dispatch-0");
    expect(step.op).toBe("StepError");
    expect(markDeliveriesRequested).not.toHaveBeenCalled();
  });
});
