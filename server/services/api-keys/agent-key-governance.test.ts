// An AI agent's key is governed by the key, not by a header the client chooses: its writes wait for
// approval on any transport when the workspace asks for that, and it may not decide held writes, turn
// the hold off or change key budgets (docs/agent-approvals.md). An approved write runs only while the
// key's creator still belongs to the key's own workspace.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ZCreateApiKeyInput } from "@/server/schemas/api-key";
import { callApi } from "@/server/test/call-api";
import { workspace } from "@/server/test/campaigns-api";
import { createTestApiKey, createTestUser, createTestWorkspace } from "@/server/test/factories";
import { forgetApiKeys } from "./api-key-cache";
import { createApiKey } from "./create-api-key";
import { markAgentKey } from "./mark-agent-key";
import { updateApiKeyBudget } from "./update-api-key-budget";

async function agentWorkspace() {
  const context = await workspace();
  await db.workspace.update({ where: { id: context.workspace.id }, data: { agentWritesNeedApproval: true } });
  const agent = await createApiKey(context.actor, ZCreateApiKeyInput.parse({ name: "Claude", agentKey: true }));
  return { ...context, agentKey: agent.key, agentKeyId: agent.apiKey.id };
}

describe("an AI agent's key", () => {
  it("is shown as an agent's key, and its REST writes are held without any header", async () => {
    const { agentKey, agentKeyId, workspace: ws } = await agentWorkspace();
    const keys = await callApi("GET", "/lead-lists", { key: agentKey });
    expect(keys.status).toBe(200);
    const held = await callApi("POST", "/lead-lists", { key: agentKey, body: { name: "Agent's list" } });
    expect(held.status).toBe(202);
    expect(held.body!.pendingApproval.summary).toBeTruthy();
    expect(await db.leadList.count({ where: { workspaceId: ws.id, name: "Agent's list" } })).toBe(0);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: agentKeyId } })).agentKey).toBe(true);
  });

  it("a key used once on the MCP endpoint stays an agent's key on REST", async () => {
    const { key, actor, workspace: ws } = await workspace();
    await db.workspace.update({ where: { id: ws.id }, data: { agentWritesNeedApproval: true } });
    const keyId = (await db.apiKey.findFirstOrThrow({ where: { workspaceId: ws.id } })).id;
    expect((await callApi("POST", "/lead-lists", { key, body: { name: "Script's list" } })).status).toBe(201);
    await markAgentKey(keyId);
    const held = await callApi("POST", "/lead-lists", { key, body: { name: "Now held" } });
    expect(held.status).toBe(202);
    // A person's other key still writes at once.
    const { key: person } = await createTestApiKey(actor, "CRM sync");
    expect((await callApi("POST", "/lead-lists", { key: person, body: { name: "Person's list" } })).status).toBe(201);
  });

  it("may not turn the hold off, decide held writes or change key budgets, even as an owner", async () => {
    const { agentKey, agentKeyId, actor, workspace: ws } = await agentWorkspace();
    const off = await callApi("PATCH", "/workspace", { key: agentKey, body: { agentWritesNeedApproval: false } });
    expect(off.status).toBe(403);
    expect(off.body!.error.message).toMatch(/AI agent's API key cannot change whether agents' actions wait for approval/);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: ws.id } })).agentWritesNeedApproval).toBe(true);

    // A second agent key of the same person cannot approve the first one's writes either.
    const held = await callApi("POST", "/lead-lists", { key: agentKey, body: { name: "Sneaky" } });
    const id = held.body!.pendingApproval.id as string;
    const second = await createApiKey(actor, ZCreateApiKeyInput.parse({ name: "Other agent", agentKey: true }));
    const approve = await callApi("POST", `/pending-agent-writes/${id}/approve`, { key: second.key });
    expect(approve.status).toBe(403);
    expect(approve.body!.error.message).toMatch(/AI agent's API key cannot approve or reject/);
    expect((await callApi("POST", `/pending-agent-writes/${id}/reject`, { key: second.key })).status).toBe(403);
    expect((await db.pendingAgentWrite.findUniqueOrThrow({ where: { id } })).status).toBe("pending");

    await expect(updateApiKeyBudget({ ...actor, apiKeyId: second.apiKey.id, agentKey: true }, { apiKeyId: agentKeyId, actionBudget: null })).rejects.toThrow(
      /AI agent's API key cannot change an API key's budget/,
    );

    // A person's key (not an agent's) of an owner decides.
    const { key: person } = await createTestApiKey(actor, "Admin script");
    const approved = await callApi("POST", `/pending-agent-writes/${id}/approve`, { key: person });
    expect(approved.status).toBe(200);
    expect(approved.body!.data.status).toBe("approved");
    expect(await db.leadList.count({ where: { workspaceId: ws.id, name: "Sneaky" } })).toBe(1);
  });

  it("an approved write does not run once the key's creator left the key's own workspace", async () => {
    const user = await createTestUser();
    const home = await createTestWorkspace({ userId: user.id, role: "owner" });
    const other = await createTestWorkspace();
    await db.membership.create({ data: { workspaceId: other.workspace.id, userId: user.id, role: "admin" } });
    await db.workspace.update({ where: { id: other.workspace.id }, data: { agentWritesNeedApproval: true } });
    const { key } = await createApiKey(home.actor, ZCreateApiKeyInput.parse({ name: "agent", agentKey: true }));
    const held = await callApi("POST", "/lead-lists", { key, headers: { "x-herald-workspace": other.workspace.id }, body: { name: "Sneaky" } });
    expect(held.status).toBe(202);
    await db.membership.delete({ where: { workspaceId_userId: { workspaceId: home.workspace.id, userId: user.id } } });
    forgetApiKeys();
    const { key: ownerKey } = await createTestApiKey(other.actor, "owner");
    const decided = await callApi("POST", `/pending-agent-writes/${held.body!.pendingApproval.id}/approve`, { key: ownerKey });
    expect(decided.status).toBe(200);
    expect(decided.body!.data.status).toBe("failed");
    expect(JSON.stringify(decided.body!.data.result)).toMatch(/no longer a member of the key's workspace/);
    expect(await db.leadList.count({ where: { workspaceId: other.workspace.id, name: "Sneaky" } })).toBe(0);
  });

  it("has at most a hundred writes waiting: past that a write is refused in plain words", async () => {
    const { agentKey, agentKeyId, workspace: ws } = await agentWorkspace();
    await db.pendingAgentWrite.createMany({
      data: Array.from({ length: 100 }, (_, index) => ({
        workspaceId: ws.id,
        apiKeyId: agentKeyId,
        operationId: "createLeadList",
        method: "POST",
        path: "/lead-lists",
        params: {},
        query: {},
        body: { name: `List ${index}` },
        summary: `Create the lead list List ${index}`,
        createdAt: new Date(),
      })),
    });
    const refused = await callApi("POST", "/lead-lists", { key: agentKey, body: { name: "One too many" } });
    expect(refused.status).toBe(429);
    expect(refused.body!.error.message).toMatch(/already has 100 actions waiting for approval/);
    expect(await db.pendingAgentWrite.count({ where: { apiKeyId: agentKeyId } })).toBe(100);
  });
});
