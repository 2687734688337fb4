// An endpoint whose host has no DNS answer yet (an offline installation, a record not live yet) is
// kept with a warning unless the installation refuses such hosts, and every delivery looks it up
// again. `.invalid` never resolves (RFC 6761), online or offline.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../env";
import { createTestWorkspace } from "../../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../../test/herald-jobs";
import { withOutbox } from "../events/with-outbox";
import { createWebhook } from "./create-webhook";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { updateWebhook } from "./update-webhook";
import { ZCreateWebhookInput, ZListDeliveriesQuery, ZUpdateWebhookInput } from "../../schemas/webhook";

const UNRESOLVED = "https://hooks.herald-test.invalid/events";
const WARNING = {
  code: "host-unresolved",
  field: "url",
  message:
    "The host hooks.herald-test.invalid does not resolve right now. The endpoint is saved; each delivery looks the host up again and fails until it resolves.",
};

let jobs: HeraldJobs;
beforeAll(async () => {
  jobs = await startHeraldJobs();
});
afterAll(async () => {
  await jobs.stop();
});
afterEach(() => {
  delete process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS;
  delete process.env.HERALD_ALLOW_UNRESOLVED_WEBHOOK_HOSTS;
  resetEnv();
});

function configure(variables: Record<string, string>) {
  Object.assign(process.env, variables);
  resetEnv();
}

describe("webhook endpoints whose host does not resolve", () => {
  it("are saved with a warning by default, also where private targets are refused (a production install offline)", async () => {
    configure({ HERALD_ALLOW_PRIVATE_WEBHOOK_URLS: "0" });
    const { actor } = await createTestWorkspace();
    const created = await createWebhook(actor, ZCreateWebhookInput.parse({ url: UNRESOLVED, events: ["lead.status_changed"] }));
    expect(created.warnings).toEqual([WARNING]);
    expect(created.endpoint).toMatchObject({ url: UNRESOLVED, enabled: true });

    const updated = await updateWebhook(actor, created.endpoint.id, ZUpdateWebhookInput.parse({ url: "https://other.herald-test.invalid/" }));
    expect(updated.warnings).toEqual([{ ...WARNING, message: WARNING.message.replace("hooks.herald-test", "other.herald-test") }]);
    expect((await updateWebhook(actor, created.endpoint.id, ZUpdateWebhookInput.parse({ enabled: false }))).warnings).toEqual([]);
  });

  it("are refused with a 400 naming url when the installation sets HERALD_ALLOW_UNRESOLVED_WEBHOOK_HOSTS=0", async () => {
    configure({ HERALD_ALLOW_UNRESOLVED_WEBHOOK_HOSTS: "0" });
    const { actor } = await createTestWorkspace();
    const message = "the host hooks.herald-test.invalid does not resolve. Check the address, or save it once its DNS record exists.";
    await expect(createWebhook(actor, ZCreateWebhookInput.parse({ url: UNRESOLVED, events: ["lead.status_changed"] }))).rejects.toMatchObject({
      status: 400,
      message: `Invalid url: ${message}`,
      details: { fields: [{ field: "url", message }] },
    });
  });

  it("are looked up again at each delivery, which fails (and is retried) while the host does not resolve", async () => {
    configure({ HERALD_ALLOW_PRIVATE_WEBHOOK_URLS: "0" });
    const { actor } = await createTestWorkspace();
    await createWebhook(actor, ZCreateWebhookInput.parse({ url: UNRESOLVED, events: ["lead.status_changed"] }));
    await withOutbox((_tx, emit) => emit({ workspaceId: actor.workspaceId, event: "lead.status_changed", data: { campaignLeadId: "cl_1" } }));
    await jobs.executor.drain();
    const [delivery] = (await listWebhookDeliveries(actor, ZListDeliveriesQuery.parse({}))).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastError: "The host hooks.herald-test.invalid does not resolve" });
    expect(delivery!.nextAttemptAt).not.toBeNull();
  });
});
