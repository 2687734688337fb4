// The actor an API key acts as now, in a given workspace, without its raw key (which Herald does not
// keep): for running an agent's write an admin approved later (services/agent-writes). The same
// rules as a request's authentication: a revoked key, or a creator no longer a member of the key's
// own workspace or of the workspace the write is for, acts no more.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";

export async function resolveKeyActor(apiKeyId: string, workspaceId: string): Promise<Actor> {
  const key = await db.apiKey.findUnique({ where: { id: apiKeyId }, select: { name: true, workspaceId: true, createdById: true, revokedAt: true, agentKey: true } });
  if (!key) throw new HeraldError({ code: "unauthorized", message: "The API key that asked for this was deleted." });
  if (key.revokedAt) throw new HeraldError({ code: "unauthorized", message: `The API key “${key.name}” was revoked, so it can no longer act.` });
  const memberships = await db.membership.findMany({
    where: { userId: key.createdById, workspaceId: { in: [...new Set([key.workspaceId, workspaceId])] } },
  });
  // Authentication refuses a key whose creator left the key's own workspace; so does a later run.
  if (!memberships.some((membership) => membership.workspaceId === key.workspaceId)) {
    throw new HeraldError({ code: "unauthorized", message: `The person who made the API key “${key.name}” is no longer a member of the key's workspace, so the key can no longer act.` });
  }
  const membership = memberships.find((candidate) => candidate.workspaceId === workspaceId);
  if (!membership) {
    throw new HeraldError({ code: "unauthorized", message: `The person who made the API key “${key.name}” is no longer a member of this workspace.` });
  }
  return { userId: key.createdById, workspaceId, role: membership.role, canManageBilling: membership.canManageBilling, apiKeyId, agentKey: key.agentKey };
}
