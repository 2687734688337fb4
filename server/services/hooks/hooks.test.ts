// REST hooks as an automation platform uses them, through the public API: subscribe, receive signed
// deliveries on a real loopback receiver, unsubscribe; a 410 Gone unsubscribes; the webhook rules
// (SSRF, the endpoint cap, roles) hold; samples have the shape of real deliveries.
import { createHmac, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../../db/client";
import { resetEnv } from "../../env";
import { logger } from "../../lib/logger";
import { EVENT_DATA_SCHEMAS } from "../../schemas/event-data";
import { SUBSCRIBABLE_EVENTS, ZEventEnvelope } from "../../schemas/events";
import { callApi } from "../../test/call-api";
import { createTestApiKey, createTestWorkspace } from "../../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../../test/herald-jobs";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver";
import { revokeApiKey } from "../api-keys/revoke-api-key";
import { withOutbox } from "../events/with-outbox";
import { ATTEMPTS_IN_FLIGHT } from "../webhooks/attempt-webhook-batch";
import { verifyHeraldSignature } from "../webhooks/webhook-signature";

let jobs: HeraldJobs;
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
  jobs = await startHeraldJobs();
});
afterAll(async () => {
  await jobs.stop();
});
afterEach(async () => {
  delete process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS;
  delete process.env.HERALD_MAX_WEBHOOKS_PER_WORKSPACE;
  resetEnv();
  vi.restoreAllMocks();
  await receiver?.close();
  receiver = undefined;
});

async function keyFor(role: "owner" | "member" | "approver" = "owner") {
  const context = await createTestWorkspace({ role });
  const { key } = await createTestApiKey(context.actor, "Zapier");
  return { ...context, key };
}

async function emit(workspaceId: string, event: "email.received" | "lead.status_changed" = "email.received") {
  await withOutbox((_tx, emitEvent) => emitEvent({ workspaceId, event, data: { leadId: "led_1", message: { text: "Interested", at: "2026-03-02T09:00:00.000Z" } } }));
  await jobs.executor.drain();
}

describe("REST hooks", () => {
  it("subscribes as Zapier does, delivers signed events to the target, and unsubscribes", async () => {
    jobs.clock.set(new Date());
    receiver = await startWebhookReceiver();
    const { key, workspace } = await keyFor();
    const subscribed = await callApi("POST", "/hooks", { key, body: { targetUrl: receiver.url, event: "email.received" } });
    expect(subscribed.status).toBe(201);
    const hook = subscribed.body!.data;
    expect(subscribed.body).not.toHaveProperty("warnings");
    expect(hook).toMatchObject({ id: expect.stringMatching(/^whk_/), targetUrl: receiver.url, events: ["email.received"], secret: expect.stringMatching(/^whsec_/), createdAt: expect.any(String) });

    await emit(workspace.id, "lead.status_changed");
    expect(receiver.received).toHaveLength(0);
    await emit(workspace.id);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.body).toMatchObject({ event: "email.received", workspaceId: workspace.id, data: { leadId: "led_1" } });
    // What a customer's Code step runs, and node:crypto by hand, and the Standard Webhooks library.
    expect(verifyHeraldSignature({ secret: hook.secret, body: delivery!.rawBody, signature: delivery!.headers["x-herald-signature"] as string })).toBe(true);
    expect(verifyHeraldSignature({ secret: hook.secret, body: delivery!.rawBody.replace("Interested", "Not interested"), signature: delivery!.headers["x-herald-signature"] as string })).toBe(false);
    const expected = createHmac("sha256", hook.secret).update(delivery!.rawBody).digest("hex");
    expect(timingSafeEqual(Buffer.from(expected), Buffer.from(delivery!.headers["x-herald-signature"] as string))).toBe(true);
    const standard = new Webhook(hook.secret);
    expect(
      standard.verify(delivery!.rawBody, {
        "webhook-id": delivery!.headers["webhook-id"] as string,
        "webhook-timestamp": delivery!.headers["webhook-timestamp"] as string,
        "webhook-signature": delivery!.headers["webhook-signature"] as string,
      }),
    ).toEqual(delivery!.body);

    // The same endpoint the webhooks API shows, marked with the key that made it.
    const webhooks = await callApi("GET", "/webhooks", { key });
    expect(webhooks.body!.data).toEqual([
      expect.objectContaining({ id: hook.id, url: receiver.url, secret: hook.secret, createdVia: "rest-hook", createdByApiKeyId: hook.apiKeyId }),
    ]);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id }, include: { createdByApiKey: true } });
    expect(row).toMatchObject({ createdVia: "rest-hook", createdByApiKey: { name: "Zapier" } });

    const removed = await callApi("DELETE", `/hooks/${hook.id}`, { key });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { id: hook.id, deleted: true } });
    await emit(workspace.id);
    expect(receiver.received).toHaveLength(1);
    // A retried unsubscribe: 404 in plain words, which platforms treat as done.
    const again = await callApi("DELETE", `/hooks/${hook.id}`, { key });
    expect(again.status).toBe(404);
    expect(again.body!.error).toMatchObject({ code: "not-found", message: expect.stringContaining("already removed") });
  });

  it("accepts the body shapes platforms send, and names each wrong field", async () => {
    const { key } = await keyFor("member");
    const aliased = await callApi("POST", "/hooks", { key, body: { target_url: "https://93.184.216.34/make", events: ["email.sent", "email.received"] } });
    expect(aliased.status).toBe(201);
    expect(aliased.body!.data).toMatchObject({ targetUrl: "https://93.184.216.34/make", events: ["email.sent", "email.received"], classifyReplies: false });
    const plain = await callApi("POST", "/hooks", { key, body: { url: "https://93.184.216.34/n8n", event: "lead.imported", classifyReplies: true } });
    expect(plain.body!.data).toMatchObject({ targetUrl: "https://93.184.216.34/n8n", events: ["lead.imported"], classifyReplies: true });

    const cases: Array<[unknown, string, RegExp]> = [
      [{ event: "email.received" }, "targetUrl", /is required/],
      [{ targetUrl: "https://93.184.216.34/x" }, "event", /is required/],
      [{ targetUrl: "https://93.184.216.34/x", event: "email.received", events: ["email.sent"] }, "event", /either event or events/],
      [{ targetUrl: "https://93.184.216.34/x", url: "https://93.184.216.34/y", event: "email.received" }, "targetUrl", /one address/],
      [{ targetUrl: "https://93.184.216.34/x", event: "email.maybe" }, "event", /subscribable events/],
      [{ targetUrl: "ftp://files.example.com", event: "email.received" }, "targetUrl", /http\(s\) URL/],
    ];
    for (const [body, field, message] of cases) {
      const response = await callApi("POST", "/hooks", { key, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body!.error.details.fields, JSON.stringify(body)).toEqual([{ field, message: expect.stringMatching(message) }]);
    }
  });

  it("refuses private targets with a 400 naming targetUrl when the installation does not allow them", async () => {
    const { key } = await keyFor();
    process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS = "0";
    resetEnv();
    for (const targetUrl of ["http://127.0.0.1:9/hooks", "http://10.1.2.3/hooks", "http://169.254.169.254/latest", "http://[::ffff:127.0.0.1]/x", "https://localhost/x"]) {
      const response = await callApi("POST", "/hooks", { key, body: { targetUrl, event: "email.received" } });
      expect(response.status, targetUrl).toBe(400);
      expect(response.body!.error.message, targetUrl).toMatch(/^Invalid targetUrl: must be a public address/);
      expect(response.body!.error.details.fields, targetUrl).toEqual([{ field: "targetUrl", message: expect.stringMatching(/^must be a public address: /) }]);
    }
    expect(await db.webhookEndpoint.count({ where: { url: { contains: "169.254" } } })).toBe(0);
  });

  it("removes a subscription whose target answers 410 Gone, on a first attempt or a retry; a plain webhook is kept", async () => {
    receiver = await startWebhookReceiver();
    const { key, workspace } = await keyFor();
    const info = vi.spyOn(logger, "info");
    const hook = (await callApi("POST", "/hooks", { key, body: { targetUrl: `${receiver.url}/gone`, event: "email.received" } })).body!.data;
    const plain = (await callApi("POST", "/webhooks", { key, body: { url: `${receiver.url}/plain`, events: ["email.received"] } })).body!.data;
    receiver.answer({ status: 410 });
    await emit(workspace.id);
    expect(receiver.received).toHaveLength(2);
    expect((await callApi("GET", "/hooks", { key })).body).toMatchObject({ data: [], paging: { total: 0 } });
    expect(await db.webhookEndpoint.findUnique({ where: { id: hook.id } })).toBeNull();
    expect(info).toHaveBeenCalledWith(expect.stringContaining("410 Gone"), expect.objectContaining({ webhookId: hook.id, workspaceId: workspace.id, host: new URL(receiver.url).host }));
    // The plain endpoint keeps the failure streak rule: retried, still there.
    expect((await callApi("GET", `/webhooks/${plain.id}`, { key })).body!.data).toMatchObject({ enabled: true, failureCount: 1, createdVia: "user", createdByApiKeyId: null });
    await callApi("DELETE", `/webhooks/${plain.id}`, { key });

    // Gone on a retry: the first attempt failed with a 500, the retry 4 s later is answered 410.
    const later = (await callApi("POST", "/hooks", { key, body: { targetUrl: receiver.url, event: "email.received" } })).body!.data;
    receiver.answer({ status: 500 }, { status: 410 });
    await emit(workspace.id);
    expect(await db.webhookEndpoint.count({ where: { id: later.id } })).toBe(1);
    jobs.clock.advance(4_000);
    await jobs.executor.drain();
    expect(await db.webhookEndpoint.count({ where: { id: later.id } })).toBe(0);
    jobs.clock.advance(20_000);
    await jobs.executor.drain();
    expect(receiver.received).toHaveLength(4);
  });

  it("starts no more attempts to a subscription once its target answered 410 Gone", async () => {
    receiver = await startWebhookReceiver();
    const { key, workspace } = await keyFor();
    const hook = (await callApi("POST", "/hooks", { key, body: { targetUrl: receiver.url, event: "email.received" } })).body!.data;
    receiver.answer({ status: 410 });
    const events = 3 * ATTEMPTS_IN_FLIGHT;
    await withOutbox(async (_tx, emitEvent) => {
      for (let index = 0; index < events; index++) {
        await emitEvent({ workspaceId: workspace.id, event: "email.received", data: { leadId: `led_${index}`, message: { text: "Hi", at: "2026-03-02T09:00:00.000Z" } } });
      }
    });
    await jobs.executor.drain();
    // Only the attempts already in flight when the first 410 came back were made.
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);
    expect(receiver.received.length).toBeLessThanOrEqual(ATTEMPTS_IN_FLIGHT);
    expect(await db.webhookEndpoint.findUnique({ where: { id: hook.id } })).toBeNull();
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(0);
    jobs.clock.advance(60_000);
    await jobs.executor.drain();
    expect(receiver.received.length).toBeLessThanOrEqual(ATTEMPTS_IN_FLIGHT);
  });

  it("stops the subscriptions of a revoked key with it; other keys' and plain webhooks stay", async () => {
    receiver = await startWebhookReceiver();
    const { key, workspace, actor } = await keyFor();
    const { key: other } = await createTestApiKey(actor, "Make");
    const hook = (await callApi("POST", "/hooks", { key, body: { targetUrl: `${receiver.url}/zap`, event: "email.received" } })).body!.data;
    const kept = (await callApi("POST", "/hooks", { key: other, body: { targetUrl: `${receiver.url}/make`, event: "email.received" } })).body!.data;
    const plain = (await callApi("POST", "/webhooks", { key, body: { url: `${receiver.url}/plain`, events: ["email.received"] } })).body!.data;
    await emit(workspace.id);
    expect(receiver.received).toHaveLength(3);
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(1);

    await revokeApiKey(actor, hook.apiKeyId);
    expect(await db.webhookEndpoint.findUnique({ where: { id: hook.id } })).toBeNull();
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(0);
    await emit(workspace.id);
    expect(receiver.received.slice(3).map((delivery) => delivery.path).sort()).toEqual(["/hooks/make", "/hooks/plain"]);
    expect((await callApi("GET", "/hooks", { key: other })).body!.data.map((entry: { id: string }) => entry.id)).toEqual([kept.id]);
    expect((await callApi("GET", `/webhooks/${plain.id}`, { key: other })).status).toBe(200);
  });

  it("counts subscriptions against the workspace's endpoint limit", async () => {
    process.env.HERALD_MAX_WEBHOOKS_PER_WORKSPACE = "2";
    resetEnv();
    const { key } = await keyFor();
    await callApi("POST", "/webhooks", { key, body: { url: "https://93.184.216.34/a", events: ["email.sent"] } });
    expect((await callApi("POST", "/hooks", { key, body: { targetUrl: "https://93.184.216.34/b", event: "email.sent" } })).status).toBe(201);
    const third = await callApi("POST", "/hooks", { key, body: { targetUrl: "https://93.184.216.34/c", event: "email.sent" } });
    expect(third.status).toBe(409);
    expect(third.body!.error).toMatchObject({ code: "webhook-limit-reached", details: { limit: 2 } });
  });

  it("lists only the workspace's subscriptions, without secrets; another workspace can neither see nor remove them", async () => {
    const a = await keyFor();
    const b = await keyFor();
    const hook = (await callApi("POST", "/hooks", { key: a.key, body: { targetUrl: "https://93.184.216.34/a", event: "campaign.finished" } })).body!.data;
    await callApi("POST", "/webhooks", { key: a.key, body: { url: "https://93.184.216.34/plain", events: ["campaign.finished"] } });
    await callApi("POST", "/hooks", { key: b.key, body: { targetUrl: "https://93.184.216.34/b", event: "campaign.finished" } });

    const listed = await callApi("GET", "/hooks", { key: a.key });
    expect(listed.body).toEqual({
      data: [expect.objectContaining({ id: hook.id, targetUrl: "https://93.184.216.34/a", events: ["campaign.finished"], apiKeyId: expect.stringMatching(/^key_/) })],
      paging: { limit: 50, offset: 0, total: 1 },
    });
    expect(listed.body!.data[0]).not.toHaveProperty("secret");
    expect((await callApi("DELETE", `/hooks/${hook.id}`, { key: b.key })).status).toBe(404);
    // A plain webhook is not a REST hook: DELETE /hooks leaves it to the webhooks API.
    const plainId = (await callApi("GET", "/webhooks", { key: a.key })).body!.data.find((endpoint: { url: string }) => endpoint.url.endsWith("/plain")).id;
    expect((await callApi("DELETE", `/hooks/${plainId}`, { key: a.key })).status).toBe(404);
    expect((await callApi("DELETE", `/hooks/${hook.id}`, { key: a.key })).status).toBe(200);
  });

  it("is closed to an approver's key, like the webhooks API", async () => {
    const { key } = await keyFor("approver");
    for (const [method, path] of [["POST", "/hooks"], ["GET", "/hooks"], ["DELETE", "/hooks/whk_1"], ["GET", "/hooks/samples/email.sent"]] as const) {
      const response = await callApi(method, path, { key, body: method === "POST" ? { targetUrl: "https://93.184.216.34/a", event: "email.sent" } : undefined });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it("answers a sample delivery for every event, shaped like a real one", async () => {
    const { key, workspace } = await keyFor();
    const bothChannels = ["account.connected", "account.status_changed", "account.paused", "account.resumed"];
    for (const event of SUBSCRIBABLE_EVENTS) {
      const response = await callApi("GET", `/hooks/samples/${event}`, { key });
      expect(response.status, event).toBe(200);
      const samples: unknown[] = response.body!.data;
      // A LinkedIn sender's, then a mailbox's, for the account events both emit; one otherwise.
      expect(samples, event).toHaveLength(bothChannels.includes(event) ? 2 : 1);
      for (const sample of samples) {
        const envelope = ZEventEnvelope.parse(sample);
        expect(envelope, event).toMatchObject({ event, workspaceId: workspace.id });
        const data = EVENT_DATA_SCHEMAS[event].safeParse(envelope.data);
        expect(data.error?.issues, event).toBeUndefined();
      }
      if (samples.length === 2) {
        expect(samples[0], event).toMatchObject({ data: { account: { id: expect.stringMatching(/^acc_/) } } });
        expect(samples[0], event).not.toHaveProperty("data.channel");
        expect(samples[1], event).toMatchObject({ data: { channel: "email", account: { id: expect.stringMatching(/^mbx_/), email: expect.any(String) } } });
      }
    }
    const unknown = await callApi("GET", "/hooks/samples/email.maybe", { key });
    expect(unknown.status).toBe(400);
    expect(unknown.body!.error.details.fields[0].field).toBe("event");
  });
});
