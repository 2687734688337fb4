// The Sandbox's built-in webhook receiver: Herald's own deliveries reach it in-process, past the
// private-address guard without opening it; what arrives is kept (50 per workspace) with whether
// the signature verifies; and none of it exists where the sandbox is off.
import { afterEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/sandbox/webhook-receiver/[token]/route";
import { db } from "../../../db/client";
import { publicUrl, resetEnv } from "../../../env";
import { createTestWorkspace } from "../../../test/factories";
import { ZCreateWebhookInput, ZListDeliveriesQuery } from "../../../schemas/webhook";
import { createWebhook } from "../create-webhook";
import { listWebhookDeliveries } from "../list-webhook-deliveries";
import { testWebhook } from "../test-webhook";
import { signWebhook } from "../webhook-signature";
import { addSandboxReceiverEndpoint } from "./add-sandbox-receiver-endpoint";
import { getSandboxWebhookReceiver } from "./get-sandbox-webhook-receiver";
import { SANDBOX_ARRIVALS_KEPT } from "./record-sandbox-webhook-arrival";
import { sandboxReceiverToken } from "./receiver-address";

function setEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnv();
}

afterEach(() => {
  for (const name of ["HERALD_ALLOW_PRIVATE_WEBHOOK_URLS", "HERALD_LINKEDIN_PROVIDER", "UNIPILE_DSN", "UNIPILE_API_KEY"]) setEnv(name, undefined);
});

function post(url: string, body: string, headers: Record<string, string>) {
  const token = new URL(url).pathname.split("/").pop()!;
  return POST(new Request(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers } }), { params: Promise.resolve({ token }) });
}

describe("the built-in webhook receiver", () => {
  it("takes a test delivery in-process while private targets are refused, and shows it with a valid signature", async () => {
    setEnv("HERALD_ALLOW_PRIVATE_WEBHOOK_URLS", "0");
    const { actor } = await createTestWorkspace();
    expect(await getSandboxWebhookReceiver(actor)).toEqual({ enabled: true, url: null, endpoints: [], arrivals: [] });

    const { endpoint } = await addSandboxReceiverEndpoint(actor);
    expect(endpoint.url.startsWith(`${publicUrl()}/api/sandbox/webhook-receiver/`)).toBe(true);
    // Herald's own origin here is loopback: any other endpoint there is still refused.
    await expect(createWebhook(actor, ZCreateWebhookInput.parse({ url: `${publicUrl()}/api/health`, events: ["lead.imported"] }))).rejects.toMatchObject({
      code: "invalid-input",
    });

    const result = await testWebhook(actor, endpoint.id);
    expect(result).toMatchObject({ delivered: true, responseStatus: 200, error: null });
    const receiver = await getSandboxWebhookReceiver(actor);
    expect(receiver.endpoints).toEqual([{ id: endpoint.id, enabled: true, events: endpoint.events.length }]);
    expect(receiver.arrivals).toHaveLength(1);
    const [arrival] = receiver.arrivals;
    expect(arrival).toMatchObject({ event: "webhook.test", deliveryId: result.deliveryId, signatureValid: true });
    expect(arrival!.headers).toMatchObject({ "content-type": "application/json", "user-agent": "Herald-Webhooks/1.0", "x-herald-signature": expect.any(String) });
    expect(JSON.parse(arrival!.body)).toMatchObject({ event: "webhook.test", workspaceId: actor.workspaceId, data: { webhookId: endpoint.id } });
    expect((await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries).toEqual([
      expect.objectContaining({ id: result.deliveryId, test: true, status: "delivered", responseStatus: 200 }),
    ]);
  });

  it("has one receiver per workspace, even for two first clicks at once, and a later click adds no endpoint", async () => {
    const { actor } = await createTestWorkspace();
    // (Two clicks at once both succeed: the route fuzz found the second one's unique-key error as a 500.)
    const [first, second] = await Promise.all([addSandboxReceiverEndpoint(actor), addSandboxReceiverEndpoint(actor)]);
    expect(second.endpoint.url).toBe(first.endpoint.url);
    expect(await db.sandboxWebhookReceiver.count({ where: { workspaceId: actor.workspaceId } })).toBe(1);
    const endpoints = await db.webhookEndpoint.count({ where: { workspaceId: actor.workspaceId } });
    const again = await addSandboxReceiverEndpoint(actor);
    expect([first.endpoint.id, second.endpoint.id]).toContain(again.endpoint.id);
    expect(await db.webhookEndpoint.count({ where: { workspaceId: actor.workspaceId } })).toBe(endpoints);
  });

  it("answers over HTTP too: a wrong signature is shown as not valid, credentials are not kept, an unknown token is a 404", async () => {
    const { actor } = await createTestWorkspace();
    const { endpoint } = await addSandboxReceiverEndpoint(actor);
    const body = JSON.stringify({ event: "lead.imported" });
    const signed = signWebhook({ secret: endpoint.secret, body, deliveryId: "dlv_x", timestamp: new Date() });
    expect((await post(endpoint.url, body, { ...signed, authorization: "Bearer hk_secret", "x-herald-event": "lead.imported" })).status).toBe(200);
    expect((await post(endpoint.url, body, { "x-herald-signature": "0".repeat(64) })).status).toBe(200);
    const [wrong, right] = (await getSandboxWebhookReceiver(actor)).arrivals;
    expect(wrong!.signatureValid).toBe(false);
    expect(right).toMatchObject({ signatureValid: true, event: "lead.imported" });
    expect(right!.headers.authorization).toBeUndefined();

    const unknown = await post(`${publicUrl()}/api/sandbox/webhook-receiver/${"a".repeat(32)}`, body, {});
    expect(unknown.status).toBe(404);
  });

  it(`keeps the newest ${SANDBOX_ARRIVALS_KEPT} arrivals of a workspace`, async () => {
    const { actor } = await createTestWorkspace();
    const { endpoint } = await addSandboxReceiverEndpoint(actor);
    for (let index = 0; index < SANDBOX_ARRIVALS_KEPT + 3; index++) {
      await post(endpoint.url, JSON.stringify({ index }), { "x-herald-event": `event-${index}` });
    }
    const { arrivals } = await getSandboxWebhookReceiver(actor);
    expect(arrivals).toHaveLength(SANDBOX_ARRIVALS_KEPT);
    expect(arrivals[0]!.event).toBe(`event-${SANDBOX_ARRIVALS_KEPT + 2}`);
    expect(await db.sandboxWebhookArrival.count({ where: { workspaceId: actor.workspaceId } })).toBe(SANDBOX_ARRIVALS_KEPT);
  });

  it("does not exist where the sandbox is off: no receiver, a 404, and its address is an ordinary guarded target", async () => {
    const { actor } = await createTestWorkspace();
    const { endpoint } = await addSandboxReceiverEndpoint(actor);
    process.env.UNIPILE_DSN = "https://api.unipile.test";
    process.env.UNIPILE_API_KEY = "key";
    setEnv("HERALD_LINKEDIN_PROVIDER", "unipile");
    setEnv("HERALD_ALLOW_PRIVATE_WEBHOOK_URLS", "0");
    expect(await getSandboxWebhookReceiver(actor)).toEqual({ enabled: false, url: null, endpoints: [], arrivals: [] });
    await expect(addSandboxReceiverEndpoint(actor)).rejects.toMatchObject({ code: "not-found" });
    expect((await post(endpoint.url, "{}", {})).status).toBe(404);
    expect(sandboxReceiverToken(endpoint.url)).toBeNull();
    const result = await testWebhook(actor, endpoint.id);
    expect(result).toMatchObject({ delivered: false, responseStatus: null, error: expect.stringMatching(/^Refused: /) });
    expect(await db.sandboxWebhookArrival.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });
});

describe("which addresses are the built-in receiver", () => {
  const origin = "https://herald.example.com";
  const token = "abcdefghijklmnopqrstuvwx";
  it("only this installation's origin and path, with a well-formed token and nothing else", () => {
    expect(sandboxReceiverToken(`${origin}/api/sandbox/webhook-receiver/${token}`, origin, true)).toBe(token);
    expect(sandboxReceiverToken(`${origin}/api/sandbox/webhook-receiver/${token}`, origin, false)).toBeNull();
    expect(sandboxReceiverToken(`https://evil.example.com/api/sandbox/webhook-receiver/${token}`, origin, true)).toBeNull();
    expect(sandboxReceiverToken(`http://herald.example.com/api/sandbox/webhook-receiver/${token}`, origin, true)).toBeNull();
    expect(sandboxReceiverToken(`${origin}/api/sandbox/webhook-receiver/${token}?x=1`, origin, true)).toBeNull();
    expect(sandboxReceiverToken(`${origin}/api/sandbox/webhook-receiver/../v1/${token}`, origin, true)).toBeNull();
    expect(sandboxReceiverToken(`https://user:pw@herald.example.com/api/sandbox/webhook-receiver/${token}`, origin, true)).toBeNull();
    expect(sandboxReceiverToken(`${origin}/api/sandbox/webhook-receiver/short`, origin, true)).toBeNull();
  });
});
