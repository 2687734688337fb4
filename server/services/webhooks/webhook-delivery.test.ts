import { createHmac, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { resetEnv } from "../../env";
import { startHeraldJobs, type HeraldJobs } from "../../test/herald-jobs";
import { createTestWorkspace } from "../../test/factories";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver";
import { withOutbox } from "../events/with-outbox";
import { createWebhook } from "./create-webhook";
import { getWebhook } from "./get-webhook";
import { getWebhookDelivery } from "./get-webhook-delivery";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { purgeWebhookDeliveries } from "./purge-webhook-deliveries";
import { retryWebhookDelivery } from "./retry-webhook-delivery";
import { testWebhook } from "./test-webhook";
import { updateWebhook } from "./update-webhook";
import { ZCreateWebhookInput, ZListDeliveriesQuery, ZUpdateWebhookInput } from "../../schemas/webhook";

let jobs: HeraldJobs;
let receiver: WebhookReceiver;

beforeAll(async () => {
  jobs = await startHeraldJobs();
});
afterAll(async () => {
  await jobs.stop();
});
afterEach(async () => {
  await receiver?.close();
});

async function setup(events: string[] = ["lead.status_changed"]) {
  receiver = await startWebhookReceiver();
  const { actor } = await createTestWorkspace();
  const { endpoint } = await createWebhook(actor, ZCreateWebhookInput.parse({ url: receiver.url, events }));
  return { actor, endpoint };
}

async function emit(workspaceId: string, count = 1, event: "lead.status_changed" | "account.connected" = "lead.status_changed") {
  await withOutbox(async (_tx, emitEvent) => {
    for (let index = 0; index < count; index++) {
      await emitEvent({ workspaceId, event, data: { campaignLeadId: `cl_${index}`, oldStatus: "running", newStatus: "replied" } });
    }
  });
  await jobs.executor.drain();
}

/** Moves the clock to just before and just after a moment, draining the executor each time. */
async function advance(seconds: number) {
  jobs.clock.advance(seconds * 1000);
  await jobs.executor.drain();
}

describe("webhook delivery", () => {
  it("delivers each event once per subscribed endpoint, signed so independent verifiers accept it", async () => {
    jobs.clock.set(new Date());
    const { actor, endpoint } = await setup();
    const { endpoint: unsubscribed } = await createWebhook(actor, ZCreateWebhookInput.parse({ url: receiver.url, events: ["account.connected"] }));
    await emit(actor.workspaceId);

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.body).toEqual({
      event: "lead.status_changed",
      workspaceId: actor.workspaceId,
      createdAt: jobs.clock.now().toISOString(),
      data: { campaignLeadId: "cl_0", oldStatus: "running", newStatus: "replied" },
    });
    expect(delivery!.headers["x-herald-event"]).toBe("lead.status_changed");
    const deliveryId = delivery!.headers["x-herald-delivery"] as string;
    expect(deliveryId).toMatch(/^dlv_/);

    // node:crypto: hex HMAC-SHA256 of the raw body keyed by the endpoint secret.
    const expected = createHmac("sha256", endpoint.secret).update(delivery!.rawBody).digest("hex");
    const given = delivery!.headers["x-herald-signature"] as string;
    expect(timingSafeEqual(Buffer.from(given), Buffer.from(expected))).toBe(true);
    // The standardwebhooks library, with the same secret (its timestamp check reads the wall clock,
    // which this test's clock was set to).
    const standard = new Webhook(endpoint.secret);
    const standardHeaders = {
      "webhook-id": delivery!.headers["webhook-id"] as string,
      "webhook-timestamp": delivery!.headers["webhook-timestamp"] as string,
      "webhook-signature": delivery!.headers["webhook-signature"] as string,
    };
    expect(standardHeaders["webhook-id"]).toBe(deliveryId);
    expect(standard.verify(delivery!.rawBody, standardHeaders)).toEqual(delivery!.body);
    const tampered = delivery!.rawBody.replace("replied", "stopped");
    expect(() => standard.verify(tampered, standardHeaders)).toThrow();
    expect(createHmac("sha256", endpoint.secret).update(tampered).digest("hex")).not.toBe(given);

    const { deliveries, total } = await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}));
    expect(total).toBe(1);
    expect(deliveries[0]).toMatchObject({ id: deliveryId, status: "delivered", attempts: 1, responseStatus: 200, webhookId: endpoint.id });
    expect((await getWebhook(actor, unsubscribed.id)).lastDeliveryAt).toBeNull();
  });

  it("retries after 4 s, 16 s, 64 s, 4 min and 17 min, then fails (6 attempts)", async () => {
    const { actor } = await setup();
    receiver.answer({ status: 500 });
    await emit(actor.workspaceId);
    expect(receiver.received).toHaveLength(1);
    for (const [index, delay] of [4, 16, 64, 256, 1024].entries()) {
      await advance(delay - 1);
      expect(receiver.received, `no attempt before ${delay} s`).toHaveLength(index + 1);
      await advance(1);
      expect(receiver.received, `attempt ${index + 2} after ${delay} s`).toHaveLength(index + 2);
    }
    await advance(4096);
    expect(receiver.received).toHaveLength(6);
    const [delivery] = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries;
    expect(delivery).toMatchObject({ status: "failed", attempts: 6, responseStatus: 500, lastError: "HTTP 500", nextAttemptAt: null });
    expect(new Set(receiver.received.map((entry) => entry.headers["x-herald-delivery"])).size).toBe(1);
  });

  it("survives a receiver that is down, then slow past 8 s, then answering 500, and recovers", { timeout: 40_000 }, async () => {
    const { actor, endpoint } = await setup();
    await receiver.goDown();
    await emit(actor.workspaceId);
    let [delivery] = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastError: "Connection refused" });

    await receiver.comeBack();
    receiver.answer({ status: 200, delayMs: 9_000 }, { status: 500 }, { status: 204 });
    await advance(4);
    [delivery] = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 2, lastError: "No answer within 8 seconds" });
    await advance(16);
    [delivery] = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 3, responseStatus: 500 });
    expect((await getWebhook(actor, endpoint.id)).failureCount).toBe(3);

    await advance(64);
    [delivery] = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries;
    expect(delivery).toMatchObject({ status: "delivered", attempts: 4, responseStatus: 204 });
    expect((await getWebhook(actor, endpoint.id)).failureCount).toBe(0);
  });

  it("disables an endpoint after 25 consecutive failed attempts; enabling it again clears the streak", async () => {
    const { actor, endpoint } = await setup();
    receiver.answer({ status: 503 });
    await emit(actor.workspaceId, 5);
    for (const delay of [4, 16, 64, 256, 1024]) await advance(delay);
    const disabled = await getWebhook(actor, endpoint.id);
    expect(disabled.enabled).toBe(false);
    expect(disabled.failureCount).toBe(25);
    expect(disabled.disabledReason).toMatch(/25 consecutive failed delivery attempts/);
    expect(receiver.received).toHaveLength(25);
    const { deliveries } = await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({ status: "failed" }));
    expect(deliveries).toHaveLength(5);
    expect(deliveries.some((delivery) => delivery.lastError?.startsWith("Endpoint disabled"))).toBe(true);

    await emit(actor.workspaceId);
    expect((await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).total).toBe(5);

    const { endpoint: enabled } = await updateWebhook(actor, endpoint.id, ZUpdateWebhookInput.parse({ enabled: true }));
    expect(enabled).toMatchObject({ enabled: true, failureCount: 0, disabledReason: null });
    receiver.answer({ status: 200 });
    const retried = await retryWebhookDelivery(actor, deliveries[0]!.id);
    expect(retried.status).toBe("pending");
    await jobs.executor.drain();
    const after = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({ status: "delivered" }))).deliveries;
    expect(after.map((delivery) => delivery.id)).toEqual([deliveries[0]!.id]);
    await expect(retryWebhookDelivery(actor, deliveries[0]!.id)).rejects.toMatchObject({ code: "delivery-not-failed" });
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    const { actor } = await setup();
    receiver.answer({ status: 307 });
    await emit(actor.workspaceId);
    const [delivery] = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: 307 });
    expect(delivery!.lastError).toMatch(/Redirect.*not followed/);
  });

  it("keeps the receiver's answer cut at a sentence end with an ellipsis, never mid-word or mid-character", async () => {
    const { actor } = await setup();
    const sentence = "Der Empfänger lehnte die Signatur ab, prüfen Sie das Geheimnis. ";
    receiver.answer({ status: 401, body: sentence.repeat(100) });
    await emit(actor.workspaceId);
    const [delivery] = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries;
    const [attempt] = (await getWebhookDelivery(actor, delivery!.id)).attemptHistory;
    const kept = attempt!.responseBody!;
    expect(kept).toMatch(/Geheimnis\. …$/);
    expect(Array.from(kept).length).toBeLessThanOrEqual(1000);
    expect(kept).not.toContain("\uFFFD");
    expect(sentence.repeat(100).startsWith(kept.slice(0, -2))).toBe(true);
  });

  it("emits nothing for a change that rolled back", async () => {
    const { actor } = await setup();
    await expect(
      withOutbox(async (_tx, emitEvent) => {
        await emitEvent({ workspaceId: actor.workspaceId, event: "lead.status_changed", data: {} });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await jobs.executor.drain();
    expect(await db.outboxEvent.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
    expect(receiver.received).toHaveLength(0);
  });

  it("sends a test synchronously, logs it as a test delivery, with no effect on the failure streak", async () => {
    const { actor, endpoint } = await setup();
    receiver.answer({ status: 418 });
    const result = await testWebhook(actor, endpoint.id);
    expect(result).toMatchObject({ delivered: false, responseStatus: 418, error: "HTTP 418" });
    expect(receiver.received[0]!.body.event).toBe("webhook.test");
    expect(receiver.received[0]!.headers["x-herald-signature"]).toBe(
      createHmac("sha256", endpoint.secret).update(receiver.received[0]!.rawBody).digest("hex"),
    );
    expect(await getWebhook(actor, endpoint.id)).toMatchObject({ failureCount: 0, lastDeliveryAt: null });
    const log = await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}));
    expect(log.deliveries).toEqual([
      expect.objectContaining({ id: result.deliveryId, event: "webhook.test", test: true, status: "failed", attempts: 1, responseStatus: 418, nextAttemptAt: null }),
    ]);
    expect(receiver.received[0]!.headers["x-herald-delivery"]).toBe(result.deliveryId);
    const detail = await getWebhookDelivery(actor, result.deliveryId);
    expect(detail.attemptHistory).toEqual([expect.objectContaining({ round: 1, number: 1, ok: false, responseStatus: 418 })]);
    // A test is never retried, by the runner or by hand: a new test is the way to try again.
    await expect(retryWebhookDelivery(actor, result.deliveryId)).rejects.toMatchObject({ code: "delivery-not-failed" });
    await jobs.executor.drain();
    expect(receiver.received).toHaveLength(1);

    receiver.answer({ status: 200 });
    const passed = await testWebhook(actor, endpoint.id);
    expect(passed.delivered).toBe(true);
    expect((await getWebhookDelivery(actor, passed.deliveryId)).status).toBe("delivered");
    expect(await getWebhook(actor, endpoint.id)).toMatchObject({ failureCount: 0, lastDeliveryAt: null });
  });

  it("drops deliveries 7 days after creation, by the hourly purge function", async () => {
    const { actor } = await setup();
    await emit(actor.workspaceId, 2);
    await advance(6 * 86_400);
    expect((await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).total).toBe(2);
    await advance(86_400 + 3_600);
    expect((await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).total).toBe(0);
    expect(await db.jobRun.count({ where: { functionId: "herald-purge-expired-records", status: "completed" } })).toBeGreaterThan(0);
    expect(await purgeWebhookDeliveries()).toEqual({ deliveries: 0, events: 0 });
  });

  it("refuses private targets when the installation does not allow them, at save and at delivery", async () => {
    const { actor, endpoint } = await setup();
    process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS = "false";
    resetEnv();
    try {
      await expect(createWebhook(actor, ZCreateWebhookInput.parse({ url: "http://169.254.169.254/latest", events: ["lead.status_changed"] }))).rejects.toMatchObject({
        status: 400,
        details: { fields: [{ field: "url", message: expect.stringContaining("public address") }] },
      });
      await expect(updateWebhook(actor, endpoint.id, ZUpdateWebhookInput.parse({ url: "http://localhost:9/x" }))).rejects.toMatchObject({ status: 400 });
      await emit(actor.workspaceId);
      expect(receiver.received).toHaveLength(0);
      const [delivery] = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries;
      expect(delivery?.lastError).toMatch(/^Refused: 127\.0\.0\.1 is not a public address \(loopback\)/);
    } finally {
      delete process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS;
      resetEnv();
    }
  });
});
