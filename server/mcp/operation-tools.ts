// The MCP server's tools, generated from the public API's operations (server/openapi/registry.ts):
// one tool per operation, named after its operation id in snake_case (`addCampaignLeads` →
// `add_campaign_leads`), described by its summary and description, taking its path parameters, query
// and body as one object whose fields are the operation's own zod schemas (one source: no second copy
// of any shape). A call runs the operation's handler (call-operation.ts). Every write takes `dryRun`.
// The few operations that make no sense for an agent are listed in SKIPPED_OPERATIONS with why.
import { z } from "zod";
import type { ApiHandler } from "../http/api-handler";
import { isWrite, type ApiOperation } from "../http/api-operation";
import { approverMayUseApi } from "../lib/approver-access";
import type { Role } from "../lib/actor";

const EXFILTRATION_CHANNEL =
  "Sends the workspace's events, from then on, to a URL the caller gives: a prompt-injected agent could set up a lasting exfiltration channel. A person adds or changes webhook endpoints and REST hooks in the dashboard or the REST API.";
const PROXY_CHANNEL =
  "Takes a LinkedIn password or session cookie and a proxy URL the caller gives, through which the sender's LinkedIn session then runs: a person connects a sender in the dashboard or the REST API.";

/** Operation id → why it is not a tool. */
export const SKIPPED_OPERATIONS: Readonly<Record<string, string>> = {
  getOpenApiDocument: "The API's own description: an agent gets the tools' schemas from MCP instead.",
  exportDoNotContactCsv: "Answers a CSV file, not JSON: list the entries with list_do_not_contact_entries instead.",
  exportAnalytics: "Answers a CSV file, not JSON: read get_analytics_breakdown instead.",
  uploadFile: "Takes a file's bytes in base64 (up to 10 MB): a file upload belongs in the dashboard or the REST API.",
  uploadVoiceNoteRecording: "Takes a recorded voice note's audio in base64: a person records it, not an agent.",
  importDoNotContactCsv: "Takes a whole CSV file's text: add entries with add_do_not_contact_entries instead.",
  // Operations that make Herald send the workspace's data, from then on, to an address the caller
  // names: a prompt-injected agent could open a lasting exfiltration channel with one call. A person
  // adds these in the dashboard or the REST API; removing them stays open to agents.
  subscribeHook: EXFILTRATION_CHANNEL,
  createWebhook: EXFILTRATION_CHANNEL,
  updateWebhook: EXFILTRATION_CHANNEL,
  connectSender: PROXY_CHANNEL,
  reconnectSender: PROXY_CHANNEL,
  approvePendingAgentWrite: "Agents' actions are decided by people: an agent's key is refused (docs/agent-approvals.md).",
  rejectPendingAgentWrite: "Agents' actions are decided by people: an agent's key is refused (docs/agent-approvals.md).",
};

/** The argument every write tool takes: answer what would happen, store nothing. */
export const DRY_RUN_ARGUMENT = "dryRun";
/** Where a body that is not an object (or whose fields would clash with a parameter's) goes. */
export const BODY_ARGUMENT = "body";

const ZDryRun = z
  .boolean()
  .optional()
  .meta({ description: "True: store nothing and answer what this write would do (for a campaign change, the forecast before and after; for adding leads, how many are new, duplicates, excluded or on the do-not-contact list)." });

export interface OperationTool {
  name: string;
  operation: ApiOperation;
  handler: ApiHandler;
  description: string;
  write: boolean;
  /** The argument names of each part of the request. */
  paramNames: string[];
  queryNames: string[];
  /** The body's field names, or null when the body goes whole under BODY_ARGUMENT (or there is none). */
  bodyNames: string[] | null;
  /** The combined input as one zod object, for the tool's JSON schema. */
  input: z.ZodObject;
}

export function toolName(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z])([A-Z][a-z])/g, "$1_$2").toLowerCase();
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | null {
  if (!schema) return {};
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : null;
}

export function operationTool(handler: ApiHandler): OperationTool {
  const operation = handler.operation;
  const params = shapeOf(operation.params) ?? {};
  const query = shapeOf(operation.query) ?? {};
  const body = operation.body ? shapeOf(operation.body) : null;
  const taken = new Set([...Object.keys(params), ...Object.keys(query), DRY_RUN_ARGUMENT]);
  const bodyFlat = body !== null && Object.keys(body).every((name) => !taken.has(name));
  const shape: Record<string, z.ZodType> = { ...params, ...query };
  if (operation.body) {
    if (bodyFlat) Object.assign(shape, body);
    else shape[BODY_ARGUMENT] = operation.body;
  }
  const write = isWrite(operation.method);
  if (write) shape[DRY_RUN_ARGUMENT] = ZDryRun;
  const words = [operation.summary.replace(/\.?$/, "."), operation.description].filter(Boolean).join(" ");
  return {
    name: toolName(operation.operationId),
    operation,
    handler,
    description: `${words} (${operation.method.toUpperCase()} /api/v1${operation.path})${write ? " Pass dryRun: true to see what it would do without storing anything." : ""}`,
    write,
    paramNames: Object.keys(params),
    queryNames: Object.keys(query),
    bodyNames: operation.body && bodyFlat ? Object.keys(body!) : null,
    input: z.object(shape),
  };
}

/** Every tool, in the registry's order. */
export function operationTools(handlers: readonly ApiHandler[]): OperationTool[] {
  return handlers.filter((handler) => !(handler.operation.operationId in SKIPPED_OPERATIONS)).map(operationTool);
}

/** The tools a key acting with `role` may use: an approver's reach is the API's (approver-access.ts). */
export function toolsForRole(tools: readonly OperationTool[], role: Role): OperationTool[] {
  return role === "approver" ? tools.filter((tool) => approverMayUseApi(tool.operation.path)) : [...tools];
}

type ToolInputJsonSchema = { type: "object"; [key: string]: unknown };
const jsonSchemas = new WeakMap<OperationTool, ToolInputJsonSchema>();

/** The tool's input as JSON Schema, from the operation's zod schemas as a client sends them (made once per tool). */
export function toolInputJsonSchema(tool: OperationTool): ToolInputJsonSchema {
  const known = jsonSchemas.get(tool);
  if (known) return known;
  const schema = z.toJSONSchema(tool.input, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  delete schema.$schema;
  const made: ToolInputJsonSchema = { ...schema, type: "object" };
  jsonSchemas.set(tool, made);
  return made;
}
