// What one POST to /api/mcp may cost and who may send it: one JSON-RPC message per POST (no batches),
// one rate-limit token per tool call (not one for the endpoint and another for the inner call), a
// browser page of another site refused, an unknown tool a JSON-RPC error, and a key used here
// becoming an AI agent's key for good.
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { CLIENT_ADDRESS_HEADER } from "@/server/http/client-address";
import { createRequestGate } from "@/server/http/request-gate";
import { createApiServer } from "@/server/http/serve-api";
import { apiHandlersById, servedOperations } from "@/server/openapi/registry";
import { callApi } from "@/server/test/call-api";
import { workspace } from "@/server/test/campaigns-api";
import { approverMayUseApi } from "@/server/lib/approver-access";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { allOperationTools } from "./all-tools";
import { operationRequest } from "./call-operation";
import { dryRunTool } from "./dry-run-tool";
import { wasRequestCharged } from "@/server/http/charged-requests";
import { serveMcp } from "./serve-mcp-node";

let server: HttpServer;
let endpoint: URL;

beforeAll(async () => {
  const gate = createRequestGate({ operations: servedOperations, publicUrlIsHttps: false, dev: false, serveApi: createApiServer(apiHandlersById), serveMcp });
  server = createServer((request, response) => {
    request.headers[CLIENT_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    if (!gate(request, response)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function post(key: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(endpoint, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-03-26", ...headers },
    body: JSON.stringify(body),
  });
}

const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

async function remaining(key: string): Promise<number> {
  return Number((await callApi("GET", "/campaigns", { key })).headers.get("x-ratelimit-remaining"));
}

describe("the MCP endpoint's limits", () => {
  it("refuses a JSON-RPC batch in plain words, running none of it", async () => {
    const { key, workspace: ws } = await workspace();
    const batch = [1, 2, 3].map((id) => toolCall(id, "create_lead_list", { name: `Batch ${id}` }));
    const response = await post(key, batch);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: { code: number; message: string } };
    expect(answer.error.code).toBe(-32600);
    expect(answer.error.message).toMatch(/one JSON-RPC message per POST/);
    expect(await db.leadList.count({ where: { workspaceId: ws.id } })).toBe(0);
  });

  it("charges a tool call one rate-limit token, and a dry run too", async () => {
    const { key } = await workspace();
    const before = await remaining(key);
    const call = await post(key, toolCall(1, "list_campaigns", {}));
    expect(call.status).toBe(200);
    expect(await remaining(key)).toBe(before - 2); // the tool call, then this REST read
    const dry = await post(key, toolCall(2, "create_lead_list", { name: "Preview", dryRun: true }));
    expect(dry.status).toBe(200);
    expect(JSON.stringify(await dry.json())).toMatch(/nothing was stored/);
    expect(await remaining(key)).toBe(before - 4);
  });

  it("refuses a web page of another site, per Streamable HTTP's DNS-rebinding rule", async () => {
    const { key } = await workspace();
    const response = await post(key, toolCall(1, "list_campaigns", {}), { origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/evil\.example.*not accepted/);
  });

  it("answers an unknown tool with JSON-RPC invalid params", async () => {
    const { key } = await workspace();
    const response = await post(key, toolCall(1, "no_such_tool", {}));
    const answer = (await response.json()) as { error?: { code: number; message: string } };
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toMatch(/no tool named “no_such_tool”/);
  });

  it("marks a key used here as an AI agent's for good: its REST writes are then held", async () => {
    const { key, workspace: ws } = await workspace();
    await db.workspace.update({ where: { id: ws.id }, data: { agentWritesNeedApproval: true } });
    const client = new Client({ name: "herald-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain("approve_pending_agent_write");
    expect(names).not.toContain("reject_pending_agent_write");
    await client.close();
    expect((await db.apiKey.findFirstOrThrow({ where: { workspaceId: ws.id } })).agentKey).toBe(true);
    const direct = await callApi("POST", "/lead-lists", { key, body: { name: "Around the MCP server" } });
    expect(direct.status).toBe(202);
    expect(await db.leadList.count({ where: { workspaceId: ws.id } })).toBe(0);
  });

  it("lists each tool for the role it will run with: the named workspace's, or the key's own", async () => {
    const owner = await createTestWorkspace();
    const elsewhere = await createTestWorkspace();
    await db.membership.create({ data: { workspaceId: elsewhere.workspace.id, userId: owner.userId, role: "approver" } });
    const { key } = await createTestApiKey(owner.actor);
    const client = new Client({ name: "herald-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${key}`, "x-herald-workspace": elsewhere.workspace.id } } }),
    );
    const names = new Set((await client.listTools()).tools.map((tool) => tool.name));
    await client.close();
    const expected = allOperationTools()
      .filter((tool) => (tool.operation.acceptsWorkspaceHeader ? approverMayUseApi(tool.operation.path) : true))
      .map((tool) => tool.name);
    expect([...names].sort()).toEqual(expected.sort());
    expect(names.has("list_lead_lists")).toBe(false);
    // Operations of the key's own workspace stay listed although the named workspace's role is approver.
    const ownWorkspaceOnly = allOperationTools().filter((tool) => !tool.operation.acceptsWorkspaceHeader && !approverMayUseApi(tool.operation.path));
    expect(ownWorkspaceOnly.length).toBeGreaterThan(0);
    for (const tool of ownWorkspaceOnly) expect(names.has(tool.name)).toBe(true);
  });

  it("runs at most two dry runs of one key at once; a third is told to try again", async () => {
    const { actor } = await workspace();
    const keyId = (await db.apiKey.findFirstOrThrow({ where: { workspaceId: actor.workspaceId } })).id;
    const tool = allOperationTools().find((candidate) => candidate.name === "create_lead_list")!;
    const dryRun = () => dryRunTool(tool, { params: {}, query: {}, body: { name: "Preview" } }, { ...actor, apiKeyId: keyId });
    const outcomes = await Promise.allSettled([dryRun(), dryRun(), dryRun()]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/already has 2 dry runs under way.*try again/);
    expect((await dryRun()).structuredContent).toMatchObject({ dryRun: true });
  });

  it("builds inner requests on a fixed origin, whatever HERALD_URL's path", () => {
    const tool = allOperationTools().find((candidate) => candidate.name === "get_campaign")!;
    const request = operationRequest(tool, { params: { id: "cmp_1" }, query: {}, body: undefined }, { authorization: "Bearer x", workspace: null, clientAddress: "127.0.0.1" });
    expect(new URL(request.url).pathname).toBe("/api/v1/campaigns/cmp_1");
    expect(new URL(request.url).origin).toBe("http://herald.invalid");
    expect(wasRequestCharged(request)).toBe(true);
  });

  it("says a resource read was forbidden, not that it does not exist", async () => {
    const { actor } = await createTestWorkspace({ role: "approver" });
    const { key } = await createTestApiKey(actor);
    const client = new Client({ name: "herald-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    await expect(client.readResource({ uri: "herald://campaigns" })).rejects.toThrow(/Forbidden/);
    await client.close();
  });
});

