import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "@/server/env";
import { withOutbox } from "@/server/services/events/with-outbox";
import { dispatchOutboxEvents } from "@/server/services/webhooks/dispatch-outbox-events";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

async function keyFor() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

afterEach(() => {
  delete process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS;
  resetEnv();
});

describe("webhooks API", () => {
  it("answers warnings beside data when a host does not resolve, and none for a host that needs no lookup", async () => {
    const { key } = await keyFor();
    const created = await callApi("POST", "/webhooks", { key, body: { url: "https://hooks.herald-test.invalid/events", events: ["lead.imported"] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ data: { url: "https://hooks.herald-test.invalid/events" }, warnings: [{ code: "host-unresolved", field: "url", message: expect.stringContaining("does not resolve right now") }] });

    const id = created.body!.data.id;
    const patched = await callApi("PATCH", `/webhooks/${id}`, { key, body: { url: "https://93.184.216.34/events" } });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ data: expect.objectContaining({ url: "https://93.184.216.34/events" }) });
  });

  it("refuses non-public targets in any spelling with a 400 naming url when private targets are not allowed", async () => {
    const { key } = await keyFor();
    process.env.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS = "0";
    resetEnv();
    for (const url of ["http://[::ffff:127.0.0.1]/x", "http://[::127.0.0.1]/x", "http://[fec0::1]/x", "http://[64:ff9b::7f00:1]/x", "http://2130706433/x"]) {
      const response = await callApi("POST", "/webhooks", { key, body: { url, events: ["lead.imported"] } });
      expect(response.status, url).toBe(400);
      expect(response.body?.error.details.fields, url).toEqual([{ field: "url", message: expect.stringMatching(/^must be a public address: /) }]);
    }
  });

  it("creates, reads, updates and deletes an endpoint, with a Herald-made secret", async () => {
    const { key } = await keyFor();
    const created = await callApi("POST", "/webhooks", {
      key,
      body: { url: "https://hooks.example.com/herald", events: ["connection.accepted", "message.received"] },
    });
    expect(created.status).toBe(201);
    const endpoint = created.body!.data;
    expect(endpoint).toMatchObject({ enabled: true, classifyReplies: false, failureCount: 0, disabledReason: null, lastDeliveryAt: null });
    expect(endpoint.secret).toMatch(/^whsec_/);

    const listed = await callApi("GET", "/webhooks", { key });
    expect(listed.body).toMatchObject({ data: [{ id: endpoint.id, secret: endpoint.secret }], paging: { limit: 50, offset: 0, total: 1 } });

    const patched = await callApi("PATCH", `/webhooks/${endpoint.id}`, {
      key,
      body: { enabled: false, classifyReplies: true },
    });
    expect(patched.body?.data).toMatchObject({ enabled: false, classifyReplies: true, disabledReason: "Disabled by a user" });

    const empty = await callApi("PATCH", `/webhooks/${endpoint.id}`, { key, body: {} });
    expect(empty.status).toBe(400);

    const deleted = await callApi("DELETE", `/webhooks/${endpoint.id}`, { key });
    expect(deleted.body).toEqual({ data: { id: endpoint.id, deleted: true } });
    const gone = await callApi("GET", `/webhooks/${endpoint.id}`, { key });
    expect(gone.status).toBe(404);
  });

  it("names each invalid field", async () => {
    const { key } = await keyFor();
    const response = await callApi("POST", "/webhooks", {
      key,
      body: { url: "ftp://files.example.com", events: ["message.received", "webhook.test"] },
    });
    expect(response.status).toBe(400);
    expect(response.body?.error.details.fields.map((issue: { field: string }) => issue.field).sort()).toEqual(["events.1", "url"]);
    const none = await callApi("POST", "/webhooks", { key, body: { url: "https://x.example.com", events: [] } });
    expect(none.body?.error.details.fields).toEqual([{ field: "events", message: "must name at least one event" }]);
  });

  it("keeps endpoints and deliveries inside their workspace", async () => {
    const a = await keyFor();
    const b = await keyFor();
    const endpoint = (
      await callApi("POST", "/webhooks", { key: b.key, body: { url: "https://b.example.com", events: ["lead.imported"] } })
    ).body!.data;
    await withOutbox((_tx, emit) => emit({ workspaceId: b.workspace.id, event: "lead.imported", data: { importId: "imp_1" } }));
    await dispatchOutboxEvents();
    const bDeliveries = await callApi("GET", "/webhooks/deliveries", { key: b.key });
    const deliveryId = bDeliveries.body!.data[0].id;

    for (const [method, path] of [
      ["GET", `/webhooks/${endpoint.id}`],
      ["DELETE", `/webhooks/${endpoint.id}`],
      ["GET", `/webhooks/deliveries/${deliveryId}`],
      ["POST", `/webhooks/deliveries/${deliveryId}/retry`],
    ] as const) {
      const response = await callApi(method, path, { key: a.key });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const aDeliveries = await callApi("GET", "/webhooks/deliveries", { key: a.key });
    expect(aDeliveries.body).toMatchObject({ data: [], paging: { total: 0 } });
  });

  it("filters deliveries by event, status and endpoint, newest first, with a total", async () => {
    const { key, workspace } = await keyFor();
    const first = (
      await callApi("POST", "/webhooks", { key, body: { url: "https://one.example.com", events: ["lead.imported", "campaign.finished"] } })
    ).body!.data;
    await callApi("POST", "/webhooks", { key, body: { url: "https://two.example.com", events: ["campaign.finished"] } });
    await withOutbox(async (_tx, emit) => {
      await emit({ workspaceId: workspace.id, event: "lead.imported", data: { n: 1 } });
      await emit({ workspaceId: workspace.id, event: "campaign.finished", data: { n: 2 } });
    });
    await dispatchOutboxEvents();

    const all = await callApi("GET", "/webhooks/deliveries", { key, query: { limit: 2 } });
    expect(all.body?.paging).toEqual({ limit: 2, offset: 0, total: 3 });
    expect(all.body?.data[0].payload).toMatchObject({ event: expect.any(String), workspaceId: workspace.id, data: expect.any(Object) });
    const byEvent = await callApi("GET", "/webhooks/deliveries", { key, query: { event: "campaign.finished" } });
    expect(byEvent.body?.paging.total).toBe(2);
    const byEndpoint = await callApi("GET", "/webhooks/deliveries", { key, query: { webhookId: first.id } });
    expect(byEndpoint.body?.paging.total).toBe(2);
    const pending = await callApi("GET", "/webhooks/deliveries", { key, query: { status: "pending" } });
    expect(pending.body?.paging.total).toBe(3);
    const bad = await callApi("GET", "/webhooks/deliveries", { key, query: { status: "lost" } });
    expect(bad.status).toBe(400);
    expect(bad.body?.error.details.fields[0].field).toBe("status");

    const detail = await callApi("GET", `/webhooks/deliveries/${all.body!.data[0].id}`, {
      key,
    });
    expect(detail.body?.data).toMatchObject({ status: "pending", attemptHistory: [] });
    const notFailed = await callApi("POST", `/webhooks/deliveries/${all.body!.data[0].id}/retry`, { key });
    expect(notFailed.status).toBe(409);
  });
});
