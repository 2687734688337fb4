// withOutbox answers once the change is committed: its notification to the dispatcher is started,
// not awaited, and a notification that fails is logged, never turned into an error for a change that
// is already committed. Either way the event is delivered: by the run the notification starts, or
// by the dispatcher's minute sweep when the notification was lost.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inngest } from "@/inngest/client";
import { db } from "../../db/client";
import { logger } from "../../lib/logger";
import { createTestWorkspace } from "../../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../../test/herald-jobs";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver";
import { ZCreateWebhookInput } from "../../schemas/webhook";
import { createWebhook } from "../webhooks/create-webhook";
import { closeWebhookConnections } from "../webhooks/send-webhook-request";
import { outboxNotificationsInFlight, settleOutboxNotifications } from "./notify-outbox";
import { withOutbox } from "./with-outbox";

let jobs: HeraldJobs;
let receiver: WebhookReceiver;

beforeAll(async () => {
  jobs = await startHeraldJobs();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  closeWebhookConnections();
  await jobs.stop();
});
afterEach(() => vi.restoreAllMocks());

async function subscribedWorkspace(): Promise<string> {
  const { actor } = await createTestWorkspace();
  await createWebhook(actor, ZCreateWebhookInput.parse({ url: receiver.url, events: ["lead.status_changed"] }));
  return actor.workspaceId;
}

const commit = (workspaceId: string, sequence: number) =>
  withOutbox(async (_tx, emit) => {
    await emit({ workspaceId, event: "lead.status_changed", data: { sequence } });
    return `committed ${sequence}`;
  });

const delivered = (workspaceId: string) =>
  receiver.received.filter((delivery) => delivery.body.workspaceId === workspaceId).map((delivery) => delivery.body.data.sequence);

describe("withOutbox", () => {
  it("answers before its notification is sent, and the notification then starts the delivery", async () => {
    jobs.clock.set(new Date());
    const workspaceId = await subscribedWorkspace();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const send = inngest.send.bind(inngest);
    const spy = vi.spyOn(inngest, "send").mockImplementation(async (payload) => {
      await held;
      return send(payload);
    });

    // Were withOutbox to wait for its notification, this would never return: the send is held.
    expect(await commit(workspaceId, 1)).toBe("committed 1");
    expect(await db.outboxEvent.count({ where: { workspaceId, dispatchedAt: null } })).toBe(1);
    expect(outboxNotificationsInFlight()).toBe(1);

    release();
    await settleOutboxNotifications();
    expect(outboxNotificationsInFlight()).toBe(0);
    expect(spy).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ name: "herald/outbox.committed" }));
    await jobs.executor.drain();
    expect(delivered(workspaceId)).toEqual([1]);
  });

  it("does not fail a committed change whose notification fails: it logs it, and the sweep delivers the event", async () => {
    jobs.clock.set(new Date());
    await jobs.executor.drain();
    const workspaceId = await subscribedWorkspace();
    vi.spyOn(inngest, "send").mockRejectedValueOnce(new Error("connection refused"));
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);

    expect(await commit(workspaceId, 2)).toBe("committed 2");
    await settleOutboxNotifications();
    expect(warn).toHaveBeenCalledWith(
      "Could not notify the outbox dispatcher; the minute sweep will deliver",
      { error: expect.objectContaining({ message: "connection refused" }) },
    );
    expect(await db.outboxEvent.count({ where: { workspaceId, dispatchedAt: null } })).toBe(1);
    await jobs.executor.drain();
    expect(delivered(workspaceId)).toEqual([]);

    // The dispatcher's every-minute run finds the row the lost notification was about.
    jobs.clock.advance(60_000);
    await jobs.executor.drain();
    expect(delivered(workspaceId)).toEqual([2]);
    expect(await db.outboxEvent.count({ where: { workspaceId, dispatchedAt: null } })).toBe(0);
  });
});
