// A tool call runs the same handler as the REST request would (the handler wrapper authenticates the
// key, applies its role, rate limit, validation, the approvals queue and budgets): the tool's
// arguments become a web Request for `/api/v1/<path>?<query>` (on a fixed origin, as ApiHandler.invoke
// does: the handlers read only the path, which a HERALD_URL sub-path must not shift) with the JSON body, the
// caller's Authorization and X-Herald-Workspace, and `x-herald-client: mcp` (server/http/agent-client.ts).
// The handler's answer becomes the tool's result: JSON as text and structured content, a 202 held for
// approval as "waiting for approval", an error body as an error result with its plain message.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AGENT_CLIENT_HEADER, MCP_CLIENT } from "../http/agent-client";
import type { ApiAnswer } from "../http/api-handler";
import { WORKSPACE_HEADER } from "../http/api-handler";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { markRequestCharged } from "../http/charged-requests";
import { ZHeldForApproval } from "../schemas/agent-writes";
import { ZErrorBody } from "../schemas/common";
import { BODY_ARGUMENT, DRY_RUN_ARGUMENT, type OperationTool } from "./operation-tools";

/** Who called the MCP endpoint: what the Request to the operation carries of theirs. */
export interface McpCaller {
  authorization: string;
  /** X-Herald-Workspace as the caller sent it, or null. */
  workspace: string | null;
  /** The client's address, as the process wrote it for the handlers (client-address.ts). */
  clientAddress: string;
}

export type ToolArguments = Record<string, unknown>;

/** The request's parts from a tool's arguments, or the plain reason they do not fit the tool. */
export interface OperationInput {
  params: Record<string, string>;
  query: Record<string, string>;
  /** undefined when the operation takes no body. */
  body: unknown;
}

function queryValue(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

export function splitArguments(tool: OperationTool, args: ToolArguments): OperationInput | { unknown: string[] } {
  const known = new Set([...tool.paramNames, ...tool.queryNames, ...(tool.bodyNames ?? (tool.operation.body ? [BODY_ARGUMENT] : [])), ...(tool.write ? [DRY_RUN_ARGUMENT] : [])]);
  const unknown = Object.keys(args).filter((name) => !known.has(name));
  if (unknown.length) return { unknown };
  const params: Record<string, string> = {};
  for (const name of tool.paramNames) params[name] = args[name] === undefined || args[name] === null ? "" : queryValue(args[name]);
  const query: Record<string, string> = {};
  for (const name of tool.queryNames) if (args[name] !== undefined && args[name] !== null) query[name] = queryValue(args[name]);
  let body: unknown;
  if (tool.operation.body) {
    if (tool.bodyNames) body = Object.fromEntries(tool.bodyNames.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]));
    else body = args[BODY_ARGUMENT];
  }
  return { params, query, body };
}

/** The concrete /api/v1 path, e.g. `/campaigns/cmp_1/leads`. */
export function operationPath(tool: OperationTool, params: Record<string, string>): string {
  return tool.operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

/** Never fetched: the inner Request is handed to the handler in process. */
const INNER_ORIGIN = "http://herald.invalid";

export function operationRequest(tool: OperationTool, input: OperationInput, caller: McpCaller): Request {
  const url = new URL(`/api/v1${operationPath(tool, input.params)}`, INNER_ORIGIN);
  for (const [name, value] of Object.entries(input.query)) url.searchParams.set(name, value);
  const headers = new Headers({ authorization: caller.authorization, [AGENT_CLIENT_HEADER]: MCP_CLIENT, [CLIENT_ADDRESS_HEADER]: caller.clientAddress });
  if (caller.workspace) headers.set(WORKSPACE_HEADER, caller.workspace);
  let body: string | undefined;
  if (tool.operation.body && input.body !== undefined) {
    body = JSON.stringify(input.body);
    headers.set("content-type", "application/json");
  }
  // The MCP endpoint took this call's rate-limit token already (http-endpoint.ts).
  return markRequestCharged(new Request(url, { method: tool.operation.method.toUpperCase(), headers, body }));
}

export function errorResult(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

/** The tool result of an operation's answer. */
export function toolResult(answer: Pick<ApiAnswer, "status" | "body">): CallToolResult {
  let parsed: unknown = null;
  try {
    parsed = answer.body ? JSON.parse(answer.body) : null;
  } catch {
    parsed = answer.body;
  }
  if (answer.status >= 400) {
    const error = ZErrorBody.safeParse(parsed);
    return errorResult(error.success ? error.data.error.message : `The request failed (HTTP ${answer.status}).`);
  }
  if (answer.status === 202) {
    const held = ZHeldForApproval.safeParse(parsed);
    if (held.success) {
      const pending = held.data.pendingApproval;
      return {
        content: [
          {
            type: "text",
            text: `Waiting for approval: ${pending.summary} Nothing has been done yet; an approver of the workspace runs or rejects it from the approvals queue (pending write ${pending.id}). ${held.data.message}`,
          },
        ],
        structuredContent: { status: "waiting-for-approval", pendingApproval: pending, message: held.data.message },
      };
    }
  }
  if (parsed === null) return { content: [{ type: "text", text: "Done." }] };
  const structured = typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { result: parsed };
  return { content: [{ type: "text", text: JSON.stringify(parsed) }], structuredContent: structured };
}

/** Runs the tool's operation through its handler, as the caller. */
export async function callOperation(tool: OperationTool, input: OperationInput, caller: McpCaller): Promise<CallToolResult> {
  const answer = await tool.handler.serve(operationRequest(tool, input, caller), input.params);
  return toolResult(answer);
}
