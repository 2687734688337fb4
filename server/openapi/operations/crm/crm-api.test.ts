// The CRM operations over the public API: reading connections and their log, changing settings
// (admins and owners; bad input named in words), Sync now, disconnecting. Connecting itself is the
// browser OAuth flow (server/services/crm/connect-crm.test.ts).
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { callApi } from "@/server/test/call-api";
import { configureHubspot, connectDouble } from "@/server/test/crm-sync-setup";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { createCrmDouble } from "@/server/test/fakes/crm-double";
import { useSentEvents } from "@/server/test/sent-events";

const sent = useSentEvents<{ name: string; data: unknown }>("crm-api-test");

beforeEach(configureHubspot);

async function connected(role: "owner" | "member" = "owner") {
  const owner = await createTestWorkspace();
  const id = await connectDouble(owner.actor, createCrmDouble());
  if (role === "owner") return { id, key: (await createTestApiKey(owner.actor)).key, workspaceId: owner.workspace.id };
  const member = await createTestWorkspace({ role: "member" });
  await db.membership.create({ data: { workspaceId: owner.workspace.id, userId: member.userId, role: "member" } });
  const { key } = await createTestApiKey({ ...member.actor, workspaceId: owner.workspace.id });
  return { id, key, workspaceId: owner.workspace.id };
}

describe("CRM API", () => {
  it("lists and reads connections, their log, changes settings, syncs and disconnects", async () => {
    const { id, key, workspaceId } = await connected();
    const list = await callApi("GET", "/crm/connections", { key });
    expect(list.status).toBe(200);
    expect(list.body!.data).toEqual([expect.objectContaining({ id, provider: "hubspot", label: "HubSpot", status: "connected", statusText: "Connected", account: { id: "portal-1", name: "acme.example" } })]);
    expect(JSON.stringify(list.body)).not.toContain("access-");

    const badField = await callApi("PATCH", `/crm/connections/${id}`, { key, body: { fieldMapping: [{ herald: "shoeSize", crm: "x" }] } });
    expect(badField.status).toBe(400);
    expect(badField.body!.error.details.fields).toEqual([{ field: "fieldMapping.0.herald", message: expect.stringContaining("must be one of email, firstName") }]);
    const noStage = await callApi("PATCH", `/crm/connections/${id}`, { key, body: { deals: { createDeals: true, pipelineId: null, pipelineName: null, stageId: null, stageName: null } } });
    expect(noStage.status).toBe(400);
    expect(noStage.body!.error.details.fields).toEqual([{ field: "deals.stageId", message: "choose the pipeline and stage deals are created in" }]);

    // A misspelt field is refused by name, not ignored; wrong types say what is expected in words.
    const misspelt = await callApi("PATCH", `/crm/connections/${id}`, { key, body: { pushEnable: false } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body!.error.message).toContain("unknown field pushEnable");
    const wrongType = await callApi("PATCH", `/crm/connections/${id}`, { key, body: { pullEnabled: "yes", exclusionRules: { customers: true, owned: false, listIds: [], lists: [] } } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body!.error.details.fields).toEqual([
      { field: "exclusionRules", message: "unknown field lists" },
      { field: "pullEnabled", message: "must be true or false" },
    ]);

    const patched = await callApi("PATCH", `/crm/connections/${id}`, { key, body: { pushEnabled: false, exclusionRules: { customers: true, owned: false, listIds: [] } } });
    expect(patched.status).toBe(200);
    expect(patched.body!.data).toMatchObject({ pushEnabled: false, pullEnabled: true, exclusionRules: { customers: true } });

    const sync = await callApi("POST", `/crm/connections/${id}/sync`, { key });
    expect(sync.status).toBe(202);
    expect(sent).toEqual([expect.objectContaining({ name: "herald/crm-sync.requested", data: { connectionId: id, workspaceId } })]);

    const log = await callApi("GET", `/crm/connections/${id}/log`, { key, query: { limit: 10 } });
    expect(log.body!.data.map((entry: { message: string }) => entry.message)).toEqual(["Connected HubSpot (acme.example)."]);

    const gone = await callApi("POST", `/crm/connections/${id}/disconnect`, { key });
    expect(gone.body!.data).toMatchObject({ connection: { status: "disconnected" }, message: expect.stringContaining("stay there") });
    const refused = await callApi("POST", `/crm/connections/${id}/sync`, { key });
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toMatchObject({ code: "crm-disconnected", message: "HubSpot is disconnected: reconnect it under Settings → Integrations." });
  });

  it("lets members read but not change, and hides other workspaces' connections", async () => {
    const { id, key } = await connected("member");
    expect((await callApi("GET", `/crm/connections/${id}`, { key })).status).toBe(200);
    const refused = await callApi("PATCH", `/crm/connections/${id}`, { key, body: { pushEnabled: false } });
    expect(refused.status).toBe(403);
    const stranger = await createTestWorkspace();
    const { key: strangerKey } = await createTestApiKey(stranger.actor);
    expect((await callApi("GET", `/crm/connections/${id}`, { key: strangerKey })).status).toBe(404);
  });
});
