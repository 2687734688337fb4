// A write tool called with `dryRun: true`: the input is validated with the operation's own schemas
// (a bad input is the same plain 400 message the API gives), then the service's dry run answers what
// the write would do, storing nothing — the forecast before and after for a campaign change, the
// counts of an add of leads — and any other write is described in words, saying that no preview of its
// effects is available. The dry runs live in the services (services/campaigns/dry-run-campaign-change.ts,
// services/campaigns/dry-run-add-campaign-leads.ts) so that REST can expose them too.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { parsePart } from "../http/api-handler";
import type { Actor } from "../lib/actor";
import { APPROVER_DENIED_MESSAGE, approverMayUseApi } from "../lib/approver-access";
import { HeraldError } from "../lib/errors";
import type { TUpdateCampaignInput } from "../schemas/campaign";
import type { TLeadsInput } from "../schemas/lead";
import { dryRunCampaignChange } from "../services/campaigns/dry-run-campaign-change";
import { dryRunAddCampaignLeads } from "../services/campaigns/dry-run-add-campaign-leads";
import { dryRunAddLeadListLeads } from "../services/lead-lists/dry-run-add-lead-list-leads";
import { operationPath, type OperationInput } from "./call-operation";
import type { OperationTool } from "./operation-tools";

/** The operations whose dry run previews their effects; every other write is described only. */
export const PREVIEWED_OPERATIONS = ["updateCampaign", "addCampaignLeads", "addLeadListLeads"] as const;

export interface GenericDryRun {
  dryRun: true;
  stored: false;
  previewAvailable: false;
  summary: string;
  request: { method: string; path: string; body: unknown };
}

function describe(tool: OperationTool, input: OperationInput, body: unknown): GenericDryRun {
  const method = tool.operation.method.toUpperCase();
  const path = `/api/v1${operationPath(tool, input.params)}`;
  const fields = body && typeof body === "object" && !Array.isArray(body) ? Object.keys(body) : [];
  const summary =
    `Dry run of “${tool.operation.summary}” (${method} ${path}); nothing was stored. The input is valid. ` +
    `Run without dryRun, it would ${tool.operation.summary.charAt(0).toLowerCase()}${tool.operation.summary.slice(1).replace(/\.$/, "")}` +
    (fields.length ? `, with ${fields.join(", ")} as given` : "") +
    `. No preview of its effects is available for this operation: only campaign changes (forecast before and after) and adding leads (counts) are previewed.`;
  return { dryRun: true, stored: false, previewAvailable: false, summary, request: { method, path, body: body ?? null } };
}

/** Dry runs one key may have running at once: each holds a transaction (add-leads-dry-run.ts). */
export const CONCURRENT_DRY_RUNS_PER_KEY = 2;
const running = new Map<string, number>();

export async function dryRunTool(tool: OperationTool, input: OperationInput, actor: Actor): Promise<CallToolResult> {
  const key = actor.apiKeyId ?? "";
  const count = running.get(key) ?? 0;
  if (count >= CONCURRENT_DRY_RUNS_PER_KEY) {
    throw new HeraldError({
      code: "rate-limited",
      message: `This API key already has ${CONCURRENT_DRY_RUNS_PER_KEY} dry runs under way: wait for them to answer, then try again.`,
      retryAfterSeconds: 1,
    });
  }
  running.set(key, count + 1);
  try {
    return await runDryRun(tool, input, actor);
  } finally {
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  }
}

async function runDryRun(tool: OperationTool, input: OperationInput, actor: Actor): Promise<CallToolResult> {
  const operation = tool.operation;
  if (actor.role === "approver" && !approverMayUseApi(operation.path)) throw new HeraldError({ code: "forbidden", message: APPROVER_DENIED_MESSAGE });
  const params = parsePart(operation.params, input.params, "path parameter") as Record<string, string> | undefined;
  parsePart(operation.query, input.query, "query parameter");
  const body = operation.body ? parsePart(operation.body, input.body ?? {}, "") : undefined;
  let answer: { summary: string };
  if (operation.operationId === "updateCampaign") answer = await dryRunCampaignChange(actor, params!.id!, body as TUpdateCampaignInput);
  else if (operation.operationId === "addCampaignLeads") answer = await dryRunAddCampaignLeads(actor, params!.id!, body as TLeadsInput);
  else if (operation.operationId === "addLeadListLeads") answer = await dryRunAddLeadListLeads(actor, params!.id!, body as TLeadsInput);
  else answer = describe(tool, input, body);
  return {
    content: [{ type: "text", text: `${answer.summary}\n\n${JSON.stringify(answer)}` }],
    structuredContent: { ...answer },
  };
}
