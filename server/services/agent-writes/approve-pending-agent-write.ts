// Approves a held agent's write and runs it: the same operation with the same input, as the key that
// asked, with the key's rights as they are now (a revoked key, or a creator who left the workspace,
// fails with a plain message). The operation runs once: the approval claims the row first, so a
// second or concurrent approval gets 409. Its answer (status and body) is kept on the row.
import type { Prisma } from "../../db/generated/client";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { toErrorBody } from "../../lib/errors";
import type { TPendingAgentWriteDetail } from "../../schemas/agent-writes";
import { resolveKeyActor } from "../api-keys/resolve-key-actor";
import { claimAgentWrite } from "./decide-agent-write";
import { getPendingAgentWrite } from "./get-pending-agent-write";

/** How an operation is run for a known actor: the API's handler wrapper (ApiHandler.invoke), given by the transport. */
export interface AgentWriteRunner {
  invoke(input: { actor: Actor; params: Record<string, string>; query: Record<string, string>; body?: unknown }): Promise<{ status: number; body: string | null }>;
}
export type FindAgentWriteRunner = (operationId: string) => AgentWriteRunner | undefined;

function strings(value: Prisma.JsonValue): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

async function run(row: Awaited<ReturnType<typeof claimAgentWrite>>, findRunner: FindAgentWriteRunner): Promise<{ status: number; body: unknown }> {
  const runner = findRunner(row.operationId);
  if (!runner) return { status: 404, body: { error: { code: "not-found", message: "Herald no longer offers this action, so it did not run." } } };
  let actor: Actor;
  try {
    actor = await resolveKeyActor(row.apiKeyId, row.workspaceId);
  } catch (error) {
    const answer = toErrorBody(error);
    return { status: answer.status, body: answer.body };
  }
  const answer = await runner.invoke({ actor, params: strings(row.params), query: strings(row.query), body: row.body ?? undefined });
  return { status: answer.status, body: answer.body === null ? null : (JSON.parse(answer.body) as unknown) };
}

export async function approvePendingAgentWrite(actor: Actor, id: string, findRunner: FindAgentWriteRunner): Promise<TPendingAgentWriteDetail> {
  const row = await claimAgentWrite(actor, id, "approved");
  const result = await run(row, findRunner);
  await db.pendingAgentWrite.update({
    where: { id: row.id },
    data: { status: result.status < 400 ? "approved" : "failed", result: result as Prisma.InputJsonValue },
  });
  return getPendingAgentWrite(actor, id);
}
