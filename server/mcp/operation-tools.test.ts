// The tools are generated from the API's operations: every operation becomes a tool or is skipped
// with a reason, each tool's input is its operation's params, query and body, and an operation's
// answer maps to a tool result (a write held for approval, a refusal) in plain words.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiHandlers, apiHandlersById } from "@/server/openapi/registry";
import type { THeldForApproval } from "@/server/schemas/agent-writes";
import { operationRequest, splitArguments, toolResult } from "./call-operation";
import { DRY_RUN_ARGUMENT, operationTools, SKIPPED_OPERATIONS, toolInputJsonSchema, toolName, toolsForRole } from "./operation-tools";

const tools = operationTools(apiHandlers);

describe("tools from the API's operations", () => {
  it("makes every operation a tool, or skips it with a reason", () => {
    const ids = new Set(tools.map((tool) => tool.operation.operationId));
    for (const handler of apiHandlers) {
      const id = handler.operation.operationId;
      expect(ids.has(id) !== id in SKIPPED_OPERATIONS, id).toBe(true);
    }
    for (const [id, reason] of Object.entries(SKIPPED_OPERATIONS)) {
      expect(apiHandlersById.has(id), `${id} is skipped but is no operation`).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it("offers no tool that makes Herald send data to an address the caller gives", () => {
    const names = tools.map((tool) => tool.name);
    for (const name of ["subscribe_hook", "create_webhook", "update_webhook", "connect_sender", "reconnect_sender"]) expect(names).not.toContain(name);
    // Removing, listing and testing what a person set up stay open.
    expect(names).toEqual(expect.arrayContaining(["unsubscribe_hook", "delete_webhook", "list_webhooks", "list_hooks", "test_webhook"]));
  });

  it("names tools in snake_case from the operation id, each once", () => {
    expect(toolName("addCampaignLeads")).toBe("add_campaign_leads");
    expect(toolName("getOpenApiDocument")).toBe("get_open_api_document");
    const names = tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
  });

  it("takes the operation's own params, query and body, and dryRun on writes only", () => {
    for (const tool of tools) {
      const schema = toolInputJsonSchema(tool);
      const properties = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
      const operation = tool.operation;
      for (const part of [operation.params, operation.query]) {
        if (part && "shape" in part) for (const name of Object.keys(part.shape as object)) expect(properties, `${tool.name} ${name}`).toContain(name);
      }
      expect(properties.includes(DRY_RUN_ARGUMENT), tool.name).toBe(operation.method !== "get");
      expect(tool.description).toContain(operation.summary.replace(/\.$/, ""));
    }
    const add = tools.find((tool) => tool.name === "add_campaign_leads")!;
    const body = apiHandlersById.get("addCampaignLeads")!.operation.body;
    expect(body).toBeInstanceOf(z.ZodObject);
    if (body instanceof z.ZodObject) expect(add.input.shape.leads).toBe(body.shape.leads);
  });

  it("gives an approver's key the approvers' operations only", () => {
    const names = toolsForRole(tools, "approver").map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["list_pending_comments", "list_manual_tasks", "reply_to_conversation"]));
    expect(names).not.toContain("update_campaign");
    expect(toolsForRole(tools, "member")).toHaveLength(tools.length);
  });

  it("splits arguments into path parameters, query and body, and names unknown ones", () => {
    const list = tools.find((tool) => tool.name === "list_campaign_leads")!;
    expect(splitArguments(list, { id: "cmp_1", limit: 5 })).toEqual({ params: { id: "cmp_1" }, query: { limit: "5" }, body: undefined });
    const add = tools.find((tool) => tool.name === "add_campaign_leads")!;
    expect(splitArguments(add, { id: "cmp_1", leads: [{ email: "a@b.test" }], dryRun: true })).toEqual({ params: { id: "cmp_1" }, query: {}, body: { leads: [{ email: "a@b.test" }] } });
    expect(splitArguments(add, { id: "cmp_1", lead: [] })).toEqual({ unknown: ["lead"] });
  });
});

describe("the request a tool call makes", () => {
  it("is the REST request, marked as an agent's, with the caller's key and workspace", async () => {
    const add = tools.find((tool) => tool.name === "add_campaign_leads")!;
    const request = operationRequest(add, { params: { id: "cmp 1" }, query: {}, body: { leads: [] } }, { authorization: "Bearer hk_1", workspace: "wsp_2", clientAddress: "192.0.2.1" });
    expect(request.method).toBe("POST");
    expect(new URL(request.url).pathname).toBe("/api/v1/campaigns/cmp%201/leads");
    expect(request.headers.get("x-herald-client")).toBe("mcp");
    expect(request.headers.get("authorization")).toBe("Bearer hk_1");
    expect(request.headers.get("x-herald-workspace")).toBe("wsp_2");
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(await request.json()).toEqual({ leads: [] });
  });
});

describe("tool results from the operation's answer", () => {
  it("turns a write held for approval into a clear waiting-for-approval result with its id and summary", () => {
    const held: THeldForApproval = {
      pendingApproval: {
        id: "paw_123",
        operationId: "addCampaignLeads",
        method: "POST",
        path: "/api/v1/campaigns/cmp_1/leads",
        summary: "Add 3 leads to the campaign “Founders”.",
        requestedBy: "Agent key",
        status: "pending",
        createdAt: "2026-12-05T01:00:00.000Z",
        decidedAt: null,
        result: null,
      },
      message: "The workspace requires approval of agents' writes.",
    };
    const result = toolResult({ status: 202, body: JSON.stringify(held) });
    expect(result.isError).toBeFalsy();
    const text = (result.content[0] as { text: string }).text;
    expect(text).toMatch(/^Waiting for approval: Add 3 leads to the campaign “Founders”\./);
    expect(text).toContain("paw_123");
    expect(result.structuredContent).toMatchObject({ status: "waiting-for-approval", pendingApproval: { id: "paw_123" } });
  });

  it("turns a refusal into an error result with its plain message", () => {
    const result = toolResult({ status: 403, body: JSON.stringify({ error: { code: "forbidden", message: "Approvers can work the Approvals and Tasks queues and the Inbox only." } }) });
    expect(result).toEqual({ isError: true, content: [{ type: "text", text: "Approvers can work the Approvals and Tasks queues and the Inbox only." }] });
  });

  it("answers JSON as text and structured content, and no body as done", () => {
    expect(toolResult({ status: 200, body: JSON.stringify({ data: { id: "cmp_1" } }) })).toEqual({ content: [{ type: "text", text: '{"data":{"id":"cmp_1"}}' }], structuredContent: { data: { id: "cmp_1" } } });
    expect(toolResult({ status: 204, body: null })).toEqual({ content: [{ type: "text", text: "Done." }] });
  });
});
