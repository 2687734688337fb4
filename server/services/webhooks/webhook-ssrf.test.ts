// Webhooks must not reach into the network Herald runs in: every spelling of a non-public address
// is refused when an endpoint is saved, and again at delivery, where nothing of the target's answer
// may be recorded.
import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../env";
import { isPublicAddress } from "../../lib/network-address";
import { createTestWorkspace } from "../../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../../test/herald-jobs";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver";
import { withOutbox } from "../events/with-outbox";
import { createWebhook } from "./create-webhook";
import { getWebhookDelivery } from "./get-webhook-delivery";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { testWebhook } from "./test-webhook";
import { updateWebhook } from "./update-webhook";
import { ZCreateWebhookInput, ZListDeliveriesQuery, ZUpdateWebhookInput } from "../../schemas/webhook";

let jobs: HeraldJobs;
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
  jobs = await startHeraldJobs();
});
afterAll(async () => {
  await jobs.stop();
});
afterEach(async () => {
  setPrivateTargets(undefined);
  await receiver?.close();
  receiver = undefined;
});

function setPrivateTargets(allowed: boolean | undefined) {
  if (allowed === undefined) delete process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS;
  else process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS = allowed ? "1" : "0";
  resetEnv();
}

// Every way of writing a loopback, private or otherwise non-public target that a URL can carry.
const BAD_URLS = [
  "http://127.0.0.1/hooks",
  "http://2130706433/hooks",
  "http://0x7f.1/hooks",
  "http://127.1/hooks",
  "http://0177.0.0.1/hooks",
  "http://0x7f000001/hooks",
  "http://[::ffff:127.0.0.1]/hooks",
  "http://[::ffff:7f00:1]/hooks",
  "http://[0:0:0:0:0:ffff:7f00:1]/hooks",
  "http://[::127.0.0.1]/hooks",
  "http://[::ffff:0:7f00:1]/hooks",
  "http://[64:ff9b::7f00:1]/hooks",
  "http://[64:ff9b::a9fe:a9fe]/latest",
  "http://[64:ff9b:1::808:808]/hooks",
  "http://[2002:7f00:1::1]/hooks",
  "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks",
  "http://[fec0::1]/hooks",
  "http://[fd00::1]/hooks",
  "http://[fe80::1]/hooks",
  "http://[ff02::1]/hooks",
  "http://[::1]/hooks",
  "http://[::]/hooks",
  "http://[100::1]/hooks",
  "http://[2001:db8::1]/hooks",
  "http://0.0.0.0/hooks",
  "http://10.1.2.3/hooks",
  "http://172.16.0.1/hooks",
  "http://192.168.1.1/hooks",
  "http://100.64.0.1/hooks",
  "http://169.254.169.254/latest/meta-data",
  "http://198.18.0.1/hooks",
  "http://224.0.0.1/hooks",
  "http://255.255.255.255/hooks",
  "https://localhost:3000/hooks",
  "http://LOCALHOST./hooks",
  "http://api.localhost/hooks",
];

describe("webhook targets when private targets are not allowed", () => {
  it.each(BAD_URLS)("refuses to save %s, with a 400 naming url", async (url) => {
    setPrivateTargets(false);
    const { actor } = await createTestWorkspace();
    const rejection = { status: 400, code: "invalid-input", details: { fields: [{ field: "url", message: expect.stringMatching(/^must be a public address: .*the installation's operator can allow it with HERALD_ALLOW_PRIVATE_WEBHOOK_URLS=1\.$/) }] } };
    await expect(createWebhook(actor, ZCreateWebhookInput.parse({ url, events: ["lead.status_changed"] }))).rejects.toMatchObject(rejection);

    setPrivateTargets(true);
    const { endpoint } = await createWebhook(actor, ZCreateWebhookInput.parse({ url: "https://93.184.216.34/hooks", events: ["lead.status_changed"] }));
    setPrivateTargets(false);
    await expect(updateWebhook(actor, endpoint.id, ZUpdateWebhookInput.parse({ url }))).rejects.toMatchObject(rejection);
  });

  it("refuses at delivery a target saved while allowed, without connecting or recording its answer", async () => {
    receiver = await startWebhookReceiver();
    receiver.answer({ status: 200, body: "internal secret" });
    const port = new URL(receiver.url).port;
    const { actor } = await createTestWorkspace();
    // The machine's own name resolves (through the real resolver) to this machine: loopback or the
    // address of its private interface, never a public one.
    const ownName = hostname();
    const ownAddresses = (await lookup(ownName, { all: true })).map((answer) => answer.address);
    expect(ownAddresses.filter(isPublicAddress)).toEqual([]);
    const targets = [
      `http://[::ffff:127.0.0.1]:${port}/hooks`,
      `http://[::ffff:7f00:1]:${port}/hooks`,
      `http://2130706433:${port}/hooks`,
      `http://localhost:${port}/hooks`,
      `http://${ownName}:${port}/hooks`,
    ];
    setPrivateTargets(true);
    for (const url of targets) await createWebhook(actor, ZCreateWebhookInput.parse({ url, events: ["lead.status_changed"] }));

    setPrivateTargets(false);
    await withOutbox((_tx, emit) => emit({ workspaceId: actor.workspaceId, event: "lead.status_changed", data: { campaignLeadId: "cl_1" } }));
    await jobs.executor.drain();

    expect(receiver.received).toEqual([]);
    const { deliveries } = await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}));
    expect(deliveries.map((delivery) => delivery.url).sort()).toEqual([...targets].sort());
    for (const delivery of deliveries) {
      expect(delivery, delivery.url).toMatchObject({ status: "pending", responseStatus: null, lastError: expect.stringMatching(/^Refused: .+ delivers webhooks to public addresses only\.$/) });
      const detail = await getWebhookDelivery(actor, delivery.id);
      expect(detail.attemptHistory).toEqual([expect.objectContaining({ ok: false, responseStatus: null, responseBody: null })]);
    }
    const byUrl = Object.fromEntries(deliveries.map((delivery) => [delivery.url, delivery.lastError]));
    expect(byUrl[targets[0]!]).toBe(
      "Refused: ::ffff:7f00:1 is not a public address (IPv4-mapped form of the loopback address 127.0.0.1). This installation delivers webhooks to public addresses only.",
    );
    expect(byUrl[targets[2]!]).toMatch(/^Refused: 127\.0\.0\.1 is not a public address \(loopback\)/);
    expect(byUrl[targets[4]!]).toMatch(new RegExp(`^Refused: ${ownName} resolves to [^ ]+, which is not a public address`));
  });

  it("refuses a test delivery the same way", async () => {
    receiver = await startWebhookReceiver();
    receiver.answer({ status: 200, body: "internal secret" });
    const { actor } = await createTestWorkspace();
    setPrivateTargets(true);
    const { endpoint } = await createWebhook(actor, ZCreateWebhookInput.parse({ url: `http://[::ffff:7f00:1]:${new URL(receiver.url).port}/`, events: ["lead.status_changed"] }));
    setPrivateTargets(false);
    const result = await testWebhook(actor, endpoint.id);
    expect(result).toMatchObject({ delivered: false, responseStatus: null, error: expect.stringMatching(/^Refused: /) });
    expect(receiver.received).toEqual([]);
  });
});
