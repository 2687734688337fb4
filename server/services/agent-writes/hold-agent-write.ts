// Holds an AI agent's write for approval instead of running it (docs/agent-approvals.md): called by
// the handler wrapper (server/http/api-handler.ts) for a write from Herald's MCP server, after
// authentication, validation and the Idempotency-Key claim. When the workspace asks for approval of
// agents' writes, the write is stored with its raw input (validated again when it runs) and the agent
// is answered 202 with what it waits for; otherwise nothing is stored and it runs as usual.
import type { Prisma } from "../../db/generated/client";
import { db } from "../../db/client";
import { requireNotAgentKey, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { THeldForApproval } from "../../schemas/agent-writes";
import { budgetRefusal } from "../api-keys/reserve-key-action";
import { previewAgentWrite } from "./preview-agent-write";
import { summarizeAgentWrite } from "./summarize-agent-write";
import { AGENT_WRITE_INCLUDE, toPendingAgentWrite } from "./to-pending-agent-write";

/** The approvals of agents' writes are decided by people, never held themselves. */
export const NEVER_HELD_OPERATIONS: ReadonlySet<string> = new Set(["approvePendingAgentWrite", "rejectPendingAgentWrite"]);

/** Held writes one key may have waiting in a workspace at once. */
export const MAX_PENDING_WRITES_PER_KEY = 100;

export interface AgentWrite {
  actor: Actor;
  operation: { operationId: string; method: string; path: string; summary: string };
  /** The concrete path below /api/v1. */
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The body as received (JSON), or undefined for an operation without one. */
  body: unknown;
  /** The body as the operation's schema parsed it: what its dry run, for the summary, is given. */
  parsedBody?: unknown;
}

function isObjectWith(value: unknown, field: string): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && field in value;
}

export function heldMessage(summary: string): string {
  return `Waiting for approval: ${summary}. An admin approves it in Approvals → Agent actions.`;
}

/** The 202 body when the write is held, or null when it should run now. */
export async function holdAgentWrite(write: AgentWrite): Promise<THeldForApproval | null> {
  const { actor, operation } = write;
  if (!actor.apiKeyId || NEVER_HELD_OPERATIONS.has(operation.operationId)) return null;
  // Turning the hold off is refused to an agent outright, never queued for a person to wave through.
  if (operation.operationId === "updateCurrentWorkspace" && isObjectWith(write.body, "agentWritesNeedApproval")) {
    requireNotAgentKey(actor, "change whether agents' actions wait for approval");
  }
  const workspace = await db.workspace.findUnique({ where: { id: actor.workspaceId }, select: { agentWritesNeedApproval: true } });
  if (!workspace?.agentWritesNeedApproval) return null;

  // A key whose budget is used up is refused now rather than queueing work that could not run.
  const key = await db.apiKey.findUniqueOrThrow({ where: { id: actor.apiKeyId }, select: { actionBudget: true, actionsUsed: true, creditBudget: true, creditsUsed: true } });
  const refusal = budgetRefusal(key);
  if (refusal) throw refusal;
  // A key cannot bury its approvers: past a hundred waiting writes it waits for decisions first.
  const waiting = await db.pendingAgentWrite.count({ where: { workspaceId: actor.workspaceId, status: "pending", apiKeyId: actor.apiKeyId } });
  if (waiting >= MAX_PENDING_WRITES_PER_KEY) {
    throw new HeraldError({
      code: "rate-limited",
      message: `This API key already has ${MAX_PENDING_WRITES_PER_KEY} actions waiting for approval: wait until an admin approves or rejects some of them, then try again.`,
      retryAfterSeconds: 60,
    });
  }

  const summary = await summarizeAgentWrite({
    workspaceId: actor.workspaceId,
    operationId: operation.operationId,
    method: operation.method,
    summary: operation.summary,
    pathTemplate: operation.path,
    params: write.params,
    body: write.body,
    preview: await previewAgentWrite({ actor, operationId: operation.operationId, params: write.params, body: write.parsedBody }),
  });
  const row = await db.pendingAgentWrite.create({
    data: {
      workspaceId: actor.workspaceId,
      apiKeyId: actor.apiKeyId,
      operationId: operation.operationId,
      method: operation.method.toUpperCase(),
      path: write.path,
      params: write.params,
      query: write.query,
      body: write.body === undefined ? undefined : (write.body as Prisma.InputJsonValue),
      summary,
      createdAt: now(),
    },
    include: AGENT_WRITE_INCLUDE,
  });
  return { pendingApproval: toPendingAgentWrite(row), message: heldMessage(summary) };
}
