// Outbox notifications coalesce through the job runner's event ids: commits made while a dispatch run
// is pending share that run, a commit after it has dispatched starts another, a notification with the
// outbox empty starts nothing, and a retry or the startup sweep always starts one.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inngest } from "@/inngest/client";
import { db } from "../../db/client";
import { createTestWorkspace } from "../../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../../test/herald-jobs";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver";
import { ZCreateWebhookInput } from "../../schemas/webhook";
import { createWebhook } from "../webhooks/create-webhook";
import { closeWebhookConnections } from "../webhooks/send-webhook-request";
import { notifyOutbox, settleOutboxNotifications } from "./notify-outbox";
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

const dispatchRuns = () => db.jobRun.count({ where: { functionId: { endsWith: "dispatch-outbox" }, eventName: "herald/outbox.committed" } });
const commit = (workspaceId: string, sequence: number) =>
  withOutbox((_tx, emit) => emit({ workspaceId, event: "lead.status_changed", data: { sequence } }));

describe("notifyOutbox", () => {
  it("gives commits made before the dispatcher ran one run, and a commit after it another", async () => {
    jobs.clock.set(new Date());
    const { actor } = await createTestWorkspace();
    await createWebhook(actor, ZCreateWebhookInput.parse({ url: receiver.url, events: ["lead.status_changed"] }));
    const before = await dispatchRuns();

    // Each commit's notification sent before the next commit: three notifications, one run.
    for (let sequence = 0; sequence < 3; sequence++) {
      await commit(actor.workspaceId, sequence);
      await settleOutboxNotifications();
    }
    expect(await dispatchRuns()).toBe(before + 1);
    await jobs.executor.drain();
    expect(receiver.received.map((delivery) => delivery.body.data.sequence).sort()).toEqual([0, 1, 2]);

    await commit(actor.workspaceId, 3);
    await settleOutboxNotifications();
    expect(await dispatchRuns()).toBe(before + 2);
    await jobs.executor.drain();
    expect(receiver.received.map((delivery) => delivery.body.data.sequence).sort()).toEqual([0, 1, 2, 3]);
    expect(await db.webhookDelivery.count({ where: { workspaceId: actor.workspaceId } })).toBe(4);
  });

  it("sends nothing for a commit once the outbox is empty, but always for a retry or the startup sweep", async () => {
    await jobs.executor.drain();
    expect(await db.outboxEvent.count({ where: { dispatchedAt: null } })).toBe(0);
    const send = vi.spyOn(inngest, "send");
    await notifyOutbox();
    expect(send).not.toHaveBeenCalled();
    await Promise.all([notifyOutbox("startup"), notifyOutbox()]);
    expect(send).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ name: "herald/outbox.committed", data: { reason: "startup" } }));
    expect((send.mock.calls[0]![0] as { id?: string }).id).toBeUndefined();
  });
});
