// /api/v1/tracking-domains and /email-accounts/{id}/tracking-domain through the API's router and
// handlers, on a sandbox workspace (its tracking domains are checked against the sandbox's zones,
// offline: docs/sandbox.md).
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

async function sandboxWorkspace(domain: string, role: "owner" | "member" = "owner") {
  const context = await createTestWorkspace({ role });
  const { key } = await createTestApiKey(context.actor);
  const at = new Date();
  const mailbox = await db.mailbox.create({ data: { workspaceId: context.workspace.id, label: "Ada", email: `ada@${domain}`, provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at } });
  return { ...context, key, mailbox };
}

describe("tracking domains API", () => {
  it("adds, lists, gets, checks again and removes a tracking domain; a mailbox's links follow it", async () => {
    const { key, mailbox } = await sandboxWorkspace("acme-api.test");
    expect(await callApi("GET", "/tracking-domains", { key })).toMatchObject({ status: 200, body: { data: [] } });

    const created = await callApi("POST", "/tracking-domains", { key, body: { host: "track.acme-api.test" } });
    expect(created.status).toBe(201);
    expect(created.body!.data).toMatchObject({ id: expect.stringMatching(/^trk_/), host: "track.acme-api.test", domain: "acme-api.test", status: "verified", statusLabel: "Verified: links use it", record: { type: "CNAME", host: "track.acme-api.test" }, mailboxCount: 1 });
    const id = created.body!.data.id as string;
    expect(created.body!.data.records).toEqual([
      { type: "CNAME", host: "track.acme-api.test", value: expect.any(String) },
      { type: "TXT", host: "_herald-tracking.track.acme-api.test", value: expect.stringMatching(/^herald-tracking=[0-9a-f]{32}$/) },
    ]);
    expect((await callApi("GET", "/tracking-domains", { key })).body!.data).toHaveLength(1);
    expect((await callApi("GET", `/tracking-domains/${id}`, { key })).body!.data.host).toBe("track.acme-api.test");
    expect((await callApi("POST", `/tracking-domains/${id}/check`, { key })).body!.data.status).toBe("verified");
    expect((await callApi("GET", `/email-accounts/${mailbox.id}/tracking-domain`, { key })).body).toEqual({ data: { host: "track.acme-api.test", source: "domain", trackingDomainId: null, warning: null } });

    const picked = await callApi("PUT", `/email-accounts/${mailbox.id}/tracking-domain`, { key, body: { trackingDomainId: id } });
    expect(picked).toMatchObject({ status: 200, body: { data: { source: "mailbox", trackingDomainId: id } } });

    expect(await callApi("DELETE", `/tracking-domains/${id}`, { key })).toMatchObject({ status: 200, body: { data: { id, deleted: true } } });
    expect((await callApi("GET", `/tracking-domains/${id}`, { key })).status).toBe(404);
    expect((await callApi("GET", `/email-accounts/${mailbox.id}/tracking-domain`, { key })).body!.data).toMatchObject({ source: "herald", trackingDomainId: null });
  });

  it("answers bad input with a 400 naming the field, a failing CNAME with its reason, and another workspace's ids with 404", async () => {
    const { key } = await sandboxWorkspace("nocname-acme-api.test");
    const missing = await callApi("POST", "/tracking-domains", { key, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body!.error.details.fields).toEqual([expect.objectContaining({ field: "host" })]);
    const foreign = await callApi("POST", "/tracking-domains", { key, body: { host: "track.elsewhere.test" } });
    expect(foreign).toMatchObject({ status: 400, body: { error: { code: "invalid-input", details: { fields: [{ field: "host", message: expect.stringContaining("must be a subdomain of a domain this workspace's mailboxes send from (nocname-acme-api.test)") }] } } } });

    const failing = await callApi("POST", "/tracking-domains", { key, body: { host: "track.nocname-acme-api.test" } });
    expect(failing.status).toBe(201);
    expect(failing.body!.data).toMatchObject({ status: "failing", reason: expect.stringContaining("has no CNAME record yet") });

    const other = await sandboxWorkspace("other-api.test");
    expect((await callApi("GET", `/tracking-domains/${failing.body!.data.id}`, { key: other.key })).status).toBe(404);
    expect((await callApi("PUT", `/email-accounts/${other.mailbox.id}/tracking-domain`, { key, body: { trackingDomainId: null } })).status).toBe(404);
  });

  it("lets only admins and owners add, remove and pick", async () => {
    const { key, mailbox } = await sandboxWorkspace("member-api.test", "member");
    expect((await callApi("POST", "/tracking-domains", { key, body: { host: "track.member-api.test" } })).status).toBe(403);
    expect((await callApi("PUT", `/email-accounts/${mailbox.id}/tracking-domain`, { key, body: { trackingDomainId: null } })).status).toBe(403);
    expect((await callApi("GET", "/tracking-domains", { key })).status).toBe(200);
  });
});
