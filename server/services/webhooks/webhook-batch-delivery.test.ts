// First attempts go out in one batch run per endpoint: still one delivery row per event and
// endpoint, a batch that dies before its record delivers again (at least once), and consecutive
// deliveries reuse the endpoint's kept-alive connection.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db, getDb } from "../../db/client";
import { startHeraldJobs, type HeraldJobs } from "../../test/herald-jobs";
import { createTestWorkspace } from "../../test/factories";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver";
import { ZCreateWebhookInput } from "../../schemas/webhook";
import { withOutbox } from "../events/with-outbox";
import { attemptWebhookBatch } from "./attempt-webhook-batch";
import { createWebhook } from "./create-webhook";
import { dispatchOutboxEvents } from "./dispatch-outbox-events";
import { findDeliveriesToRequest } from "./find-deliveries-to-request";
import { closeWebhookConnections, sendWebhookRequest } from "./send-webhook-request";

let jobs: HeraldJobs;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  jobs = await startHeraldJobs();
});
afterAll(async () => {
  await jobs.stop();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  closeWebhookConnections();
});

async function endpointFor(actor: Awaited<ReturnType<typeof createTestWorkspace>>["actor"]) {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const { endpoint } = await createWebhook(actor, ZCreateWebhookInput.parse({ url: receiver.url, events: ["lead.status_changed"] }));
  return { receiver, endpoint };
}

async function emit(workspaceId: string, count: number) {
  await withOutbox(async (_tx, emitEvent) => {
    for (let index = 0; index < count; index++) {
      await emitEvent({ workspaceId, event: "lead.status_changed", data: { sequence: index } });
    }
  });
}

describe("batched webhook delivery", () => {
  it("delivers each event once to each endpoint, one row per event and endpoint, in one batch run per endpoint", async () => {
    jobs.clock.set(new Date());
    const { actor } = await createTestWorkspace();
    const first = await endpointFor(actor);
    const second = await endpointFor(actor);
    await emit(actor.workspaceId, 30);
    await jobs.executor.drain();

    for (const { receiver, endpoint } of [first, second]) {
      expect(receiver.received.map((delivery) => delivery.body.data.sequence).sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 30 }, (_, index) => index),
      );
      const rows = await db.webhookDelivery.findMany({ where: { webhookId: endpoint.id }, include: { attemptsLog: true } });
      expect(rows).toHaveLength(30);
      expect(new Set(rows.map((row) => row.outboxEventId)).size).toBe(30);
      expect(rows.every((row) => row.status === "delivered" && row.attempts === 1 && row.attemptsLog.length === 1)).toBe(true);
      const runs = await db.jobRun.findMany({ where: { functionId: { endsWith: "deliver-webhook-batch" }, event: { path: ["data", "webhookId"], equals: endpoint.id } } });
      expect(runs.map((run) => run.status)).toEqual(["completed"]);
    }
  });

  it("hands a failed first attempt to the retry schedule: the next attempt comes 4 s later", async () => {
    jobs.clock.set(new Date());
    const { actor } = await createTestWorkspace();
    const { receiver, endpoint } = await endpointFor(actor);
    receiver.answer({ status: 500 }, { status: 200 });
    await emit(actor.workspaceId, 1);
    await jobs.executor.drain();
    expect(receiver.received).toHaveLength(1);
    const pending = await db.webhookDelivery.findFirstOrThrow({ where: { webhookId: endpoint.id } });
    expect(pending).toMatchObject({ status: "pending", roundAttempts: 1, lastError: "HTTP 500" });

    jobs.clock.advance(3_000);
    await jobs.executor.drain();
    expect(receiver.received).toHaveLength(1);
    jobs.clock.advance(1_500);
    await jobs.executor.drain();
    expect(receiver.received).toHaveLength(2);
    const delivered = await db.webhookDelivery.findFirstOrThrow({ where: { webhookId: endpoint.id }, include: { attemptsLog: true } });
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2 });
    expect(delivered.attemptsLog.map((attempt) => [attempt.number, attempt.ok]).sort()).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failureCount).toBe(0);
  });

  it("delivers again what a batch sent but died before recording (at least once), and records each attempt once", async () => {
    const { actor } = await createTestWorkspace();
    const { receiver, endpoint } = await endpointFor(actor);
    await emit(actor.workspaceId, 5);
    await dispatchOutboxEvents();
    const rows = await db.webhookDelivery.findMany({ where: { webhookId: endpoint.id } });
    const batch = { webhookId: endpoint.id, deliveries: rows.map((row) => ({ deliveryId: row.id, round: row.round })) };

    // The process dies after the POSTs, before the record commits.
    vi.spyOn(getDb(), "$transaction").mockRejectedValueOnce(new Error("process died"));
    await expect(attemptWebhookBatch(batch)).rejects.toThrow("process died");
    expect(receiver.received).toHaveLength(5);
    expect(await db.webhookDelivery.count({ where: { webhookId: endpoint.id, status: "pending", roundAttempts: 0 } })).toBe(5);

    // The run is retried: the same deliveries go again, with the same ids, and are recorded once.
    expect(await attemptWebhookBatch(batch)).toMatchObject({ delivered: 5, skipped: 0, retries: [] });
    expect(receiver.received).toHaveLength(10);
    expect(new Set(receiver.received.map((delivery) => delivery.headers["x-herald-delivery"])).size).toBe(5);
    expect(await db.webhookDeliveryAttempt.count({ where: { delivery: { webhookId: endpoint.id } } })).toBe(5);

    // Once recorded, a repeated batch attempts nothing.
    expect(await attemptWebhookBatch(batch)).toMatchObject({ delivered: 0, skipped: 5 });
    expect(receiver.received).toHaveLength(10);
  });

  it("reuses a kept-alive connection per endpoint for consecutive deliveries", async () => {
    let connections = 0;
    const server = createServer((request, response) => {
      request.resume();
      request.on("end", () => response.writeHead(200).end("ok"));
    });
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    try {
      for (let index = 0; index < 10; index++) {
        const response = await sendWebhookRequest({ url, body: JSON.stringify({ index }), headers: {} });
        expect(response.ok).toBe(true);
      }
      expect(connections).toBe(1);
    } finally {
      closeWebhookConnections();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("lost delivery runs", () => {
  it("asks again for a delivery whose run was lost before its first attempt, once it has waited 30 minutes", async () => {
    const start = jobs.clock.now();
    const { actor } = await createTestWorkspace();
    const { endpoint } = await endpointFor(actor);
    await emit(actor.workspaceId, 1);
    await dispatchOutboxEvents();
    // The run was asked for, then lost: requested, never attempted.
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { webhookId: endpoint.id } });
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { requestedAt: start, nextAttemptAt: null, attempts: 0, roundAttempts: 0, status: "pending" } });
    const requested = async () => (await findDeliveriesToRequest()).map((request) => request.deliveryId);

    jobs.clock.set(new Date(start.getTime() + 29 * 60_000));
    expect(await requested()).not.toContain(delivery.id);
    jobs.clock.set(new Date(start.getTime() + 31 * 60_000));
    expect(await requested()).toContain(delivery.id);
  });
});
